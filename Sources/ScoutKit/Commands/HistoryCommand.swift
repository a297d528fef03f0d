import Dispatch
import FoundationEssentials
import Synchronization

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
            return historyList(
                log.matching(text), in: log, state: state, empty: "No past search matches \"\(Text.brief(text))\".",
                found: true)
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
            var output = Output()
            let count = try state.history.log().count
            let typedLines = LineHistoryStore(url: state.context.paths.lineHistoryFile, store: state.context.fileStore)
            let typedCount = typedLines.load().count
            let searches = "\(count) search\(count == 1 ? "" : "es")"
            // The lines typed at the prompt go too (Up, Ctrl-R, pick history show them), as fish's clear does.
            if count + typedCount > 0, let confirm = state.context.confirm,
                !(await confirm("Clear all \(searches) and typed lines? It cannot be undone."))
            {
                output.say("History kept: \(searches).")
                output.json["removed"] = .int(0)
                return output
            }
            let removed = try state.history.clear()
            let typed = try typedLines.clear()
            state.context.forgetTypedLines?()
            let lines = typed == 0 ? "" : ", and \(typed) typed line\(typed == 1 ? "" : "s")"
            output.say(
                removed == 0 && typed == 0
                    ? "History was already empty."
                    : "History cleared: \(removed) search\(removed == 1 ? "" : "es") removed\(lines).")
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
        let time = state.context.localTime
        let (from, to) = (
            RelativeTime.date(first.time, in: time), RelativeTime.date(last.time, in: time)
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

    /// The searches numbered `numbers`, a line each, and for `--json` their fields; `total` is how many the
    /// listing has in all: the whole history for `history`, what was `found` for `history search`.
    @MainActor func historyList(
        _ numbers: [Int], in log: HistoryLog, state: ShellState, empty: String, found: Bool = false
    ) -> Output {
        let total = log.count
        let (localTime, fit) = (state.context.localTime, state.context.fitsWidth ? state.width : nil)
        let shown = Self.inHalves(numbers) { part in
            Self.listed(log.entries(part), total: total, localTime: localTime, fit: fit)
        }
        var output = Output()
        if shown.isEmpty { output.say(empty) }
        for (_, _, line) in shown { output.say(line) }
        guard state.context.json else { return output }
        output.json = TypedJSON.listing(
            .history,
            shown.map { n, entry, _ in
                .object([
                    "n": .int(n), "time": TypedJSON.date(entry.time),
                    "source": .string(entry.source), "terms": .string(entry.terms),
                    "filters": .object(entry.filters.mapValues(JSONValue.string)), "count": .int(entry.count),
                    "chosen": .array(entry.chosen.map { .object(["id": .string($0.id), "title": .string($0.title)]) }),
                ])
            }, total: found ? shown.count : total)
        return output
    }

    /// History's lines for these entries: number, time, source, terms, filters, count and what was chosen,
    /// cut to `fit` cells when given.
    nonisolated static func listed(
        _ entries: [(n: Int, entry: HistoryEntry)], total: Int, localTime: LocalTime, fit: Int?
    ) -> [(n: Int, entry: HistoryEntry, line: String)] {
        let width = String(total).count
        var formatter = MinuteFormatter(timeZone: localTime)
        // Each line's bytes appended into one buffer, then made a String once: a history search lists tens of
        // thousands of these, and interpolating or appending Strings cost more than reading the records.
        var line: [UInt8] = []
        func add(_ text: String) { line.append(contentsOf: text.utf8) }
        return entries.map { n, entry in
            line.removeAll(keepingCapacity: true)
            let number = String(n)
            line.append(contentsOf: repeatElement(0x20, count: max(0, width - number.count)))
            add(number)
            add("  ")
            add(formatter.string(entry.time))
            add("  ")
            add(DisplayWidth.pad(entry.source, to: 11))
            add(" ")
            add(ShellState.describe(terms: entry.terms))
            for (name, value) in entry.filters.sorted(by: { $0.key < $1.key }) {
                add(" --")
                add(name)
                add(" ")
                add(value)
            }
            add("  ")
            add(String(entry.count))
            add(entry.count == 1 ? " result" : " results")
            for (index, choice) in entry.chosen.enumerated() {
                add(index == 0 ? "  → " : ", ")
                add(choice.title)
            }
            let text = String(decoding: line, as: UTF8.self)
            return (n, entry, fit.map { DisplayWidth.truncate(text, to: $0) } ?? text)
        }
    }

    /// `work` over `numbers` cut in two halves, run on two threads, the results in order; on this thread alone
    /// below 4,096 numbers. A search of a long history lists tens of thousands of past searches, and reading
    /// and lining them up is most of its time; the machines scout runs on have two cores or more.
    nonisolated static func inHalves<Result: Sendable>(
        _ numbers: [Int], _ work: @Sendable ([Int]) -> [Result]
    ) -> [Result] {
        guard numbers.count >= 4_096 else { return work(numbers) }
        let middle = numbers.count / 2
        let halves = [Array(numbers[..<middle]), Array(numbers[middle...])]
        let results = Mutex<[[Result]]>([[], []])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let part = work(halves[index])
            results.withLock { $0[index] = part }
        }
        return results.withLock { $0[0] + $0[1] }
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
