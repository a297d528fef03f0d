/// The word a mistyped one most likely meant, for "did you mean …?": among commands, sources and settings.
enum Nearest {
    /// The word of `candidates` nearest to `word`, when it is close: within a third of its length,
    /// at least 1 and at most 2 edits (or within `limit` when given).
    static func word(to word: String, among candidates: [String], limit: Int? = nil) -> String? {
        let scored = candidates.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= (limit ?? max(1, min(2, word.count / 3))) else { return nil }
        return best
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64)), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
