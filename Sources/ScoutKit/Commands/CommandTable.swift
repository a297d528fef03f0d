/// Every command scout knows, in the order `help` lists them within a topic: the one place a command is
/// registered. Each spec lives beside its kind in `Specs/`.
public enum CommandTable {
    public static let all: [CommandSpec] =
        SearchSpecs.all + ResultSpecs.all + SelectionSpecs.all + [FavouriteSpec.fav, HistorySpec.history, PickSpec.pick, DenySpec.deny] + SessionSpecs.all

    public static func spec(_ word: String) -> CommandSpec? {
        let word = word.lowercased()
        return all.first { $0.name == word || $0.aliases.contains(word) }
    }

    /// Every word that starts a command.
    public static var words: [String] { all.flatMap { [$0.name] + $0.aliases } }

    /// The command a line's words name, parsed; `!N` and `!!` re-run a search of history.
    public static func parse(_ words: [String]) throws(UsageError) -> Command {
        guard let first = words.first else { throw UsageError("empty command") }
        let word = first.lowercased()
        if word == "!!" { return .history(.rerun(nil)) }
        if word.hasPrefix("!"), let n = Int(word.dropFirst()) { return .history(.rerun(n)) }
        if word.hasPrefix("!") {
            throw UsageError("\(first.prefix(40)) names no search: !N re-runs search N of history, !! the last one")
        }
        guard let spec = spec(word) else {
            if let near = suggestion(for: word) {
                throw UsageError("unknown command \"\(first.prefix(40))\": did you mean \"\(near)\"? (help lists commands)")
            }
            throw UsageError("unknown command \"\(first.prefix(40))\": type help for the list of commands")
        }
        return try spec.parse(CommandSpec.Arguments(spec: spec, words: Array(words.dropFirst())))
    }

    /// The name of the command a line's words run (`list` for `ls`, `history` for `!3`); nil for none.
    public static func commandName(_ words: [String]) -> String? {
        guard let word = words.first?.lowercased() else { return nil }
        if word.hasPrefix("!") { return HistorySpec.history.name }
        return spec(word)?.name
    }

    /// The nearest command word to a mistyped one, when one is close.
    public static func suggestion(for word: String) -> String? {
        let word = word.lowercased()
        let scored = all.map(\.name).map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(1, min(2, word.count / 3)) else {
            return all.map(\.name).first { $0.hasPrefix(word) && word.count >= 2 }
        }
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

    /// A list as a sentence: `a, b and c`.
    static func sentence(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
    }
}
