import Foundation

/// `history.jsonl` as a list of searches without decoding them: one pass over the file's bytes finds
/// each record's line, tells searches from `done` records, and checks that the line is whole; records
/// are decoded only when shown. A million records are scanned in a fraction of a second, where decoding
/// them all took a minute.
///
/// A line is taken on sight when it is UTF-8 without control bytes, starts as scout writes a search
/// (`{"count":`) or a `done` (`{"chosen":`), and its brackets and strings close exactly at its end; any
/// other line is decoded to learn what it is, and one that does not decode is damage.
public struct HistoryLog {
    let data: Data
    /// The byte ranges of the search records, oldest first: search N is `searches[N - 1]`.
    let searches: [Range<Int>]
    /// For each search id that has one, its latest `done` record.
    let done: [String: Range<Int>]
    /// Lines that are not records.
    let damaged: Int

    public var count: Int { searches.count }

    init(_ data: Data) {
        self.data = data
        var searches: [Range<Int>] = []
        var done: [String: Range<Int>] = [:]
        var damaged = 0
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                let line = start..<end
                start = end + 1
                guard !line.isEmpty else { continue }
                switch Self.classify(bytes, line) {
                case .search: searches.append(line)
                case .done: if let id = Self.searchID(bytes, line) { done[id] = line }
                case .unknown:
                    guard let record = try? JSONDecoder.scout.decode(HistoryRecord.self, from: Data(bytes[line])) else { damaged += 1; continue }
                    if record.kind == .search { searches.append(line) } else if let id = record.search { done[id] = line }
                }
            }
        }
        self.searches = searches
        self.done = done
        self.damaged = damaged
    }

    /// Search `n` (from 1), decoded with what was chosen in it; nil when it does not decode.
    public func entry(_ n: Int) -> HistoryEntry? {
        guard (1...searches.count).contains(n), let record = decode(searches[n - 1]) else { return nil }
        var entry = HistoryEntry(id: record.id, time: record.time, source: record.source ?? "movies", terms: record.terms ?? "",
                                 filters: record.filters ?? [:], count: record.count ?? 0, chosen: [])
        if let line = done[record.id], let finished = decode(line) { entry.chosen = finished.chosen ?? [] }
        return entry
    }

    /// The numbers of the searches whose source and terms, folded, contain `text` folded.
    public func matching(_ text: String) -> [Int] {
        let needle = Text.fold(text)
        guard !needle.isEmpty else { return [] }
        // An ASCII needle with no space can be compared with ASCII fields byte by byte: it lies within the
        // source or within one word of the terms. Other fields are folded as strings, as a decoded record would be.
        let bytewise = needle.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        let lowered = Array(needle.utf8)
        var found: [Int] = []
        // People search the same things again and again: fold each distinct text once.
        var folded: [String: Bool] = [:]
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for (index, line) in searches.enumerated() {
                let matches: Bool
                if let source = Self.stringValue(bytes, line, key: Self.sourceKey), let terms = Self.stringValue(bytes, line, key: Self.termsKey) {
                    if bytewise, Self.isASCII(bytes, source), Self.isASCII(bytes, terms) {
                        matches = Self.contains(bytes, source, lowered) || Self.contains(bytes, terms, lowered)
                    } else {
                        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[source]), as: UTF8.self) + " "
                            + String(decoding: UnsafeBufferPointer(rebasing: bytes[terms]), as: UTF8.self)
                        if let known = folded[text] {
                            matches = known
                        } else {
                            matches = Text.fold(text).contains(needle)
                            folded[text] = matches
                        }
                    }
                } else if let record = decode(line) {
                    matches = Text.fold("\(record.source ?? "movies") \(record.terms ?? "")").contains(needle)
                } else {
                    matches = false
                }
                if matches { found.append(index + 1) }
            }
        }
        return found
    }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for index in range where bytes[index] >= 0x80 { return false }
        return true
    }

    private func decode(_ line: Range<Int>) -> HistoryRecord? {
        try? JSONDecoder.scout.decode(HistoryRecord.self, from: data[data.startIndex + line.lowerBound ..< data.startIndex + line.upperBound])
    }

    enum Kind { case search, done, unknown }

    static let searchStart = Array(#"{"count":"#.utf8)
    static let doneStart = Array(#"{"chosen":"#.utf8)

    static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Kind {
        let kind: Kind
        if starts(bytes, line, with: searchStart) { kind = .search } else if starts(bytes, line, with: doneStart) { kind = .done } else { return .unknown }
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
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
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

    static func starts(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, with prefix: [UInt8]) -> Bool {
        guard line.count >= prefix.count else { return false }
        for (offset, byte) in prefix.enumerated() where bytes[line.lowerBound + offset] != byte { return false }
        return true
    }

    /// The bytes of the string value of `"key":"…"` in a plain line, when it has no escapes.
    static func stringValue(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, key: [UInt8]) -> Range<Int>? {
        // The key with its quotes and colon cannot occur inside a string, where quotes are escaped.
        guard let at = find(bytes, line, key) else { return nil }
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

    static func searchID(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> String? {
        stringValue(bytes, line, key: searchKey).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
    }

    static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ needle: [UInt8]) -> Int? {
        guard let first = needle.first, range.count >= needle.count else { return nil }
        var index = range.lowerBound
        let last = range.upperBound - needle.count
        while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < needle.count, bytes[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
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
