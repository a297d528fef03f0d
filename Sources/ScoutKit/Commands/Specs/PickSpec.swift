import FoundationEssentials

extension Command {
    /// `pick [history|fav|results] [--filter QUERY]`.
    public struct Pick: Equatable, Sendable {
        public enum Over: String, CaseIterable, Sendable { case history, fav, results }
        public var over: Over
        /// `--filter QUERY`: print the ranked candidates and choose nothing, as `fzf --filter` does.
        public var filter: String?
    }
}

/// `pick`: the fuzzy finder over past searches, favourites or the results.
enum PickSpec {
    static let pick = CommandSpec(
        name: "pick", usage: "pick [history|fav|results] [--filter QUERY]",
        summary: "find a past search, a favourite or a result by fuzzy search (Ctrl-R: over history)", example: "pick fav",
        topic: .past, arguments: [.words(Command.Pick.Over.allCases.map(\.rawValue))],
        options: [.init("--filter", value: "QUERY", help: "print the ranked matches and exit, as fzf --filter does")],
        details: [.init("history", "past searches and lines typed, newest first; Enter puts the line at the prompt to edit or run"),
                  .init("fav", "favourites; Enter shows the one under the cursor, Tab marks several"),
                  .init("results", "the rows of the list; Enter selects, Tab marks several"),
                  .init("query", "words that all match, fuzzily; 'exact, ^prefix, suffix$, !not, a | b; a capital makes it match case"),
                  .init("keys", "Up/Down, Ctrl-P/Ctrl-N, PgUp/PgDn move; Tab marks; Enter accepts; Esc, Ctrl-C or Ctrl-G leave"),
                  .init("set picker fzf", "hand the candidates to your own fzf instead")],
        parse: { args throws(UsageError) in
            var over = Command.Pick.Over.history
            var filter: String?
            let words = args.words
            var index = 0
            while index < words.count {
                let word = words[index]
                if word.lowercased() == "--filter" {
                    filter = words[(index + 1)...].joined(separator: " ")
                    break
                } else if word.lowercased().hasPrefix("--filter=") {
                    filter = ([String(word.dropFirst("--filter=".count))] + words[(index + 1)...]).joined(separator: " ")
                    break
                } else if index == 0, let kind = Command.Pick.Over(rawValue: word.lowercased()) {
                    over = kind
                } else {
                    throw UsageError("pick takes history, fav or results, then --filter QUERY: \"\(word.prefix(40))\" is neither")
                }
                index += 1
            }
            return .pick(.init(over: over, filter: filter))
        })
}
