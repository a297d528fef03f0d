import FoundationEssentials
import Glibc

/// `history.jsonl` as a list of searches without decoding them: one pass over the file's bytes finds
/// each record's line, tells searches from `done` records, and checks that the line is whole; records
/// are decoded only when shown. A million records are scanned in a fraction of a second, where decoding
/// them all took a minute.
///
/// A line is taken on sight when it starts as scout writes a search (`{"count":`) or a `done`
/// (`{"chosen":`) and either is printable ASCII ending with the record's time, or is UTF-8 without control
/// bytes whose brackets and strings close exactly at its end; any other line is decoded to learn what it
/// is, and one that does not decode is damage.
public struct HistoryLog {
    let data: Data
    private let storage: Storage
    /// Lines that are not records.
    let damaged: Int

    private enum Storage {
        /// The byte ranges of the search records, oldest first (search N is `searches[N - 1]`), and for
        /// each search id that has one (by the FNV hash of the id), its latest `done` record.
        case scanned(searches: [Range<Int>], done: [UInt64: Range<Int>])
        /// The same, read from the index in the cache folder.
        case indexed(HistoryIndex)
    }

    /// Whether the log is read through the index (for tests).
    var isIndexed: Bool {
        if case .indexed = storage { return true }
        return false
    }

    public var count: Int {
        switch storage {
        case .scanned(let searches, _): searches.count
        case .indexed(let index): index.searchCount
        }
    }

    /// The log of `data` through its index (`HistoryIndex`), which holds what a scan would find.
    init(_ data: Data, index: HistoryIndex) {
        self.data = data
        storage = .indexed(index)
        damaged = index.damaged
    }

    /// The log of `data`, every line scanned.
    init(_ data: Data) {
        self.data = data
        var searches: [Range<Int>] = []
        var done: [UInt64: Range<Int>] = [:]
        var damaged = 0
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                let end = memchr(base + start, 0x0A, bytes.count - start).map { UnsafeRawPointer($0) - base } ?? bytes.count
                let line = start..<end
                start = end + 1
                guard !line.isEmpty else { continue }
                switch Self.classify(bytes, line) {
                case .search: searches.append(line)
                case .done: if let id = Self.searchID(bytes, line) { done[FNV.hash(bytes: UnsafeBufferPointer(rebasing: bytes[id]))] = line }
                case .unknown:
                    guard let record = try? JSONDecoder.scout.decode(HistoryRecord.self, from: Data(bytes[line])) else { damaged += 1; continue }
                    if record.kind == .search { searches.append(line) } else if let id = record.search { done[FNV.hash(id)] = line }
                }
            }
        }
        storage = .scanned(searches: searches, done: done)
        self.damaged = damaged
    }

    /// The line of search `n` (from 1).
    private func line(_ n: Int) -> Range<Int> {
        switch storage {
        case .scanned(let searches, _): searches[n - 1]
        case .indexed(let index): index.line(n - 1)
        }
    }

    /// Search `n` (from 1), decoded with what was chosen in it; nil when it does not decode.
    public func entry(_ n: Int) -> HistoryEntry? {
        entries([n]).first?.entry
    }

    /// The searches numbered `numbers` (from 1) that decode, each with what was chosen in it, in that order.
    public func entries(_ numbers: some Collection<Int>) -> [(n: Int, entry: HistoryEntry)] {
        let records = numbers.compactMap { n in n >= 1 && n <= count ? decode(line(n)).map { (n, $0) } : nil }
        let done: [UInt64: Range<Int>]
        switch storage {
        case .scanned(_, let all): done = all
        case .indexed(let index): done = index.doneLines(for: Set(records.map { FNV.hash($0.1.id) }), history: data)
        }
        return records.map { n, record in
            var entry = HistoryEntry(id: record.id, time: record.time, source: record.source ?? "movies", terms: record.terms ?? "",
                                     filters: record.filters ?? [:], count: record.count ?? 0, chosen: [])
            if let line = done[FNV.hash(record.id)], let finished = decode(line), finished.search == record.id { entry.chosen = finished.chosen ?? [] }
            return (n, entry)
        }
    }

    /// The numbers of the searches whose source and terms, folded, contain `text` folded.
    public func matching(_ text: String) -> [Int] {
        let needle = Text.fold(text)
        guard !needle.isEmpty else { return [] }
        guard case .scanned(let searches, _) = storage else {
            guard case .indexed(let index) = storage else { return [] }
            return index.matching(Array(needle.utf8))
        }
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
                if let (source, terms) = Self.fieldsFromEnd(bytes, line)
                    ?? Self.stringValue(bytes, line, key: Self.sourceKey).flatMap({ source in Self.stringValue(bytes, line, key: Self.termsKey).map { (source, $0) } }) {
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
        Self.decode(data, line)
    }

    /// The record on `line` of `data`: read from its bytes when it is as scout writes it, else decoded.
    static func decode(_ data: Data, _ line: Range<Int>) -> HistoryRecord? {
        let bytes = data[data.startIndex + line.lowerBound ..< data.startIndex + line.upperBound]
        let quick = bytes.withUnsafeBytes { raw in
            var reader = JSONBytes(raw)
            return reader.historyRecord().flatMap { reader.atEnd ? $0 : nil }
        }
        return quick ?? (try? JSONDecoder.scout.decode(HistoryRecord.self, from: bytes))
    }

    enum Kind { case search, done, unknown }

    static let searchStart = Array(#"{"count":"#.utf8)
    static let doneStart = Array(#"{"chosen":"#.utf8)

    static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Kind {
        let kind: Kind
        if starts(bytes, line, with: searchStart) { kind = .search } else if starts(bytes, line, with: doneStart) { kind = .done } else { return .unknown }
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
            let any = flags(words.loadUnaligned(as: UInt64.self)) | flags(words.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                | flags(words.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) | flags(words.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
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
              bytes[line.upperBound - 3] == 0x5A, starts(bytes, start..<line.upperBound, with: timeKey) else { return false }
        let date = start + 10
        for offset in [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18] where bytes[date + offset] &- 0x30 > 9 { return false }
        return bytes[date + 4] == 0x2D && bytes[date + 7] == 0x2D && bytes[date + 10] == 0x54 && bytes[date + 13] == 0x3A && bytes[date + 16] == 0x3A
    }

    /// The source and terms of a plain search line as scout writes it (`…"source":"S","terms":"T","time":…}`),
    /// found from its end, when neither holds an escape; nil otherwise.
    static func fieldsFromEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> (Range<Int>, Range<Int>)? {
        guard endsWithTime(bytes, line), let terms = valueEnding(at: line.upperBound - 32, key: termsKey, in: bytes, line),
              bytes[terms.lowerBound - termsKey.count - 1] == 0x2C,
              let source = valueEnding(at: terms.lowerBound - termsKey.count - 2, key: sourceKey, in: bytes, line) else { return nil }
        return (source, terms)
    }

    /// The string value whose closing quote is at `end`, when the key before it is `key` and it holds no escape.
    private static func valueEnding(at end: Int, key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Range<Int>? {
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

    /// The bytes of the id a `done` line names, found from its end when it is as scout writes it.
    static func searchID(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Range<Int>? {
        (endsWithTime(bytes, line) ? valueEnding(at: line.upperBound - 32, key: searchKey, in: bytes, line) : nil)
            ?? stringValue(bytes, line, key: searchKey)
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

extension JSONBytes {
    /// A record of `history.jsonl` in the shape scout writes (known keys, each once), as `JSONDecoder`
    /// would read it; nil for any other shape, which is left to `JSONDecoder`.
    mutating func historyRecord() -> HistoryRecord? {
        var kind: HistoryRecord.Kind?, id: String?, time: Date?
        var record = HistoryRecord(kind: .search, id: "", time: Date(timeIntervalSince1970: 0))
        var seen: UInt16 = 0
        guard take(0x7B) else { return nil }
        var step = member(first: true)
        while case .key(let raw) = step {
            defer { step = member(first: false) }
            guard let key = Self.historyKeys.firstIndex(where: { Self.same(raw, $0) }) else { return nil }
            guard seen & (1 << key) == 0 else { return nil }
            seen |= 1 << key
            if key > 2, null() { continue }  // a null is an absent value, but not for the kind, id or time
            switch key {
            case 0 /* kind */: kind = string().flatMap(HistoryRecord.Kind.init(rawValue:)); if kind == nil { return nil }
            case 1 /* id */: id = string(); if id == nil { return nil }
            case 2 /* time */: time = date(); if time == nil { return nil }
            case 3 /* source */: record.source = string(); if record.source == nil { return nil }
            case 4 /* terms */: record.terms = string(); if record.terms == nil { return nil }
            case 5 /* search */: record.search = string(); if record.search == nil { return nil }
            case 6 /* count */: record.count = smallInteger(); if record.count == nil { return nil }
            case 7 /* filters */:
                guard take(0x7B) else { return nil }
                var filters: [String: String] = [:]
                var inner = member(first: true)
                while case .key(let name) = inner {
                    guard let value = string(), filters.updateValue(value, forKey: String(decoding: name, as: UTF8.self)) == nil else { return nil }
                    inner = member(first: false)
                }
                guard case .end = inner else { return nil }
                record.filters = filters
            case 8 /* chosen */:
                record.chosen = elements { $0.stringPair("id", "title").map(HistoryEntry.Chosen.init) }
                if record.chosen == nil { return nil }
            default: return nil
            }
        }
        guard case .end = step, let kind, let id, let time else { return nil }
        (record.kind, record.id, record.time) = (kind, id, time)
        return record
    }

    private static let historyKeys: [StaticString] = ["kind", "id", "time", "source", "terms", "search", "count", "filters", "chosen"]
}

extension HistoryLog {
    /// The searches as the lines that run them again (`search TERMS --in SOURCE [--OPTION VALUE]`), each
    /// line once, with the number of its newest run and how many runs it had, in the order first run.
    /// A record is read from its bytes where scout wrote it plainly (no options, terms that need no
    /// quoting; a repeat is known by the hash of its source and terms, so that no text is made for it),
    /// else decoded; a record that does not decode is left out.
    func searchLines(after known: [(line: String, newest: Int, runs: Int)] = [], from first: Int = 1) -> [(line: String, newest: Int, runs: Int)] {
        var lines = known
        var byHash: [UInt64: Int] = [:]
        var byLine = Dictionary(known.enumerated().map { ($0.element.line, $0.offset) }) { a, _ in a }
        func add(_ line: String, _ n: Int) {
            if let at = byLine[line] {
                lines[at].newest = n
                lines[at].runs += 1
            } else {
                byLine[line] = lines.count
                lines.append((line, n, 1))
            }
        }
        let ranges: [Range<Int>]
        switch storage {
        case .scanned(let searches, _): ranges = searches
        case .indexed(let index): ranges = index.lines()
        }
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for (offset, range) in ranges.enumerated() where offset + 1 >= first {
                let n = offset + 1
                // In scout's layout (keys sorted) `filters` comes straight after the count, if at all.
                if let (source, terms) = Self.fieldsFromEnd(bytes, range), !source.isEmpty,
                   Self.find(bytes, range.lowerBound..<min(range.upperBound, range.lowerBound + 40), Self.filtersKey) == nil,
                   Self.isPlainWords(bytes, terms), Self.isPlainWords(bytes, source) {
                    let hash = FNV.hash(bytes: UnsafeBufferPointer(rebasing: bytes[terms]),
                                        from: FNV.hash(bytes: UnsafeBufferPointer(rebasing: bytes[source])) ^ 0x0A)
                    if let at = byHash[hash] {
                        lines[at].newest = n
                        lines[at].runs += 1
                        continue
                    }
                    var text = "search "
                    text += String(decoding: UnsafeBufferPointer(rebasing: bytes[terms]), as: UTF8.self)
                    text += terms.isEmpty ? "--in " : " --in "
                    text += String(decoding: UnsafeBufferPointer(rebasing: bytes[source]), as: UTF8.self)
                    byHash[hash] = byLine[text] ?? lines.count
                    add(text, n)
                } else if let record = decode(range) {
                    let query = SearchQuery(source: record.source ?? "movies", terms: record.terms ?? "", options: record.filters ?? [:])
                    add(Tokenizer.searchLine(query), n)
                }
            }
        }
        return lines
    }

    static let filtersKey = Array(#""filters":"#.utf8)

    /// Whether the bytes are words that the tokenizer reads back as they are: letters, digits and `.-_:,+&!?`
    /// (and other text, but no Unicode space: U+0085, U+00A0, U+1680, U+2000–200A, U+2028, U+2029,
    /// U+202F, U+205F, U+3000), single spaces between, none at either end, nothing a quote would be needed for.
    static func isPlainWords(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let first = range.first, bytes[first] != 0x20, bytes[first] != 0x23, bytes[range.upperBound - 1] != 0x20 else { return range.isEmpty }
        var previousSpace = false
        for index in range {
            let byte = bytes[index]
            switch byte {
            case 0x20:
                if previousSpace { return false }
                previousSpace = true
                continue
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2E, 0x2D, 0x5F, 0x3A, 0x2C, 0x2B, 0x26, 0x21, 0x3F, 0x80...0xBF, 0xC3...0xDF, 0xE4...0xF4: break
            case 0xC2: if index + 1 < range.upperBound, bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0 { return false }
            case 0xE1: if index + 2 < range.upperBound, bytes[index + 1] == 0x9A, bytes[index + 2] == 0x80 { return false }
            case 0xE2:
                guard index + 2 < range.upperBound else { return false }
                let (second, third) = (bytes[index + 1], bytes[index + 2])
                if second == 0x80, third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF { return false }
                if second == 0x81, third == 0x9F { return false }
            case 0xE3: if index + 2 < range.upperBound, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 { return false }
            default: return false
            }
            previousSpace = false
        }
        return true
    }
}
