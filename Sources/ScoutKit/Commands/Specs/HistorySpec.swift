extension Command {
    public enum History: Equatable, Sendable {
        case list(Int?)
        case search(String)
        case rerun(Int?)
        case remove(Int)
        case clear
        case stats
    }
}

/// `history`, its subcommands, and `!N` / `!!` (read by `CommandTable.parse`).
enum HistorySpec {
    static let history = CommandSpec(
        name: "history", usage: "history [N] | history search TEXT | history rerun N | history rm N | history clear | history stats",
        summary: "past searches; !N and !! re-run one", example: "history search alien", topic: .past, arguments: [.history],
        subcommands: [.init("search"), .init("rerun", [.history]), .init("rm", [.history]), .init("clear"), .init("stats")],
        parse: { args throws(UsageError) in
            guard let sub = args.subcommand else { return .history(.list(nil)) }
            let rest = args.rest
            func number() throws(UsageError) -> Int {
                guard rest.count == 1, let n = Int(rest[0]), n >= 1 else { throw UsageError("usage: history \(sub) N (N as history lists them)") }
                return n
            }
            if let n = Int(sub), args.count == 1 {
                guard n >= 1 else { throw UsageError("history N shows the last N searches: N from 1") }
                return .history(.list(n))
            }
            switch sub {
            case "search":
                guard !rest.isEmpty else { throw UsageError("usage: history search TEXT") }
                return .history(.search(rest.joined(separator: " ")))
            case "rerun": return .history(.rerun(try number()))
            case "rm": return .history(.remove(try number()))
            case "clear", "stats":
                guard rest.isEmpty else { throw UsageError("usage: history \(sub)") }
                return .history(sub == "clear" ? .clear : .stats)
            default: throw args.usage()
            }
        })
}
