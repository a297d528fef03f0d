import FoundationEssentials

/// The picker's history (`HistoryLines`): the lines that run the past searches again, read from the
/// records' bytes where it can be.
extension HistoryLog {
    /// The searches as the lines that run them again (`search TERMS --in SOURCE [--OPTION VALUE]`), each
    /// line once, with the number of its newest run and how many runs it had, in the order first run.
    /// A record is read from its bytes where scout wrote it plainly (no options, terms that need no
    /// quoting; a repeat is known by the hash of its source and terms, so that no text is made for it),
    /// else decoded; a record that does not decode is left out.
    func searchLines(after known: [(line: String, newest: Int, runs: Int)] = [], from first: Int = 1) -> [(
        line: String, newest: Int, runs: Int
    )] {
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
                    bytes.firstIndex(
                        of: Self.filtersKey, in: range.lowerBound..<min(range.upperBound, range.lowerBound + 40))
                        == nil,
                    Self.isPlainWords(bytes, terms), Self.isPlainWords(bytes, source)
                {
                    let hash = FNV.hash(
                        bytes: UnsafeBufferPointer(rebasing: bytes[terms]),
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
                    let query = SearchQuery(
                        source: record.source ?? SourceRegistry.defaultSource, terms: record.terms ?? "",
                        options: record.filters ?? [:])
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
        guard let first = range.first, bytes[first] != 0x20, bytes[first] != 0x23, bytes[range.upperBound - 1] != 0x20
        else { return range.isEmpty }
        var previousSpace = false
        for index in range {
            let byte = bytes[index]
            switch byte {
            case 0x20:
                if previousSpace { return false }
                previousSpace = true
                continue
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2E, 0x2D, 0x5F, 0x3A, 0x2C, 0x2B, 0x26, 0x21, 0x3F,
                0x80...0xBF, 0xC3...0xDF, 0xE4...0xF4:
                break
            case 0xC2:
                if index + 1 < range.upperBound, bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0 { return false }
            case 0xE1:
                if index + 2 < range.upperBound, bytes[index + 1] == 0x9A, bytes[index + 2] == 0x80 { return false }
            case 0xE2:
                guard index + 2 < range.upperBound else { return false }
                let (second, third) = (bytes[index + 1], bytes[index + 2])
                if second == 0x80, third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF { return false }
                if second == 0x81, third == 0x9F { return false }
            case 0xE3:
                if index + 2 < range.upperBound, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 { return false }
            default: return false
            }
            previousSpace = false
        }
        return true
    }
}
