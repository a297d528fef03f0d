/// `pick [history|fav|results] [--filter QUERY]`: the fuzzy finder over past searches, favourites or the
/// results, ranked by `PickerMatcher`; `--filter` prints them, otherwise the terminal's picker (or fzf)
/// chooses and the choice is acted on.
struct PickCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "pick",
        summary: "fuzzy-find a past search, a favourite, a result or a library film (Ctrl-R: history)",
        example: "pick fav",
        topic: .past, positionals: [.choice(Over.allCases.map(\.rawValue), optional: true, noun: "list to pick from")],
        options: [
            .init(
                "--filter", value: "QUERY", help: "print the ranked matches and exit, as fzf --filter does",
                takesRest: true)
        ],
        details: .table(
            """
            history         past searches and lines typed, newest first; Enter puts the line at the prompt to edit or
                            run
            fav             favourites; Enter shows the one under the cursor, Tab marks several
            results         the rows of the list; Enter selects, Tab marks several
            diary|ratings|watchlist  your library; Enter shows what it holds of each film marked, whose
                            numbers rate, seen and note then take
            query           words that all match, fuzzily; 'exact, ^prefix, suffix$, !not, a | b; a capital makes it
                            match case
            keys            Up/Down, Ctrl-P/Ctrl-N, PgUp/PgDn move; Tab marks; Enter accepts; Esc, Ctrl-C or Ctrl-G
                            leave
            set picker fzf  hand the candidates to your own fzf instead
            """))

    /// What the picker opens over.
    enum Over: String, CaseIterable, Sendable { case history, fav, results, diary, ratings, watchlist }

    var over: Over
    /// `--filter QUERY`: print the ranked candidates and choose nothing, as `fzf --filter` does.
    var filter: String?

    init(over: Over, filter: String? = nil) {
        self.over = over
        self.filter = filter
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        (over, filter) = (Over(rawValue: args.text(0)) ?? .history, args.last("--filter"))
    }

    var needsResults: Bool { over == .results }

    /// Every feature's: the picker opens over history, favourites, results or the library.
    static func service(in services: Services) -> Services { services }

    func run(with services: Services) async throws -> Output { try await services.pick(over, filter: filter) }
}
