/// `done`: confirms the selection, prints the chosen items and writes them into the search's history record.
struct DoneCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "done", usage: "done", summary: "confirm the selection and print the chosen items", example: "done",
        topic: .choosing,
        details: .table(
            """
            done  prints every item selected, in every source, and writes the picks of the searched source into that \
            search's history record (history shows them after →)
            kept  the selection stays; select none empties it
            """))

    /// The selection, and the history its search's record is in.
    static func service(in services: Services) -> (browse: BrowseService, history: HistoryService) {
        (services.browse, services.history)
    }

    func run(with services: (browse: BrowseService, history: HistoryService)) async throws -> Output {
        let (browse, history) = services
        let selections = browse.session.selections
        guard !selections.isEmpty else { throw UsageError("nothing selected: select RANGES first") }
        var output = Output()
        output.say(selections.count == 1 ? "Chosen:" : "Chosen (\(selections.count)):")
        for item in selections { output.say("  \(Renderer.summary(item))") }
        // The search's history record gets its own picks: those among its results, or (results not fetched
        // again since a restart) those its source made; the selection may hold others.
        let results = browse.results.loaded ? Set(browse.results.items.map(\.id)) : nil
        let prefix = browse.session.query.map { SourceRegistry.idPrefix(of: $0.source) }
        let fromSearch = selections.filter { results?.contains($0.id) ?? ($0.sourceName == prefix) }
        if let search = browse.session.searchID, !fromSearch.isEmpty {
            do {
                try history.store.recordDone(
                    search: search, chosen: fromSearch, at: browse.context.now())
            } catch {
                output.warn("the choice was not written to history: \(error)")
            }
        }
        output.addJSON(browse.itemRows(selections))
        return output
    }
}
