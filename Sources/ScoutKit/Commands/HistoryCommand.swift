/// `history`, its subcommands, and `!N` / `!!`: past searches, listed, found, re-run and removed.
struct HistoryCommand: ActionCommand, ServiceCommand, Equatable {
    static var service: KeyPath<Services, HistoryService> { \.history }

    static let spec = CommandSpec(
        name: "history",
        usage: "history [N] | history search TEXT | history rerun N | history rm N | history clear | history stats",
        summary: "past searches; !N and !! re-run one", example: "history search alien", topic: .past,
        arguments: [.history],
        subcommands: [
            .init("search"), .init("rerun", [.history]), .init("rm", [.history]), .init("clear"), .init("stats"),
        ])

    enum Action: Equatable, Sendable {
        case list(Int?)
        case search(String)
        case rerun(Int?)
        case remove(Int)
        case clear
        case stats
    }

    var action: Action

    static func action(_ args: CommandSpec.Arguments) throws(UsageError) -> Action {
        guard let sub = args.subcommand else { return .list(nil) }
        let rest = args.rest
        func number() throws(UsageError) -> Int {
            guard rest.count == 1, let n = Int(rest[0]), n >= 1 else {
                throw UsageError("usage: history \(sub) N (N as history lists them)")
            }
            return n
        }
        if let n = Int(sub), args.count == 1 {
            guard n >= 1 else { throw UsageError("history N shows the last N searches: N from 1") }
            return .list(n)
        }
        switch sub {
        case "search":
            guard !rest.isEmpty else { throw UsageError("usage: history search TEXT") }
            return .search(rest.joined(separator: " "))
        case "rerun": return .rerun(try number())
        case "rm": return .remove(try number())
        case "clear", "stats":
            guard rest.isEmpty else { throw UsageError("usage: history \(sub)") }
            return sub == "clear" ? .clear : .stats
        default: throw args.usage()
        }
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
