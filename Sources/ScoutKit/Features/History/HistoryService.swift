import FoundationEssentials

/// Past searches as a feature: the store (`history.jsonl` and its indexes), what a search and `done` write
/// into it, and what `history`, `!N` and the history picker do.
@MainActor final class HistoryService {
    let store: HistoryStore
    private let wiring: ServiceWiring

    init(wiring: ServiceWiring) {
        self.wiring = wiring
        let paths = wiring.context.paths
        store = HistoryStore(
            url: paths.historyFile, indexFolder: paths.cache, store: wiring.context.fileStore, warn: wiring.warn)
    }

    /// The lines typed at the prompt (Up, Ctrl-R), which `history clear` clears too.
    private var typedLines: LineHistoryStore {
        LineHistoryStore(url: wiring.context.paths.lineHistoryFile, store: wiring.context.fileStore)
    }

    /// A search as it ran, written as one record (its `id` is the session's, for `done`).
    func recordSearch(id: String, query: SearchQuery, count: Int, at time: Date) throws {
        try store.recordSearch(id: id, query: query, count: count, at: time)
    }

    /// Every past search, as the file holds them (Tab's numbers and labels).
    func log() throws -> HistoryLog { try store.log() }

    /// What `done` chose after `search`, written into that search's record.
    func recordDone(search: String, chosen: [Item], at time: Date) throws {
        try store.recordDone(search: search, chosen: chosen, at: time)
    }

    /// `history [N]`: the last `n` searches (20 when not given), and how to see more.
    func list(last n: Int?) throws -> Output {
        let log = try store.log()
        let shown = Array((1..<(log.count + 1)).suffix(n ?? 20))
        var output = listing(shown, in: log, empty: "No searches yet.")
        if shown.count < log.count {
            output.say("(the last \(shown.count) of \(log.count): history N shows more, history search TEXT finds one)")
        }
        return output
    }

    /// `history search TEXT`: the past searches whose terms hold `text`, with their numbers.
    /// Printed as they are read, a part at a time (`HistoryListing.Stream`); `--json` lists them whole.
    func search(_ text: String) throws -> Output {
        let log = try store.log()
        let found = log.matching(text)
        let empty = "No past search matches \"\(Text.brief(text))\"."
        guard !wiring.context.json, !found.isEmpty else { return listing(found, in: log, empty: empty, found: true) }
        var output = Output()
        output.stream(HistoryListing.Stream(log: log, numbers: found, localTime: wiring.context.localTime))
        return output
    }

    /// `history rerun N`, `!N`, `!!` (the newest for nil): says what runs, quoted to be pasted back, and runs it.
    func rerun(_ n: Int?) async throws -> Output {
        guard let entry = try entry(n, in: try store.log()) else {
            throw UsageError("no searches yet: nothing to re-run")
        }
        var output = Output()
        let line = Tokenizer.searchLine(entry.query)
        output.say("Re-running: \(line)")
        output.json[.rerun] = .string(line)
        output.merge(try await wiring.runSearch(entry.query))
        return output
    }

    /// `history rm N`.
    func remove(_ n: Int) throws -> Output {
        guard let entry = try entry(n, in: try store.log()) else { throw UsageError("no searches yet") }
        try store.remove(ids: [entry.id])
        var output = Output()
        output.say("Removed search \(n) (\(entry.source) \(BrowseService.describe(terms: entry.terms))).")
        return output
    }

    /// `history clear`: every search, and the lines typed at the prompt (as fish's `history clear` does),
    /// once confirmed on a terminal.
    func clear() async throws -> Output {
        var output = Output()
        let count = try store.log().count
        let typedLines = typedLines
        let searches = "\(count) search\(count == 1 ? "" : "es")"
        if count + typedLines.load().count > 0, let confirm = wiring.context.confirm,
            !(await confirm("Clear all \(searches) and typed lines? It cannot be undone."))
        {
            output.say("History kept: \(searches).")
            output.json[.removed] = .int(0)
            return output
        }
        let removed = try store.clear()
        let typed = try typedLines.clear()
        wiring.context.forgetTypedLines?()
        let lines = typed == 0 ? "" : ", and \(typed) typed line\(typed == 1 ? "" : "s")"
        output.say(
            removed == 0 && typed == 0
                ? "History was already empty."
                : "History cleared: \(removed) search\(removed == 1 ? "" : "es") removed\(lines).")
        output.json[.removed] = .int(removed)
        return output
    }

    /// `history stats`: how many searches, over which days, in which sources, the terms searched most,
    /// and how many ended in a choice.
    func stats() throws -> Output {
        let log = try store.log()
        var output = Output()
        let entries = log.entries(1..<(log.count + 1)).map(\.entry)
        guard let first = entries.first, let last = entries.last else {
            output.say("No searches yet.")
            output.json[.stats] = .object(["searches": .int(0)])
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
        let time = wiring.context.localTime
        let (from, to) = (
            RelativeTime.date(first.time, in: time), RelativeTime.date(last.time, in: time)
        )
        let when = from == to ? "on \(from)" : "from \(from) to \(to)"
        output.say(
            "\(entries.count) search\(entries.count == 1 ? "" : "es") \(when); \(chosen) ended in a choice (done).")
        output.say("By source: " + bySource.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        output.say(
            "Searched most: "
                + top.map { "\(BrowseService.describe(terms: $0.key)) (\($0.value))" }.joined(separator: ", "))
        output.json[.stats] = .object([
            "searches": .int(entries.count), "chosen": .int(chosen), "first": TypedJSON.date(first.time),
            "last": TypedJSON.date(last.time),
            "sources": .object(sources.mapValues(JSONValue.int)),
            "top": .array(top.map { .object(["terms": .string($0.key), "count": .int($0.value)]) }),
        ])
        return output
    }

    /// The history picker's candidates: the lines typed at the prompt, newest first, then the past
    /// searches' lines not among them, each once, newest first (`HistoryLines`).
    func pickerCorpus() throws -> PickerCorpus {
        try PickerCandidates.history(
            history: store, lineHistory: wiring.context.paths.lineHistoryFile, store: wiring.context.fileStore)
    }

    /// Entry `n` (from 1), or the newest for nil; nil when there is none.
    func entry(_ n: Int?, in log: HistoryLog) throws(UsageError) -> HistoryEntry? {
        guard log.count > 0 else { return nil }
        let n = n ?? log.count
        guard n >= 1, n <= log.count else {
            throw UsageError.notFound("there is no search \(n): history has 1 to \(log.count)")
        }
        guard let entry = log.entry(n) else { throw UsageError("search \(n) could not be read") }
        return entry
    }

    /// The searches numbered `numbers`, a line each, and for `--json` their fields; `found`: a history search's,
    /// whose total is what it found (the whole history's, else).
    private func listing(_ numbers: [Int], in log: HistoryLog, empty: String, found: Bool = false) -> Output {
        let entries = HistoryListing.inHalves(numbers) { log.entries($0) }
        return Output(
            showing: HistoryView(
                entries: entries, total: log.count, listed: found ? entries.count : log.count,
                localTime: wiring.context.localTime, empty: empty))
    }
}
