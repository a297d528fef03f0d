import FoundationEssentials

/// `pick`: the candidates of history, favourites or results, ranked by `PickerMatcher`; `--filter`
/// prints them, otherwise the terminal's picker (or fzf) chooses and the choice is acted on.
@MainActor
struct PickHandler {
    let state: ShellState

    func pick(_ pick: Command.Pick) async throws -> Output {
        let candidates = try self.candidates(pick.over)
        var output = Output()
        if let query = pick.filter {
            let matcher = PickerMatcher(candidates)
            let ranked = matcher.rank(PickerQuery(query)).matches
            // fzf --filter's habit: the matches, best first, a line each; nothing matched is no error.
            for match in ranked { output.say(matcher.candidates[match.index].text) }
            output.pageable = false
            if state.context.json {
                output.json = TypedJSON.listing(.picked, ranked.map { match in
                    let candidate = matcher.candidates[match.index]
                    return .object(["value": .string(candidate.value), "text": .string(candidate.text), "score": .int(match.score)])
                }, total: ranked.count)
            }
            return output
        }
        guard let picker = state.context.picker else {
            throw UsageError("pick needs a terminal: in a script, history search TEXT finds past searches, and pick \(pick.over.rawValue) --filter QUERY prints the ranked matches")
        }
        guard !candidates.isEmpty else {
            output.say(pick.over == .history ? "No searches yet." : pick.over == .fav ? "No favourites yet." : "No rows to pick from.")
            return output
        }
        let request = PickerRequest(candidates: candidates, multiple: pick.over != .history, finder: state.settings.picker, title: pick.over.rawValue)
        switch await picker(request) {
        case .cancelled:
            return output
        case .failed(let problem):
            throw UsageError(problem)
        case .chosen(let values):
            return try await act(on: values, over: pick.over)
        }
    }

    /// History: the line goes to the prompt; favourites: shown; results: selected.
    func act(on values: [String], over: Command.Pick.Over) async throws -> Output {
        var output = Output()
        switch over {
        case .history:
            output.prefill = values.first
        case .fav:
            let numbers = try state.favourites.all().enumerated().filter { values.contains($0.element.id) }.map { $0.offset + 1 }
            for n in numbers { output.merge(try FavouritesHandler(state: state).fav(.show(n))) }
        case .results:
            let rows = values.compactMap(Int.init).sorted()
            guard !rows.isEmpty else { return output }
            output.merge(try SelectionHandler(state: state).select(try RangeSpec.parse(rows.map(String.init).joined(separator: ","))))
        }
        return output
    }

    /// The candidates, newest first.
    func candidates(_ over: Command.Pick.Over) throws -> [PickerMatcher.Candidate] {
        switch over {
        case .history:
            return try PickerCandidates.history(history: state.history, lineHistory: state.context.paths.lineHistoryFile, store: state.context.fileStore)
        case .fav:
            let all = state.favourites.all()
            return all.enumerated().reversed().map { offset, favourite in
                let tags = favourite.tags.map { " #" + $0 }.joined()
                return .init(value: favourite.id, text: SafeText.clean("\(Renderer.summary(favourite.item))\(tags)  [\(favourite.id)]"), recency: offset)
            }
        case .results:
            try state.requireResults()
            let rows = state.results.displayed
            return rows.enumerated().map { offset, item in
                .init(value: String(offset + 1), text: SafeText.clean("\(offset + 1)  \(Renderer.summary(item))"), recency: rows.count - offset)
            }
        }
    }

}

/// What the picker opens over, for `pick`, Ctrl-R and `scripts/bench`.
public enum PickerCandidates {
    /// The history picker's candidates: past searches and the lines typed at the prompt.
    public static func history(history: HistoryStore, lineHistory: URL, store: FileStore) throws -> [PickerMatcher.Candidate] {
        let log = try history.log()
        let lines = history.indexFolder.flatMap { try? HistoryLines.current(log: log, history: history.url, in: $0, store: store) } ?? log.searchLines()
        return historyCandidates(lines, count: log.count, typed: LineHistoryStore(url: lineHistory, store: store).load())
    }

    /// Past searches as the lines that run them again, each once (its newest run, how often it ran),
    /// merged with the lines typed at the prompt: those carry no time and count as newer than any
    /// search, in their own order.
    static func historyCandidates(_ searches: [(line: String, newest: Int, runs: Int)], count: Int, typed: [String]) -> [PickerMatcher.Candidate] {
        // The typed lines (a thousand at most) by their position; each search line looks itself up there.
        let base = count + 1
        var typedAt = Dictionary(typed.enumerated().map { ($0.element, base + $0.offset) }) { _, later in later }
        var recency = searches.map { typedAt.isEmpty ? $0.newest : typedAt.removeValue(forKey: $0.line) ?? $0.newest }
        var lines = searches.map(\.line), runs = searches.map(\.runs)
        for (line, at) in typedAt {
            lines.append(line)
            recency.append(at)
            runs.append(1)
        }
        // Newest first: the order sorted as numbers, the lines taken in it.
        return lines.indices.sorted { recency[$0] > recency[$1] }.map { index in
            PickerMatcher.Candidate(value: lines[index], text: SafeText.clean(lines[index]), recency: recency[index], frequency: runs[index])
        }
    }
}
