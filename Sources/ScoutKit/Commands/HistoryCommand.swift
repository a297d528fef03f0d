import FoundationEssentials

/// `history`, its subcommands, and `!N` / `!!`: past searches, listed, found, re-run and removed.
struct HistoryCommand: ActionCommand, Equatable {
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

    func run(in state: ShellState) async throws -> Output {
        switch action {
        case .list(let n):
            let log = try state.history.log()
            let shown = Array((1..<(log.count + 1)).suffix(n ?? 20))
            var output = historyList(shown, in: log, state: state, empty: "No searches yet.")
            if shown.count < log.count {
                output.say(
                    "(the last \(shown.count) of \(log.count): history N shows more, history search TEXT finds one)")
            }
            return output
        case .search(let text):
            let log = try state.history.log()
            return historyList(log.matching(text), in: log, state: state, empty: "No past search matches \"\(text)\".")
        case .rerun(let n):
            let log = try state.history.log()
            guard let entry = try Self.entry(n, in: log) else { throw UsageError("no searches yet: nothing to re-run") }
            var output = Output()
            // Exactly what runs, options included, quoted so that it can be pasted back.
            let line = Tokenizer.searchLine(entry.query)
            output.say("Re-running: \(line)")
            output.json["rerun"] = .string(line)
            output.merge(try await state.runSearch(entry.query))
            return output
        case .remove(let n):
            let log = try state.history.log()
            guard let entry = try Self.entry(n, in: log) else { throw UsageError("no searches yet") }
            try state.history.remove(ids: [entry.id])
            var output = Output()
            output.say("Removed search \(n) (\(entry.source) \(ShellState.describe(terms: entry.terms))).")
            return output
        case .stats:
            return try stats(state)
        case .clear:
            let removed = try state.history.clear()
            var output = Output()
            output.say(
                removed == 0
                    ? "History was already empty."
                    : "History cleared: \(removed) search\(removed == 1 ? "" : "es") removed.")
            output.json["removed"] = .int(removed)
            return output
        }
    }

    /// `history stats`: how many searches, over which days, in which sources, the terms searched most,
    /// and how many ended in a choice.
    @MainActor func stats(_ state: ShellState) throws -> Output {
        let log = try state.history.log()
        var output = Output()
        let entries = log.entries(1..<(log.count + 1)).map(\.entry)
        guard let first = entries.first, let last = entries.last else {
            output.say("No searches yet.")
            output.json["stats"] = .object(["searches": .int(0)])
            return output
        }
        var sources: [String: Int] = [:], terms: [String: Int] = [:]
        for entry in entries {
            sources[entry.source, default: 0] += 1
            terms[entry.terms, default: 0] += 1
        }
        let bySource = sources.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let top = terms.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5)
        let chosen = entries.filter { !$0.chosen.isEmpty }.count
        let calendar = state.context.calendar
        let (from, to) = (
            RelativeTime.date(first.time, calendar: calendar), RelativeTime.date(last.time, calendar: calendar)
        )
        let when = from == to ? "on \(from)" : "from \(from) to \(to)"
        output.say(
            "\(entries.count) search\(entries.count == 1 ? "" : "es") \(when); \(chosen) ended in a choice (done).")
        output.say(state.fitted("By source: " + bySource.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))
        output.say(
            state.fitted(
                "Searched most: "
                    + top.map { "\(ShellState.describe(terms: $0.key)) (\($0.value))" }.joined(separator: ", ")))
        output.json["stats"] = .object([
            "searches": .int(entries.count), "chosen": .int(chosen), "first": TypedJSON.date(first.time),
            "last": TypedJSON.date(last.time),
            "sources": .object(sources.mapValues(JSONValue.int)),
            "top": .array(top.map { .object(["terms": .string($0.key), "count": .int($0.value)]) }),
        ])
        return output
    }

    /// Entry `n` (from 1), or the newest for nil.
    static func entry(_ n: Int?, in log: HistoryLog) throws(UsageError) -> HistoryEntry? {
        guard log.count > 0 else { return nil }
        let n = n ?? log.count
        guard n >= 1, n <= log.count else {
            throw UsageError.notFound("there is no search \(n): history has 1 to \(log.count)")
        }
        guard let entry = log.entry(n) else { throw UsageError("search \(n) could not be read") }
        return entry
    }

    @MainActor func historyList(_ numbers: [Int], in log: HistoryLog, state: ShellState, empty: String) -> Output {
        let shown = log.entries(numbers).map { (offset: $0.n - 1, element: $0.entry) }
        let total = log.count
        var output = Output()
        if shown.isEmpty { output.say(empty) }
        let width = String(total).count
        var formatter = MinuteFormatter(timeZone: state.context.calendar.timeZone)
        for (offset, entry) in shown {
            let filters = entry.filters.sorted { $0.key < $1.key }.map { " --\($0.key) \($0.value)" }.joined()
            var line =
                "\(String(offset + 1).leftPadded(to: width, with: " "))  \(formatter.string(entry.time))  "
                + "\(DisplayWidth.pad(entry.source, to: 11)) \(ShellState.describe(terms: entry.terms))\(filters)  "
                + "\(entry.count) result\(entry.count == 1 ? "" : "s")"
            if !entry.chosen.isEmpty { line += "  → " + entry.chosen.map(\.title).joined(separator: ", ") }
            output.say(state.fitted(line))
        }
        guard state.context.json else { return output }
        output.json = TypedJSON.listing(
            .history,
            shown.map { offset, entry in
                .object([
                    "n": .int(offset + 1), "time": TypedJSON.date(entry.time),
                    "source": .string(entry.source), "terms": .string(entry.terms),
                    "filters": .object(entry.filters.mapValues(JSONValue.string)), "count": .int(entry.count),
                    "chosen": .array(entry.chosen.map { .object(["id": .string($0.id), "title": .string($0.title)]) }),
                ])
            }, total: total)
        return output
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
