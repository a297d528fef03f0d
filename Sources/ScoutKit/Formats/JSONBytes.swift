import FoundationEssentials
import Glibc

/// A strict JSON reader over bytes for the shapes scout writes; every method returns nil or false at the
/// first byte that is not what it expects.
struct JSONBytes {
    let bytes: UnsafeRawBufferPointer
    var at = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// What `read` reads from the whole of `data`: nil when it does not read, or leaves more than white
    /// space after it.
    static func whole<Value>(_ data: Data, _ read: (inout JSONBytes) -> Value?) -> Value? {
        data.withUnsafeBytes { raw in
            var reader = JSONBytes(raw)
            guard let value = read(&reader), reader.atEnd else { return nil }
            return value
        }
    }

    var atEnd: Bool {
        mutating get {
            space()
            return at == bytes.count
        }
    }

    mutating func space() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    /// Consumes `byte` (after white space) if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        space()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    mutating func null() -> Bool {
        space()
        guard at + 4 <= bytes.count, bytes[at] == 0x6E, bytes[at + 1] == 0x75, bytes[at + 2] == 0x6C,
            bytes[at + 3] == 0x6C
        else { return false }
        at += 4
        return true
    }

    /// The next member of `{ "key": value, … }` (`first` just after the `{` was taken): its key, read up to
    /// the colon so that the caller reads the value, or the end of the object, or damage.
    enum Member {
        case key(UnsafeRawBufferPointer)
        case end
        case bad
    }

    mutating func member(first: Bool) -> Member {
        if first {
            if take(0x7D) { return .end }
        } else if !take(0x2C) {
            return take(0x7D) ? .end : .bad
        }
        guard let key = plainString(), take(0x3A) else { return .bad }
        return .key(key)
    }

    /// Whether another element of `[ value, … ]` follows (`first` just after the `[` was taken); nil for damage.
    mutating func another(first: Bool) -> Bool? {
        if first { return take(0x5D) ? false : true }
        if take(0x2C) { return true }
        return take(0x5D) ? false : nil
    }

    /// A string without escapes, as its bytes.
    mutating func plainString() -> UnsafeRawBufferPointer? {
        guard take(0x22) else { return nil }
        let start = at
        while at < bytes.count {
            let byte = bytes[at]
            if byte == 0x22 {
                at += 1
                return UnsafeRawBufferPointer(rebasing: bytes[start..<(at - 1)])
            }
            if byte == 0x5C || byte < 0x20 { return nil }
            at += 1
        }
        return nil
    }

    /// A string: valid UTF-8, no raw control character, escapes as JSON has them.
    mutating func string() -> String? {
        guard take(0x22) else { return nil }
        let start = at
        var end = at, high: UInt8 = 0
        while end < bytes.count, bytes[end] != 0x22, bytes[end] != 0x5C, bytes[end] >= 0x20 {
            high |= bytes[end]
            end += 1
        }
        guard end < bytes.count else { return nil }
        if bytes[end] == 0x22 {
            at = end + 1
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<end]).assumingMemoryBound(to: UInt8.self)
            // ASCII needs no check (and the generic check costs more than the rest of the reading).
            return high < 0x80 ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
        }
        // Escapes: unescape into a buffer.
        var text = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        at = end
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case 0x22:
                return String(validating: text, as: UTF8.self)
            case 0x5C:
                guard at < bytes.count else { return nil }
                let escape = bytes[at]
                at += 1
                switch escape {
                case 0x22, 0x5C, 0x2F: text.append(escape)
                case 0x62: text.append(0x08)
                case 0x66: text.append(0x0C)
                case 0x6E: text.append(0x0A)
                case 0x72: text.append(0x0D)
                case 0x74: text.append(0x09)
                case 0x75:
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard take(0x5C), at < bytes.count, bytes[at] == 0x75 else { return nil }
                        at += 1
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        return nil
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    text.append(contentsOf: String(Character(unicode)).utf8)
                default: return nil
                }
            case 0..<0x20: return nil
            default: text.append(byte)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }

    /// A whole number of up to nine digits, without sign, fraction or exponent.
    mutating func smallInteger() -> Int? {
        space()
        var value = 0, digits = 0
        while at < bytes.count, (0x30...0x39).contains(bytes[at]), digits < 9 {
            value = value * 10 + Int(bytes[at] - 0x30)
            digits += 1
            at += 1
        }
        guard digits > 0, !(digits > 1 && bytes[at - digits] == 0x30) else { return nil }
        if at < bytes.count, bytes[at] == 0x2E || bytes[at] | 0x20 == 0x65 || (0x30...0x39).contains(bytes[at]) {
            return nil
        }
        return value
    }

    /// A date as `YYYY-MM-DDTHH:MM:SSZ`, between the years 1970 and 9999.
    mutating func date() -> Date? {
        plainString().flatMap(ISODate.date)
    }

    /// `[ value, … ]`, each value read by `read`; nil at the first that does not read.
    mutating func elements<Value>(_ read: (inout JSONBytes) -> Value?) -> [Value]? {
        guard take(0x5B) else { return nil }
        var list: [Value] = []
        var more = another(first: true)
        while more == true {
            guard let value = read(&self) else { return nil }
            list.append(value)
            more = another(first: false)
        }
        return more == false ? list : nil
    }

    /// `{"first": "…", "second": "…"}`, the two keys in either order, both there and nothing else.
    mutating func stringPair(_ first: StaticString, _ second: StaticString) -> (String, String)? {
        var one: String?, two: String?
        guard take(0x7B) else { return nil }
        var step = member(first: true)
        while case .key(let key) = step {
            if Self.same(key, first), one == nil {
                guard let value = string() else { return nil }
                one = value
            } else if Self.same(key, second), two == nil {
                guard let value = string() else { return nil }
                two = value
            } else {
                return nil
            }
            step = member(first: false)
        }
        guard case .end = step, let one, let two else { return nil }
        return (one, two)
    }

    /// `{"name": "value", …}`, each name once: a search's options in the session, its filters in the history.
    mutating func stringObject() -> [String: String]? {
        guard take(0x7B) else { return nil }
        var found: [String: String] = [:]
        var step = member(first: true)
        while case .key(let name) = step {
            guard let value = string(), found.updateValue(value, forKey: String(decoding: name, as: UTF8.self)) == nil
            else { return nil }
            step = member(first: false)
        }
        guard case .end = step else { return nil }
        return found
    }

    static func same(_ key: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount, let base = key.baseAddress else {
            return key.count == name.utf8CodeUnitCount
        }
        return memcmp(base, name.utf8Start, key.count) == 0
    }
}
