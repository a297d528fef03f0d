import FoundationEssentials

/// JSON as `JSONEncoder.scout` writes it: two-space indents, `"key" : value`, slashes as they are; and a
/// one-line record as `JSONEncoder.scoutLine` writes it (`key(_:)` without a level).
struct JSONWriter {
    var bytes: [UInt8] = []

    mutating func open(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
    }

    mutating func close(_ bracket: Unicode.Scalar, level: Int) {
        newline(level)
        bytes.append(UInt8(ascii: bracket))
    }

    mutating func comma() {
        bytes.append(0x2C)
    }

    mutating func newline(_ level: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: level * 2))
    }

    mutating func key(_ key: StaticString, level: Int) {
        newline(level)
        bytes.append(0x22)
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: "\" : ".utf8)
    }

    /// `"key":`, as a one-line record writes it (`JSONEncoder.scoutLine`: no spaces, no new lines).
    mutating func key(_ key: StaticString) {
        bytes.append(0x22)
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: "\":".utf8)
    }

    /// `[ element, … ]`, each written by `write` at the level below (`[⏎⏎]` when empty, as `JSONEncoder` writes it).
    mutating func array<Element>(_ elements: [Element], level: Int, _ write: (inout JSONWriter, Element, Int) -> Void) {
        lines(elements, "[", "]", level: level) { out, element in write(&out, element, level + 1) }
    }

    /// `{ "key" : value, … }` with the keys in the order given (`{⏎⏎}` when empty, as `JSONEncoder` writes it).
    mutating func object<Value>(
        _ members: [(key: String, value: Value)], level: Int, _ write: (inout JSONWriter, Value, Int) -> Void
    ) {
        lines(members, "{", "}", level: level) { out, member in
            out.string(member.key)
            out.bytes.append(contentsOf: " : ".utf8)
            write(&out, member.value, level + 1)
        }
    }

    /// `open`, each element on a line of its own at the level below, `close`: an array's or an object's body.
    private mutating func lines<Element>(
        _ elements: [Element], _ open: Unicode.Scalar, _ close: Unicode.Scalar, level: Int,
        _ write: (inout JSONWriter, Element) -> Void
    ) {
        self.open(open)
        if elements.isEmpty {
            newline(0)
            self.close(close, level: level)
            return
        }
        for (index, element) in elements.enumerated() {
            if index > 0 { comma() }
            newline(level + 1)
            write(&self, element)
        }
        self.close(close, level: level)
    }

    mutating func string(_ text: String) {
        bytes.append(0x22)
        // Most text needs no escape: copy it whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(0x22)
            return
        }
        for byte in text.utf8 {
            switch byte {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
            case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
            case 0x08: bytes.append(contentsOf: [0x5C, 0x62])
            case 0x0C: bytes.append(contentsOf: [0x5C, 0x66])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    mutating func date(_ date: Date) {
        bytes.append(0x22)
        ISODate.append(date, to: &bytes)
        bytes.append(0x22)
    }
}
