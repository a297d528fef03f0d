/// Tab completion as a pure function: from the line up to the cursor to the candidates for the word
/// being typed. libedit only inserts what this returns.
public enum Completion {
    public struct Result: Equatable, Sendable {
        /// The part of the word already typed.
        public var prefix: String
        /// Whole words that complete it, sorted.
        public var candidates: [String]

        /// What all candidates share beyond the prefix: the text Tab can insert at once.
        public var commonExtension: String {
            guard var common = candidates.first else { return "" }
            for candidate in candidates.dropFirst() {
                while !candidate.hasPrefix(common) { common.removeLast() }
            }
            return String(common.dropFirst(prefix.count))
        }
    }

    public static func complete(_ lineBeforeCursor: String, sources: [String]) -> Result {
        let (words, current) = Tokenizer.partial(lineBeforeCursor)
        let options = candidates(words: words, current: current, sources: sources)
        let matches = Set(options.filter { $0.lowercased().hasPrefix(current.lowercased()) }).sorted()
        return Result(prefix: current, candidates: matches)
    }

    static func candidates(words: [String], current: String, sources: [String]) -> [String] {
        guard let first = words.first?.lowercased() else { return CommandTable.words }
        if words.last == "--in" { return sources }
        guard let info = CommandTable.info(first) else { return [] }
        switch info.name {
        case "use": return words.count == 1 ? sources : []
        case "search": return current.hasPrefix("-") ? info.flags : []
        case "help": return words.count == 1 ? CommandTable.all.map(\.name) : []
        case "sort":
            if words.count == 1 { return info.subcommands }
            return words.count == 2 ? ["asc", "desc"] : []
        case "set":
            if words.count == 1 { return Settings.keys }
            return words.count == 2 ? Settings.values(for: words[1].lowercased()) : []
        case "fav" where words.count >= 2 && words[1].lowercased() == "add":
            return current.hasPrefix("-") ? ["--tag"] : []
        default:
            return words.count == 1 ? info.subcommands : []
        }
    }
}
