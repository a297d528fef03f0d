import FoundationEssentials

/// The picker's candidates as the matcher reads them: each one's line (its UTF-8 bytes, in one buffer),
/// its text folded (`PickerFold`, in one buffer of scalars), the length of the text it shows, its recency
/// and frequency, and the hash of its line. Made once from candidates, or kept whole in a file
/// (`HistoryLines`) and read back with a copy per field, so that `pick` and Ctrl-R over a long history
/// fold and sort nothing. The order is the candidates' own: newest first.
public final class PickerCorpus: Sendable {
    public let count: Int
    /// The lines' bytes and where each starts (`count + 1` offsets). A history line is kept as it runs and
    /// made safe when shown; other candidates keep the text they show.
    let lines: [UInt8], lineStarts: [Int]
    /// What a choice gives back, where it is not the line (a favourite's id, a row's number).
    let values: [String]?
    /// The shown texts folded, and where each starts (`count + 1` offsets).
    let folded: [UInt32], foldedStarts: [Int]
    /// The shown text's length in bytes; higher recency is newer; frequency is how often it ran.
    let lengths: [Int], recencies: [Int], frequencies: [Int]
    /// FNV-1a of each line, to find a line typed at the prompt among past searches.
    let hashes: [UInt64]
    /// Whether, between matches of equal score, the one that begins earlier ranks first (fzf's
    /// `--tiebreak=begin`): for lines that start with a title, so that `red` puts "Red" above "22 (Red)".
    let earlierMatchFirst: Bool

    init(
        lines: [UInt8], lineStarts: [Int], values: [String]?, folded: [UInt32], foldedStarts: [Int],
        lengths: [Int], recencies: [Int], frequencies: [Int], hashes: [UInt64], earlierMatchFirst: Bool = false
    ) {
        count = lengths.count
        self.earlierMatchFirst = earlierMatchFirst
        (self.lines, self.lineStarts, self.values, self.folded, self.foldedStarts) = (
            lines, lineStarts, values, folded, foldedStarts
        )
        (self.lengths, self.recencies, self.frequencies, self.hashes) = (lengths, recencies, frequencies, hashes)
    }

    /// Candidates that show one text and give back another (favourites, rows); `earlierMatchFirst` for
    /// lines that start with a title.
    public convenience init(_ candidates: [PickerMatcher.Candidate], earlierMatchFirst: Bool = false) {
        var builder = Builder(values: true)
        for candidate in candidates {
            builder.add(
                line: candidate.text, value: candidate.value, recency: candidate.recency, frequency: candidate.frequency
            )
        }
        self.init(builder, earlierMatchFirst: earlierMatchFirst)
    }

    /// Lines that are their own value (history), in the order given.
    convenience init(lines: [(line: String, recency: Int, frequency: Int)]) {
        var builder = Builder(values: false)
        for line in lines { builder.add(line: line.line, value: nil, recency: line.recency, frequency: line.frequency) }
        self.init(builder)
    }

    convenience init(_ builder: Builder, earlierMatchFirst: Bool = false) {
        self.init(
            lines: builder.lines, lineStarts: builder.lineStarts, values: builder.values, folded: builder.folded,
            foldedStarts: builder.foldedStarts, lengths: builder.lengths, recencies: builder.recencies,
            frequencies: builder.frequencies, hashes: builder.hashes, earlierMatchFirst: earlierMatchFirst)
    }

    /// The line as it runs (history), unmade safe.
    public func line(_ index: Int) -> String {
        lines.withUnsafeBufferPointer {
            String(
                decoding: UnsafeBufferPointer(rebasing: $0[lineStarts[index]..<lineStarts[index + 1]]), as: UTF8.self)
        }
    }

    /// What the list shows, safe for the terminal.
    public func text(_ index: Int) -> String { SafeText.clean(line(index)) }

    /// What a choice gives back.
    public func value(_ index: Int) -> String { values?[index] ?? line(index) }

    /// Every candidate as a value, text, recency and frequency (tests compare corpora through it).
    public var candidates: [PickerMatcher.Candidate] {
        (0..<count).map { .init(value: value($0), text: text($0), recency: recencies[$0], frequency: frequencies[$0]) }
    }

    /// Past searches merged with the lines typed at the prompt (`typed`, oldest first): each typed line
    /// once, at its latest place, newer than any search, before them all; a typed line that is also a
    /// search keeps the search's runs and is left out below.
    func merging(typed: [String]) -> PickerCorpus {
        guard !typed.isEmpty else { return self }
        let base = (recencies.max() ?? 0) + 1
        var seen = Set<String>(), newestFirst: [(line: String, recency: Int)] = []
        for (offset, line) in typed.enumerated().reversed() where seen.insert(line).inserted {
            newestFirst.append((line, base + offset))
        }
        // The searches among them, by the hash of their lines (checked byte for byte).
        let wanted = Dictionary(newestFirst.map { (FNV.hash($0.line), $0.line) }) { first, _ in first }
        var runs: [String: Int] = [:]
        var hidden = [Bool](repeating: false, count: count)
        for index in 0..<count {
            guard let line = wanted[hashes[index]], line == self.line(index) else { continue }
            hidden[index] = true
            runs[line] = frequencies[index]
        }
        var builder = Builder(values: false)
        for typed in newestFirst {
            builder.add(line: typed.line, value: nil, recency: typed.recency, frequency: runs[typed.line] ?? 1)
        }
        var start = 0
        while start < count {
            guard !hidden[start] else {
                start += 1
                continue
            }
            var end = start
            while end < count, !hidden[end] { end += 1 }
            builder.add(from: self, start..<end)
            start = end
        }
        return PickerCorpus(builder)
    }

    /// Gathers a corpus a candidate or a run of another corpus at a time.
    struct Builder {
        var lines: [UInt8] = [], lineStarts = [0], values: [String]?
        var folded: [UInt32] = [], foldedStarts = [0]
        var lengths: [Int] = [], recencies: [Int] = [], frequencies: [Int] = [], hashes: [UInt64] = []

        init(values: Bool) { self.values = values ? [] : nil }

        mutating func add(line: String, value: String?, recency: Int, frequency: Int) {
            lines.append(contentsOf: line.utf8)
            lineStarts.append(lines.count)
            if let value { values?.append(value) }
            let text = SafeText.clean(line)
            PickerFold.append(text, keepCase: false, to: &folded)
            foldedStarts.append(folded.count)
            // fzf's length: characters, white space at either end not counted.
            let scalars = text.unicodeScalars
            let leading = scalars.prefix { $0.properties.isWhitespace }.count
            let trailing = leading == scalars.count ? 0 : scalars.reversed().prefix { $0.properties.isWhitespace }.count
            lengths.append(scalars.count - leading - trailing)
            recencies.append(recency)
            frequencies.append(frequency)
            hashes.append(FNV.hash(line))
        }

        /// Candidates `range` of `corpus`, copied as they are.
        mutating func add(from corpus: PickerCorpus, _ range: Range<Int>) {
            let (lineBase, foldedBase) = (
                lines.count - corpus.lineStarts[range.lowerBound], folded.count - corpus.foldedStarts[range.lowerBound]
            )
            lines.append(
                contentsOf: corpus.lines[corpus.lineStarts[range.lowerBound]..<corpus.lineStarts[range.upperBound]])
            lineStarts.append(
                contentsOf: corpus.lineStarts[(range.lowerBound + 1)...range.upperBound].lazy.map { $0 + lineBase })
            folded.append(
                contentsOf: corpus.folded[corpus.foldedStarts[range.lowerBound]..<corpus.foldedStarts[range.upperBound]]
            )
            foldedStarts.append(
                contentsOf: corpus.foldedStarts[(range.lowerBound + 1)...range.upperBound].lazy.map { $0 + foldedBase })
            if let other = corpus.values { values?.append(contentsOf: other[range]) }
            lengths.append(contentsOf: corpus.lengths[range])
            recencies.append(contentsOf: corpus.recencies[range])
            frequencies.append(contentsOf: corpus.frequencies[range])
            hashes.append(contentsOf: corpus.hashes[range])
        }
    }

    // MARK: Kept in a file

    /// The corpus as bytes (lines that are their own values only): the counts, then each field whole, each
    /// number little-endian, 64 bits wide but the folded scalars' 32.
    func encoded(header: [UInt64]) -> Data {
        var out = ByteWriter(capacity: (header.count + 3 + count * 6 + 2) * 8 + folded.count * 4 + lines.count)
        out.write(header + [UInt64(count), UInt64(folded.count), UInt64(lines.count)])
        out.write(recencies)
        out.write(frequencies)
        out.write(lengths)
        out.write(hashes)
        out.write(lineStarts)
        out.write(foldedStarts)
        out.write(folded)
        out.write(lines)
        return out.data
    }

    /// A corpus from `encoded`'s bytes from where `reader` is (past the header) to the end, or nil when
    /// they are not one.
    static func decoded(_ reader: inout ByteReader) -> PickerCorpus? {
        guard let counts = reader.words(3), counts.allSatisfy({ $0 < 1 << 40 }) else { return nil }
        let (count, scalars, bytes) = (Int(counts[0]), Int(counts[1]), Int(counts[2]))
        guard let recencies = reader.read(count, of: Int.self), let frequencies = reader.read(count, of: Int.self),
            let lengths = reader.read(count, of: Int.self), let hashes = reader.read(count, of: UInt64.self),
            let lineStarts = reader.read(count + 1, of: Int.self),
            let foldedStarts = reader.read(count + 1, of: Int.self),
            let folded = reader.read(scalars, of: UInt32.self), let lines = reader.read(bytes, of: UInt8.self),
            reader.isAtEnd,
            Self.ascending(lineStarts, to: bytes), Self.ascending(foldedStarts, to: scalars),
            Self.plausible(recencies), Self.plausible(frequencies)
        else { return nil }
        return PickerCorpus(
            lines: lines, lineStarts: lineStarts, values: nil, folded: folded, foldedStarts: foldedStarts,
            lengths: lengths, recencies: recencies, frequencies: frequencies, hashes: hashes)
    }

    /// Search numbers and counts of runs no history could hold (a damaged file's) are refused: `merging`
    /// counts on from the newest, which must not overflow.
    private static func plausible(_ numbers: [Int]) -> Bool {
        numbers.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                guard buffer[index] >= 0, buffer[index] < 1 << 40 else { return false }
                index += 1
            }
            return true
        }
    }

    /// Offsets that run from 0 to `end` without going back: a damaged file's cannot index out of bounds.
    private static func ascending(_ starts: [Int], to end: Int) -> Bool {
        guard starts.first == 0, starts.last == end else { return false }
        return starts.withUnsafeBufferPointer { buffer in
            var index = 1
            while index < buffer.count {
                guard buffer[index] >= buffer[index - 1] else { return false }
                index += 1
            }
            return true
        }
    }
}
