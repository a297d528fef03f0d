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

    func run(with services: Services) async throws -> Output {
        let corpus = try services.pickerCorpus(over)
        var output = Output()
        if let query = filter {
            let ranked = PickerMatcher(corpus).rank(PickerQuery(query)).matches
            // fzf --filter's habit: the matches, best first, a line each; nothing matched is no error.
            for match in ranked { output.say(corpus.text(match.index)) }
            output.pageable = false
            if services.wiring.context.json {
                output.json = TypedJSON.listing(
                    ranked.map { match in
                        JSONObject<PickedField>([
                            .value: .string(corpus.value(match.index)), .text: .string(corpus.text(match.index)),
                            .score: .int(match.score),
                        ])
                    }, total: ranked.count)
            }
            return output
        }
        guard let picker = services.wiring.context.picker else {
            throw UsageError(
                "pick needs a terminal: in a script, history search TEXT finds past searches, and pick "
                    + "\(over.rawValue) --filter QUERY prints the ranked matches"
            )
        }
        guard corpus.count > 0 else {
            let empty =
                switch over {
                case .history: "No searches yet."
                case .fav: "No favourites yet."
                case .results: "No rows to pick from."
                case .diary: "The diary is empty."
                case .ratings: "No ratings yet."
                case .watchlist: "The watchlist is empty."
                }
            output.say(empty)
            return output
        }
        let request = PickerRequest(
            corpus: corpus, multiple: over != .history, finder: services.wiring.settings().picker, title: over.rawValue)
        switch await picker(request) {
        case .cancelled:
            return output
        case .failed(let problem):
            throw UsageError(problem)
        case .chosen(let values):
            return try await act(on: values, in: services)
        }
    }

    /// History: the line goes to the prompt; favourites: shown; results: selected.
    @MainActor func act(on values: [String], in services: Services) async throws -> Output {
        var output = Output()
        switch over {
        case .history:
            output.prefill = values.first
        case .fav:
            output.merge(try services.favourites.show(ids: values))
        case .results:
            let rows = values.compactMap(Int.init).sorted()
            guard !rows.isEmpty else { return output }
            output.merge(try services.browse.select(try RangeSpec.parse(rows.map(String.init).joined(separator: ","))))
        case .diary, .ratings, .watchlist:
            output.merge(try services.library.cards(values))
        }
        return output
    }
}
