/// `done`: confirms the selection, prints the chosen items and writes them into the search's history record.
struct DoneCommand: PlainCommand, Equatable {
    static let spec = CommandSpec(
        name: "done", usage: "done", summary: "confirm the selection and print the chosen items", example: "done",
        topic: .choosing)

    func run(in state: ShellState) async throws -> Output {
        let selections = state.session.selections
        guard !selections.isEmpty else { throw UsageError("nothing selected: select RANGES first") }
        var output = Output()
        output.say(selections.count == 1 ? "Chosen:" : "Chosen (\(selections.count)):")
        for item in selections { output.say(state.fitted("  \(Renderer.summary(item))")) }
        // The search's history record gets its own picks: those among its results, or (results not fetched
        // again since a restart) those its source made; the selection may hold others.
        let results = state.results.loaded ? Set(state.results.items.map(\.id)) : nil
        let prefix = state.session.query.map { SourceRegistry.idPrefix(of: $0.source) }
        let fromSearch = selections.filter { results?.contains($0.id) ?? ($0.sourceName == prefix) }
        if let search = state.session.searchID, !fromSearch.isEmpty {
            do {
                try state.services.history.store.recordDone(search: search, chosen: fromSearch, at: state.context.now())
            } catch {
                output.warn("the choice was not written to history: \(error)")
            }
        }
        output.addJSON(state.itemRows(selections))
        return output
    }
}
