/// `history`, its subcommands, and `!N` / `!!`: past searches, listed, found, re-run and removed.
struct HistoryCommand: SubcommandsCommand, ServiceCommand, Equatable {
    static func service(in services: Services) -> HistoryService { services.history }

    static let spec = CommandSpec(
        name: "history", usage: usage("history", alone: "N", subcommands),
        summary: "past searches; !N and !! re-run one", example: "history search alien", topic: .past,
        arguments: [.history], subcommands: subcommands.map(\.declared))

    enum Action: Equatable, Sendable {
        case list(Int?)
        case search(String)
        case rerun(Int?)
        case remove(Int)
        case clear
        case stats
    }

    var action: Action

    static let bare: Action? = .list(nil)

    static let subcommands: [Subcommand<Action>] = [
        Subcommand("search", "TEXT") { rest throws(UsageError) in
            guard !rest.isEmpty else { throw rest.usage() }
            return .search(rest.joined)
        },
        Subcommand("rerun", "N", completers: [.history]) { rest throws(UsageError) in .rerun(try number(rest)) },
        Subcommand("rm", "N", completers: [.history]) { rest throws(UsageError) in .remove(try number(rest)) },
        Subcommand("clear", .clear),
        Subcommand("stats", .stats),
    ]

    /// `history N`: the last N searches.
    static func unnamed(_ args: CommandSpec.Arguments) throws(UsageError) -> Action? {
        guard let word = args.subcommand, let n = Int(word) else { return nil }
        guard args.count == 1 else { throw args.usage() }
        guard n >= 1 else { throw UsageError("history N shows the last N searches: N from 1") }
        return .list(n)
    }

    /// The one number after `history rerun` and `history rm`, as `history` numbers the searches.
    private static func number(_ rest: CommandSpec.Arguments) throws(UsageError) -> Int {
        guard rest.count == 1, let n = Int(rest[0]), n >= 1 else {
            throw UsageError("\(rest.usage()) (N as history lists them)")
        }
        return n
    }

    func run(with history: HistoryService) async throws -> Output {
        switch action {
        case .list(let n): try history.list(last: n)
        case .search(let text): try history.search(text)
        case .rerun(let n): try await history.rerun(n)
        case .remove(let n): try history.remove(n)
        case .clear: try await history.clear()
        case .stats: try history.stats()
        }
    }
}

extension HistoryCommand {
    /// `!N` re-runs search N, `!!` the last one.
    init(bang word: String) throws(UsageError) {
        if word == "!!" {
            self.init(action: .rerun(nil))
        } else if let n = Int(word.dropFirst()) {
            self.init(action: .rerun(n))
        } else {
            throw UsageError("\(word.prefix(40)) names no search: !N re-runs search N of history, !! the last one")
        }
    }
}
