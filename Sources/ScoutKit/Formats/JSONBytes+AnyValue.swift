extension JSONBytes {
    /// Any JSON value, read through (nesting, escapes and numbers as JSON has them, at most `depth` deep):
    /// the bytes it spans, white space around it left out; nil at damage. For a file a person edits
    /// (`config.json`), where a key may hold what scout does not expect.
    mutating func anyValue(depth: Int = 32) -> UnsafeRawBufferPointer? {
        space()
        let start = at
        guard at < bytes.count, depth > 0 else { return nil }
        switch bytes[at] {
        case 0x22:
            guard string() != nil else { return nil }
        case 0x7B:
            at += 1
            var step = member(first: true)
            while case .key = step {
                guard anyValue(depth: depth - 1) != nil else { return nil }
                step = member(first: false)
            }
            guard case .end = step else { return nil }
        case 0x5B:
            at += 1
            var more = another(first: true)
            while more == true {
                guard anyValue(depth: depth - 1) != nil else { return nil }
                more = another(first: false)
            }
            guard more == false else { return nil }
        case 0x74: guard word("true") else { return nil }
        case 0x66: guard word("false") else { return nil }
        case 0x6E: guard null() else { return nil }
        default: guard number() else { return nil }
        }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<at])
    }

    private mutating func word(_ word: StaticString) -> Bool {
        guard at + word.utf8CodeUnitCount <= bytes.count,
            Self.same(UnsafeRawBufferPointer(rebasing: bytes[at..<(at + word.utf8CodeUnitCount)]), word)
        else { return false }
        at += word.utf8CodeUnitCount
        return true
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func number() -> Bool {
        func digits() -> Int {
            let start = at
            while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
            return at - start
        }
        if at < bytes.count, bytes[at] == 0x2D { at += 1 }
        let first = at
        let whole = digits()
        guard whole > 0, whole == 1 || bytes[first] != 0x30 else { return false }
        if at < bytes.count, bytes[at] == 0x2E {
            at += 1
            guard digits() > 0 else { return false }
        }
        if at < bytes.count, bytes[at] | 0x20 == 0x65 {
            at += 1
            if at < bytes.count, bytes[at] == 0x2B || bytes[at] == 0x2D { at += 1 }
            guard digits() > 0 else { return false }
        }
        return true
    }
}
