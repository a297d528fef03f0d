/// Every command scout knows, in the order `help` lists them within a topic: the one place a command
/// is registered. A new command is a new file in this folder and one line here.
public enum CommandTable {
    public static let all: [any Command.Type] = [
        SearchCommand.self,
        UseCommand.self,
        SourcesCommand.self,
        LoadCommand.self,
        ListCommand.self,
        NextCommand.self,
        PrevCommand.self,
        PageCommand.self,
        FilterCommand.self,
        SortCommand.self,
        GroupCommand.self,
        ShowCommand.self,
        OpenCommand.self,
        ArtCommand.self,
        SelectCommand.self,
        UnselectCommand.self,
        SelectionCommand.self,
        DoneCommand.self,
        FavCommand.self,
        RateCommand.self,
        SeenCommand.self,
        WantCommand.self,
        UnwantCommand.self,
        NoteCommand.self,
        DiaryCommand.self,
        RatingsCommand.self,
        WatchlistCommand.self,
        WhereCommand.self,
        StatsCommand.self,
        ImportCommand.self,
        ExportCommand.self,
        FollowCommand.self,
        UnfollowCommand.self,
        FriendsCommand.self,
        HistoryCommand.self,
        PickCommand.self,
        DenyCommand.self,
        SaveCommand.self,
        SavedCommand.self,
        RunCommand.self,
        WatchCommand.self,
        UnwatchCommand.self,
        CheckCommand.self,
        CacheCommand.self,
        SessionCommand.self,
        SyncCommand.self,
        SetCommand.self,
        HelpCommand.self,
        ClearCommand.self,
        QuitCommand.self,
    ]

    /// Every command's spec, in `all`'s order.
    public static let specs: [CommandSpec] = all.map { $0.spec }

    /// The command a word names (its name or an alias, any case).
    static func command(_ word: String) -> (any Command.Type)? {
        let word = word.lowercased()
        return all.first { $0.spec.name == word || $0.spec.aliases.contains(word) }
    }

    public static func spec(_ word: String) -> CommandSpec? { command(word)?.spec }

    /// Every word that starts a command.
    public static var words: [String] { specs.flatMap { [$0.name] + $0.aliases } }

    /// The command a line's words run (`list` for `ls`, `history` for `!3`); nil for none.
    public static func command(of words: [String]) -> (any Command.Type)? {
        guard let word = words.first?.lowercased() else { return nil }
        return word.hasPrefix("!") ? HistoryCommand.self : command(word)
    }

    /// The command a line's words name, parsed; `!N` and `!!` re-run a search of history.
    public static func parse(_ words: [String]) throws(UsageError) -> any Command {
        try parse(words, as: command(of: words))
    }

    /// The words parsed as `type`, the command `command(of:)` found for them (looked up once by the shell,
    /// which names it in `--json` whether the words parse or not).
    static func parse(_ words: [String], as type: (any Command.Type)?) throws(UsageError) -> any Command {
        guard let first = words.first else { throw UsageError("empty command") }
        guard let type else {
            if let near = suggestion(for: first) {
                throw UsageError(
                    "unknown command \"\(first.prefix(40))\": did you mean \"\(near)\"? (help lists commands)")
            }
            throw UsageError("unknown command \"\(first.prefix(40))\": type help for the list of commands")
        }
        if first.hasPrefix("!") { return try HistoryCommand.Rerun(bang: first) }
        return try type.read(Array(words.dropFirst()), path: type.spec.name)
    }

    /// The nearest command word to a mistyped one, when one is close.
    public static func suggestion(for word: String) -> String? {
        let word = word.lowercased()
        let names = specs.map(\.name)
        return Nearest.word(to: word, among: names) ?? names.first { $0.hasPrefix(word) && word.count >= 2 }
    }
}
