/// `history [N]`, its subcommands, and `!N` / `!!`: past searches, listed, found, re-run and removed.
struct HistoryCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "history", summary: "past searches; !N and !! re-run one", example: "history search alien", topic: .past,
        positionals: [.init("N", .number(1...Int.max), optional: true)],
        subcommands: [Search.self, Rerun.self, Remove.self, Clear.self, Stats.self],
        details: .table(
            """
            history N        the last N searches (no N: every one), numbered as rerun, rm and !N take them
            search TEXT      the past searches whose terms hold TEXT
            rerun N, !N, !!  search N again (!! the last one): a new search, recorded as any other
            rm N             forget search N (the numbers after it move up one)
            """))

    /// The last N searches; nil: every one.
    var last: Int?

    init(last: Int?) { self.last = last }

    init(_ args: CommandSpec.Arguments) throws(UsageError) { last = args.number("N") }

    static func service(in services: Services) -> HistoryService { services.history }

    func run(with history: HistoryService) async throws -> Output { try history.list(last: last) }

    /// `history search TEXT`: the past searches that match.
    struct Search: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "search", summary: "the past searches that match", example: "history search alien", topic: .past,
            positionals: [.init("TEXT", .text)])

        var text: String

        init(_ args: CommandSpec.Arguments) throws(UsageError) { text = args.text("TEXT") }

        static func service(in services: Services) -> HistoryService { services.history }

        func run(with history: HistoryService) async throws -> Output { try history.search(text) }
    }

    /// `history rerun N`, `!N` and `!!`: a past search run again.
    struct Rerun: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "rerun", summary: "run search N again", example: "history rerun 3", topic: .past,
            positionals: [.search])

        /// As `history` numbers the searches; nil: the last one.
        var n: Int?

        init(n: Int?) { self.n = n }

        init(_ args: CommandSpec.Arguments) throws(UsageError) { n = args.number("N") }

        /// `!N` re-runs search N, `!!` the last one.
        init(bang word: String) throws(UsageError) {
            if word == "!!" {
                n = nil
            } else if let n = Int(word.dropFirst()) {
                self.n = n
            } else {
                throw UsageError("\(word.prefix(40)) names no search: !N re-runs search N of history, !! the last one")
            }
        }

        static func service(in services: Services) -> HistoryService { services.history }

        func run(with history: HistoryService) async throws -> Output { try await history.rerun(n) }
    }

    /// `history rm N`.
    struct Remove: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "rm", summary: "forget search N", example: "history rm 3", topic: .past,
            positionals: [.search])

        var n: Int

        init(_ args: CommandSpec.Arguments) throws(UsageError) { n = args.number("N") ?? 1 }

        static func service(in services: Services) -> HistoryService { services.history }

        func run(with history: HistoryService) async throws -> Output { try history.remove(n) }
    }

    /// `history clear`.
    struct Clear: PlainCommand, ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "clear", summary: "forget every search", example: "history clear", topic: .past)

        static func service(in services: Services) -> HistoryService { services.history }

        func run(with history: HistoryService) async throws -> Output { try await history.clear() }
    }

    /// `history stats`.
    struct Stats: PlainCommand, ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "stats", summary: "how the searches are spread", example: "history stats", topic: .past)

        static func service(in services: Services) -> HistoryService { services.history }

        func run(with history: HistoryService) async throws -> Output { try history.stats() }
    }
}

extension CommandSpec.Positional {
    /// `N`: a search as `history` numbers them.
    static let search = Self("N", .number(1...Int.max), completer: .history)
}
