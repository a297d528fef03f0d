import FoundationEssentials

/// Matches and ranks the picker's candidates, as fzf does: each candidate's text is folded once into one
/// contiguous buffer of scalars (`PickerCorpus`), and a query is run over it. A fuzzy term takes the
/// shortest window that holds its letters in order (fzf's first algorithm: forward to the first full
/// match, back to its latest start) and scores it with fzf's constants: 16 a letter, −3 to open a gap
/// and −1 to widen it, and a bonus for a letter that starts a word (10 after a space, 9 after `/:;|,`,
/// 8 after other punctuation, 7 at a camelCase or digit boundary), doubled for the term's first letter
/// and carried along a run of consecutive letters (at least 4 each).
///
/// Ranking: score, highest first; then, where the corpus asks for it (favourites and rows, whose lines
/// start with the title), the match that begins earlier; then the shorter candidate; then the newer;
/// then the one run (and chosen) more often. An empty query keeps the candidates' own order, newest first.
public final class PickerMatcher {
    public struct Candidate: Sendable, Equatable {
        /// What a choice gives back: the line for the prompt, a favourite's or a row's id.
        public var value: String
        /// What the list shows and the query is matched against.
        public var text: String
        /// Higher is newer.
        public var recency: Int
        /// How often it was run and chosen.
        public var frequency: Int

        public init(value: String, text: String, recency: Int, frequency: Int = 1) {
            (self.value, self.text, self.recency, self.frequency) = (value, text, recency, frequency)
        }
    }

    public let corpus: PickerCorpus

    public init(_ corpus: PickerCorpus) {
        self.corpus = corpus
    }

    public convenience init(_ candidates: [Candidate]) {
        self.init(PickerCorpus(candidates))
    }

    /// The text folded but with its case, made when a query first has a capital letter.
    private func casedText() -> (text: [UInt32], starts: [Int]) {
        if let cased { return cased }
        var text: [UInt32] = []
        text.reserveCapacity(corpus.folded.count)
        var starts = [0]
        starts.reserveCapacity(corpus.count + 1)
        for index in 0..<corpus.count {
            PickerFold.append(corpus.text(index), keepCase: true, to: &text)
            starts.append(text.count)
        }
        cased = (text, starts)
        return (text, starts)
    }
    private var cased: (text: [UInt32], starts: [Int])?

    public struct Match: Equatable, Sendable {
        public var index: Int
        public var score: Int
        /// Where the earliest term's match starts, in scalars (none for a query of only `!` terms: `Int.max`).
        public var begin = 0
    }

    /// The candidates that match `query`, ranked; only the best `limit` when a limit is given (the
    /// picker's window), every one otherwise (`--filter`).
    public func rank(_ query: PickerQuery, limit: Int? = nil) -> (matches: [Match], total: Int) {
        var matches: [Match] = []
        if query.isEmpty {
            // The candidates come newest first: their own order, as many as the window shows.
            return ((0..<corpus.count).prefix(limit ?? corpus.count).map { Match(index: $0, score: 0) }, corpus.count)
        } else {
            let needsCase = query.groups.contains { $0.contains(where: \.caseSensitive) }
            // Lower-casing can change a scalar count (İ): the cased text keeps its own offsets.
            let (cased, casedStarts) = needsCase ? casedText() : ([], [])
            let starts = corpus.foldedStarts
            corpus.folded.withUnsafeBufferPointer { lowerText in
                cased.withUnsafeBufferPointer { casedText in
                    candidateLoop: for index in 0..<corpus.count {
                        var total = 0, begin = Int.max
                        for group in query.groups {
                            var best: (score: Int, begin: Int)?
                            for term in group {
                                let text =
                                    term.caseSensitive
                                    ? UnsafeBufferPointer(
                                        rebasing: casedText[casedStarts[index]..<casedStarts[index + 1]])
                                    : UnsafeBufferPointer(rebasing: lowerText[starts[index]..<starts[index + 1]])
                                let found = Self.score(term, in: text)
                                if term.inverse {
                                    if found == nil, best?.score ?? -1 < 0 { best = (0, Int.max) }
                                } else if let found, found.score > best?.score ?? Int.min {
                                    best = found
                                }
                            }
                            guard let best else { continue candidateLoop }
                            total += best.score
                            begin = min(begin, best.begin)
                        }
                        matches.append(Match(index: index, score: total, begin: begin))
                    }
                }
            }
        }
        let ordered: (Match, Match) -> Bool = {
            [
                lengths = corpus.lengths, recencies = corpus.recencies, frequencies = corpus.frequencies,
                earlierFirst = corpus.earlierMatchFirst
            ] a, b in
            if a.score != b.score { return a.score > b.score }
            if earlierFirst, a.begin != b.begin { return a.begin < b.begin }
            let (x, y) = (a.index, b.index)
            if lengths[x] != lengths[y] { return lengths[x] < lengths[y] }
            if recencies[x] != recencies[y] { return recencies[x] > recencies[y] }
            if frequencies[x] != frequencies[y] { return frequencies[x] > frequencies[y] }
            return x < y
        }
        guard let limit, limit < matches.count else { return (matches.sorted(by: ordered), matches.count) }
        // The window needs the best few: a partial selection, not a sort of every match.
        var best: [Match] = []
        best.reserveCapacity(limit + 1)
        for match in matches {
            if best.count == limit, let last = best.last, !ordered(match, last) { continue }
            let at = best.firstIndex { ordered(match, $0) } ?? best.count
            best.insert(match, at: at)
            if best.count > limit { best.removeLast() }
        }
        return (best, matches.count)
    }

    /// How many candidates there are, for the count line (`12/100000`).
    public var count: Int { corpus.count }

    // MARK: Scoring, as fzf's first algorithm

    static let scoreMatch = 16, scoreGapStart = -3, scoreGapExtension = -1
    static let bonusBoundary = scoreMatch / 2, bonusNonWord = scoreMatch / 2
    static let bonusCamel123 = bonusBoundary + scoreGapExtension
    static let bonusConsecutive = -(scoreGapStart + scoreGapExtension)
    static let bonusFirstCharMultiplier = 2
    static let bonusBoundaryWhite = bonusBoundary + 2, bonusBoundaryDelimiter = bonusBoundary + 1

    enum CharClass: Int { case white, nonWord, delimiter, lower, upper, letter, number }

    @inline(__always) static func charClass(_ c: UInt32) -> CharClass {
        switch c {
        case 0x61...0x7A: return .lower
        case 0x41...0x5A: return .upper
        case 0x30...0x39: return .number
        case 0x20, 0x09, 0x0A, 0x0D: return .white
        case 0x2F, 0x3A, 0x3B, 0x7C, 0x2C: return .delimiter
        case 0..<0x80: return .nonWord
        default:
            guard let scalar = Unicode.Scalar(c) else { return .nonWord }
            let properties = scalar.properties
            if properties.isWhitespace { return .white }
            if properties.isLowercase { return .lower }
            if properties.isUppercase { return .upper }
            if properties.numericType != nil { return .number }
            return properties.isAlphabetic ? .letter : .nonWord
        }
    }

    @inline(__always) static func bonus(_ previous: CharClass, _ current: CharClass) -> Int {
        if current.rawValue > CharClass.delimiter.rawValue {
            switch previous {
            case .white: return bonusBoundaryWhite
            case .delimiter: return bonusBoundaryDelimiter
            case .nonWord: return bonusBoundary
            default: break
            }
        }
        if (previous == .lower && current == .upper) || (previous != .number && current == .number) {
            return bonusCamel123
        }
        switch current {
        case .nonWord, .delimiter: return bonusNonWord
        case .white: return bonusBoundaryWhite
        default: return 0
        }
    }

    /// The term's score in `text` and where its match begins, nil when it does not match.
    static func score(_ term: PickerQuery.Term, in text: UnsafeBufferPointer<UInt32>) -> (score: Int, begin: Int)? {
        let pattern = term.text
        guard !pattern.isEmpty, pattern.count <= text.count else { return nil }
        switch term.kind {
        case .fuzzy:
            // Forward: where the first full match ends.
            var p = 0, end = -1
            for (index, c) in text.enumerated() where c == pattern[p] {
                p += 1
                if p == pattern.count {
                    end = index + 1
                    break
                }
            }
            guard end > 0 else { return nil }
            // Back: its latest start.
            p = pattern.count - 1
            var start = end - 1
            while start >= 0 {
                if text[start] == pattern[p] {
                    if p == 0 { break }
                    p -= 1
                }
                start -= 1
            }
            return (windowScore(pattern, text, start, end), start)
        case .exact:
            var best: (score: Int, begin: Int)?
            var from = 0
            while let at = text.firstIndex(of: pattern, in: from..<text.count) {
                let score = windowScore(pattern, text, at, at + pattern.count)
                if score > best?.score ?? Int.min { best = (score, at) }
                from = at + 1
            }
            return best
        case .prefix:
            var start = 0
            while start < text.count, charClass(text[start]) == .white { start += 1 }
            guard text.count - start >= pattern.count, pattern.indices.allSatisfy({ text[start + $0] == pattern[$0] })
            else { return nil }
            return (windowScore(pattern, text, start, start + pattern.count), start)
        case .suffix:
            var end = text.count
            while end > 0, charClass(text[end - 1]) == .white { end -= 1 }
            let start = end - pattern.count
            guard start >= 0, pattern.indices.allSatisfy({ text[start + $0] == pattern[$0] }) else { return nil }
            return (windowScore(pattern, text, start, end), start)
        case .exactWhole:
            guard text.count == pattern.count, pattern.indices.allSatisfy({ text[$0] == pattern[$0] }) else {
                return nil
            }
            return (windowScore(pattern, text, 0, text.count), 0)
        }
    }

    /// fzf's calculateScore over `text[start..<end]`, which holds the pattern's letters in order.
    private static func windowScore(_ pattern: [UInt32], _ text: UnsafeBufferPointer<UInt32>, _ start: Int, _ end: Int)
        -> Int
    {
        var p = 0, score = 0, consecutive = 0, firstBonus = 0
        var inGap = false
        var previous: CharClass = start > 0 ? charClass(text[start - 1]) : .white
        for index in start..<end {
            let c = text[index]
            let current = charClass(c)
            if p < pattern.count, c == pattern[p] {
                score += scoreMatch
                var bonus = Self.bonus(previous, current)
                if consecutive == 0 {
                    firstBonus = bonus
                } else {
                    if bonus >= bonusBoundary && bonus > firstBonus { firstBonus = bonus }
                    bonus = max(bonus, firstBonus, bonusConsecutive)
                }
                score += p == 0 ? bonus * bonusFirstCharMultiplier : bonus
                inGap = false
                consecutive += 1
                p += 1
            } else {
                score += inGap ? scoreGapExtension : scoreGapStart
                inGap = true
                consecutive = 0
                firstBonus = 0
            }
            previous = current
        }
        return score
    }
}
