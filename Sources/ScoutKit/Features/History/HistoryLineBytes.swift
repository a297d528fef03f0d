/// A line of `history.jsonl` read from its bytes without decoding it: what kind of record it is and
/// whether it is whole, and where its source, terms and ids lie, when it is as scout writes it. The scan,
/// the index, `history search` and the picker's lines all read records through these.
extension HistoryLog {
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for index in range where bytes[index] >= 0x80 { return false }
        return true
    }

    enum Kind { case search, done, unknown }

    static let searchStart = Array(#"{"count":"#.utf8)
    static let doneStart = Array(#"{"chosen":"#.utf8)

    static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Kind {
        let kind: Kind
        if starts(bytes, line, with: searchStart) {
            kind = .search
        } else if starts(bytes, line, with: doneStart) {
            kind = .done
        } else {
            return .unknown
        }
        // Printable ASCII that starts and ends as scout writes a record (the time last, before the brace) is
        // taken as whole: a cut record cannot end so. Other damage to such a line, printable bytes written
        // over its middle, is found when it is shown (it does not decode, and is left out).
        if isPlain(bytes, line) && endsWithTime(bytes, line) { return kind }
        // Whole: UTF-8 without control bytes, and every string and bracket closed at the very end.
        var depth = 0, inString = false, escaped = false
        var continuation = 0, low: UInt8 = 0x80, high: UInt8 = 0xBF
        for index in line {
            let byte = bytes[index]
            if continuation > 0 {
                guard byte >= low, byte <= high else { return .unknown }
                (continuation, low, high) = (continuation - 1, 0x80, 0xBF)
                continue
            }
            if byte >= 0x80 {
                // The lead byte of a character, and the range its next byte must be in (no overlongs, no surrogates).
                switch byte {
                case 0xC2...0xDF: continuation = 1
                case 0xE0: (continuation, low) = (2, 0xA0)
                case 0xE1...0xEC, 0xEE...0xEF: continuation = 2
                case 0xED: (continuation, high) = (2, 0x9F)
                case 0xF0: (continuation, low) = (3, 0x90)
                case 0xF1...0xF3: continuation = 3
                case 0xF4: (continuation, high) = (3, 0x8F)
                default: return .unknown
                }
                guard inString else { return .unknown }
                continue
            }
            guard byte >= 0x20, byte != 0x7F else { return .unknown }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D:
                depth -= 1
                if depth == 0 && index != line.upperBound - 1 { return .unknown }
            default: break
            }
        }
        return depth == 0 && !inString && continuation == 0 ? kind : .unknown
    }

    /// Whether every byte of `line` is printable ASCII (0x20 to 0x7E), eight at a time.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        guard let base = bytes.baseAddress else { return line.isEmpty }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func flags(_ word: UInt64) -> UInt64 {
            // The high bit of each byte that has its own high bit set, is below 0x20, or is DEL.
            let del = word ^ (0x7F &* ones)
            return word | ((word &- 0x20 &* ones) & ~word) | ((del &- ones) & ~del)
        }
        var index = line.lowerBound
        while index + 32 <= line.upperBound {
            let words = UnsafeRawPointer(base + index)
            let any =
                flags(words.loadUnaligned(as: UInt64.self))
                | flags(words.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                | flags(words.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
                | flags(words.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
            if any & highs != 0 { return false }
            index += 32
        }
        while index + 8 <= line.upperBound {
            if flags(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) & highs != 0 { return false }
            index += 8
        }
        while index < line.upperBound {
            guard bytes[index] >= 0x20, bytes[index] < 0x7F else { return false }
            index += 1
        }
        return true
    }

    static let timeKey = Array(#"","time":""#.utf8)

    /// Whether `line` ends `","time":"YYYY-MM-DDTHH:MM:SSZ"}`, as every record scout writes does.
    static func endsWithTime(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        let start = line.upperBound - 32
        guard start > line.lowerBound, bytes[line.upperBound - 1] == 0x7D, bytes[line.upperBound - 2] == 0x22,
            bytes[line.upperBound - 3] == 0x5A, starts(bytes, start..<line.upperBound, with: timeKey)
        else { return false }
        let date = start + 10
        for offset in [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18] where bytes[date + offset] &- 0x30 > 9 {
            return false
        }
        return bytes[date + 4] == 0x2D && bytes[date + 7] == 0x2D && bytes[date + 10] == 0x54
            && bytes[date + 13] == 0x3A && bytes[date + 16] == 0x3A
    }

    /// The source and terms of a plain search line as scout writes it (`…"source":"S","terms":"T","time":…}`),
    /// found from its end, when neither holds an escape; nil otherwise.
    static func fieldsFromEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> (Range<Int>, Range<Int>)? {
        guard endsWithTime(bytes, line),
            let terms = valueEnding(at: line.upperBound - 32, key: termsKey, in: bytes, line),
            bytes[terms.lowerBound - termsKey.count - 1] == 0x2C,
            let source = valueEnding(at: terms.lowerBound - termsKey.count - 2, key: sourceKey, in: bytes, line)
        else { return nil }
        return (source, terms)
    }

    /// The string value whose closing quote is at `end`, when the key before it is `key` and it holds no escape.
    private static func valueEnding(at end: Int, key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>)
        -> Range<Int>?
    {
        guard end > line.lowerBound, bytes[end] == 0x22 else { return nil }
        var open = end - 1
        while open > line.lowerBound, bytes[open] != 0x22 {
            if bytes[open] == 0x5C { return nil }
            open -= 1
        }
        let keyStart = open + 1 - key.count
        guard keyStart > line.lowerBound, starts(bytes, keyStart..<line.upperBound, with: key) else { return nil }
        return (open + 1)..<end
    }

    static func starts(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, with prefix: [UInt8]) -> Bool {
        guard line.count >= prefix.count else { return false }
        var index = 0
        while index < prefix.count {
            if bytes[line.lowerBound + index] != prefix[index] { return false }
            index += 1
        }
        return true
    }

    /// The bytes of the string value of `"key":"…"` in a plain line, when it has no escapes.
    static func stringValue(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, key: [UInt8]) -> Range<Int>? {
        // The key with its quotes and colon cannot occur inside a string, where quotes are escaped.
        guard let at = bytes.firstIndex(of: key, in: line) else { return nil }
        var end = at + key.count
        while end < line.upperBound, bytes[end] != 0x22 {
            if bytes[end] == 0x5C { return nil }
            end += 1
        }
        return end < line.upperBound ? (at + key.count)..<end : nil
    }

    static let sourceKey = Array(#""source":""#.utf8)
    static let termsKey = Array(#""terms":""#.utf8)
    static let searchKey = Array(#""search":""#.utf8)
    static let idKey = Array(#""id":""#.utf8)

    /// The bytes of the id a `done` line names, found from its end when it is as scout writes it.
    static func searchID(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Range<Int>? {
        (endsWithTime(bytes, line) ? valueEnding(at: line.upperBound - 32, key: searchKey, in: bytes, line) : nil)
            ?? stringValue(bytes, line, key: searchKey)
    }

    /// Whether the ASCII bytes in `range`, lowercased, contain `needle` (lowercase ASCII).
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ needle: [UInt8]) -> Bool {
        guard range.count >= needle.count else { return false }
        for start in range.lowerBound...(range.upperBound - needle.count) {
            var offset = 0
            while offset < needle.count, lower(bytes[start + offset]) == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }

    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
