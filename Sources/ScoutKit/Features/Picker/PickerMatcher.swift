/// Matches and ranks the picker's candidates, as fzf does: each candidate's text is folded once into one
/// contiguous buffer of scalars (`PickerCorpus`), and a query is run over it. A fuzzy term takes the
/// alignment of its letters that scores best (fzf's default algorithm, `FuzzyMatchV2`: a score matrix over
/// the span from the first letter's first place to the last letter's last), with fzf's constants: 16 a
/// letter, −3 to open a gap and −1 to widen it, and a bonus for a letter that starts a word (10 after a
/// space or at the start, 9 after `/:;|,`, 8 after other punctuation, 7 at a digit boundary), doubled for
/// the term's first letter and carried along a run of consecutive letters (at least 4 each). So `a` finds
/// the `A` of `An` before the `a` inside `search`. An exact term (`'word`) takes its first place that starts
/// a word, as fzf's does.
///
/// Ranking: score, highest first; then, where the corpus asks for it (favourites and rows, whose lines
/// start with the title), the match that begins earlier; then the shorter candidate (in characters, white
/// space at either end not counted, as fzf counts); then the newer; then the one run (and chosen) more
/// often. An empty query keeps the candidates' own order, newest first. The text is matched folded (case
/// and marks dropped), so a camelCase boundary inside a word gets no bonus, where fzf gives it 7.
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

    /// A text to match against: every candidate's scalars, and where each candidate's start.
    struct Folded {
        let scalars: UnsafeBufferPointer<UInt32>
        let starts: UnsafeBufferPointer<Int>

        @inline(__always) func candidate(_ index: Int) -> UnsafeBufferPointer<UInt32> {
            UnsafeBufferPointer(rebasing: scalars[starts[index]..<starts[index + 1]])
        }
    }

    /// The text folded otherwise than the corpus keeps it (with its case, its accents, or both), made when a
    /// query first has a capital letter or an accented one, and kept while the matcher lives.
    private func variant(keepCase: Bool, keepMarks: Bool) -> Folded {
        let key = (keepCase ? 1 : 0) + (keepMarks ? 2 : 0)
        if let made = variants[key] { return made }
        var text: [UInt32] = []
        text.reserveCapacity(corpus.folded.count)
        var starts = [0]
        starts.reserveCapacity(corpus.count + 1)
        for index in 0..<corpus.count {
            PickerFold.append(corpus.text(index), keepCase: keepCase, keepMarks: keepMarks, to: &text)
            starts.append(text.count)
        }
        let made = Folded(
            scalars: UnsafeBufferPointer(Self.copy(text)), starts: UnsafeBufferPointer(Self.copy(starts)))
        variants[key] = made
        return made
    }
    private var variants: [Int: Folded] = [:]

    private static func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return buffer
    }

    deinit {
        for made in variants.values {
            UnsafeMutableBufferPointer(mutating: made.scalars).deallocate()
            UnsafeMutableBufferPointer(mutating: made.starts).deallocate()
        }
    }

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
            // The text each term is matched against, each with its own offsets (lower-casing can change a
            // scalar count: İ): the corpus's own has case and accents folded; `variant` makes and keeps the others.
            var scratch = FuzzyScratch()
            corpus.folded.withUnsafeBufferPointer { scalars in
                corpus.foldedStarts.withUnsafeBufferPointer { starts in
                    let own = Folded(scalars: scalars, starts: starts)
                    let terms = query.groups.map { group in
                        group.map { term in
                            (
                                term,
                                term.caseSensitive || term.keepsMarks
                                    ? variant(keepCase: term.caseSensitive, keepMarks: term.keepsMarks) : own
                            )
                        }
                    }
                    candidateLoop: for index in 0..<corpus.count {
                        var total = 0, begin = Int.max
                        for group in terms {
                            var best: (score: Int, begin: Int)?
                            for (term, text) in group {
                                let found = Self.score(
                                    term, in: text.candidate(index), scratch: &scratch,
                                    wantsBegin: corpus.earlierMatchFirst)
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
        // A query of `!` terms only, as fzf has it, does not sort: the candidates keep their own order.
        if !query.groups.joined().contains(where: { !$0.inverse }) {
            return (Array(matches.prefix(limit ?? matches.count)), matches.count)
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
}
