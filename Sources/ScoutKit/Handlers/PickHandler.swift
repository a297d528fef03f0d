import FoundationEssentials

/// `pick`: the candidates of history, favourites or results, ranked by `PickerMatcher`; `--filter`
/// prints them, otherwise the terminal's picker (or fzf) chooses and the choice is acted on.
@MainActor
struct PickHandler {
    let state: ShellState

    func pick(_ pick: Command.Pick) async throws -> Output {
        let corpus = try self.corpus(pick.over)
        var output = Output()
        if let query = pick.filter {
            let ranked = PickerMatcher(corpus).rank(PickerQuery(query)).matches
            // fzf --filter's habit: the matches, best first, a line each; nothing matched is no error.
            for match in ranked { output.say(corpus.text(match.index)) }
            output.pageable = false
            if state.context.json {
                output.json = TypedJSON.listing(.picked, ranked.map { match in
                    .object(["value": .string(corpus.value(match.index)), "text": .string(corpus.text(match.index)), "score": .int(match.score)])
                }, total: ranked.count)
            }
            return output
        }
        guard let picker = state.context.picker else {
            throw UsageError("pick needs a terminal: in a script, history search TEXT finds past searches, and pick \(pick.over.rawValue) --filter QUERY prints the ranked matches")
        }
        guard corpus.count > 0 else {
            output.say(pick.over == .history ? "No searches yet." : pick.over == .fav ? "No favourites yet." : "No rows to pick from.")
            return output
        }
        let request = PickerRequest(corpus: corpus, multiple: pick.over != .history, finder: state.settings.picker, title: pick.over.rawValue)
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
            let numbers = state.favourites.all().enumerated().filter { values.contains($0.element.id) }.map { $0.offset + 1 }
            for n in numbers { output.merge(try FavouritesHandler(state: state).fav(.show(n))) }
        case .results:
            let rows = values.compactMap(Int.init).sorted()
            guard !rows.isEmpty else { return output }
            output.merge(try SelectionHandler(state: state).select(try RangeSpec.parse(rows.map(String.init).joined(separator: ","))))
        }
        return output
    }

    /// The candidates, newest first.
    func corpus(_ over: Command.Pick.Over) throws -> PickerCorpus {
        switch over {
        case .history:
            return try PickerCandidates.history(history: state.history, lineHistory: state.context.paths.lineHistoryFile, store: state.context.fileStore)
        case .fav:
            let all = state.favourites.all()
            return PickerCorpus(all.enumerated().reversed().map { offset, favourite in
                let tags = favourite.tags.map { " #" + $0 }.joined()
                return .init(value: favourite.id, text: SafeText.clean("\(Renderer.summary(favourite.item))\(tags)  [\(favourite.id)]"), recency: offset)
            }, earlierMatchFirst: true)
        case .results:
            try state.requireResults()
            let rows = state.results.displayed
            return PickerCorpus(rows.enumerated().map { offset, item in
                .init(value: String(offset + 1), text: SafeText.clean("\(offset + 1)  \(Renderer.summary(item))"), recency: rows.count - offset)
            }, earlierMatchFirst: true)
        }
    }

}

/// What the picker opens over, for `pick`, Ctrl-R and `scripts/bench`.
public enum PickerCandidates {
    /// The history picker's candidates: the lines typed at the prompt, newest first, then the past
    /// searches' lines not among them, each once, newest first (`HistoryLines`).
    public static func history(history: HistoryStore, lineHistory: URL, store: FileStore) throws -> PickerCorpus {
        try HistoryLines.corpus(history: history, store: store).merging(typed: LineHistoryStore(url: lineHistory, store: store).load())
    }
}
