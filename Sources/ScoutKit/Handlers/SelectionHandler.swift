import FoundationEssentials

/// `select`, `unselect`, `selection` and `done`.
@MainActor
struct SelectionHandler {
    let state: ShellState

    func select(_ spec: RangeSpec) throws -> Output {
        try state.requireResults()
        if spec == .none {
            state.session.selections = []
            return selectionChanged("Selection cleared.")
        }
        let rows = state.results.displayed
        let indices = try spec.indices(count: rows.count)
        let items = indices.map { rows[$0] }
        if state.currentSource?.selection == .single {
            guard items.count == 1, let item = items.first else {
                throw UsageError("\(state.session.source) takes one pick: select a single row, such as select 3")
            }
            let source = state.session.source
            let replaced = state.session.selections.first { $0.sourceName == source && $0.id != item.id }
            state.session.selections.removeAll { $0.sourceName == source }
            state.session.selections.append(item)
            // One pick: a second replaces the first, and says which it replaced.
            return selectionChanged("Selected \(Renderer.summary(item))\(replaced.map { " instead of \($0.title)" } ?? "").")
        }
        let known = state.selectedIDs
        let new = items.filter { !known.contains($0.id) }
        if new.isEmpty {
            return selectionChanged(items.count == 1 ? "\(items[0].title) was already selected (\(state.session.selections.count) in all)."
                                                     : "Those \(items.count) were already selected (\(state.session.selections.count) in all).")
        }
        state.session.selections.append(contentsOf: new)
        return selectionChanged(new.count == 1 ? "Selected \(Renderer.summary(new[0]))." : "Selected \(new.count) more (\(state.session.selections.count) in all).")
    }

    func unselect(_ spec: RangeSpec) throws -> Output {
        if spec == .all || spec == .none {
            state.session.selections = []
            return selectionChanged("Selection cleared.")
        }
        try state.requireResults()
        let rows = state.results.displayed
        let ids = Set(try spec.indices(count: rows.count).map { rows[$0].id })
        let before = state.session.selections.count
        state.session.selections.removeAll { ids.contains($0.id) }
        let removed = before - state.session.selections.count
        if removed == 0 {
            return selectionChanged("None of those rows was selected (\(state.session.selections.count) selected): selection lists them.")
        }
        return selectionChanged("Unselected \(removed) (\(state.session.selections.count) left).")
    }

    func selectionChanged(_ message: String) -> Output {
        var output = Output()
        output.say(message)
        output.json = state.itemsJSON(state.session.selections)
        return output
    }

    func selection() -> Output {
        var output = Output()
        if state.session.selections.isEmpty {
            output.say("Nothing selected: select RANGES picks rows.")
        }
        for (index, item) in state.session.selections.enumerated() {
            output.say(state.fitted("\(index + 1). \(Renderer.summary(item))  [\(item.id)]"))
        }
        output.json = state.itemsJSON(state.session.selections)
        return output
    }

    /// Confirms the selection: prints the chosen items and writes them into the search's history record.
    func done() throws -> Output {
        guard !state.session.selections.isEmpty else { throw UsageError("nothing selected: select RANGES first") }
        var output = Output()
        output.say(state.session.selections.count == 1 ? "Chosen:" : "Chosen (\(state.session.selections.count)):")
        for item in state.session.selections { output.say(state.fitted("  \(Renderer.summary(item))")) }
        // The search's history record gets its own picks: those among its results, or (results not fetched
        // again since a restart) those its source made; the selection may hold others.
        let results = state.results.loaded ? Set(state.results.items.map(\.id)) : nil
        let prefix = state.session.query.map { SourceRegistry.idPrefix(of: $0.source) }
        let fromSearch = state.session.selections.filter { results?.contains($0.id) ?? ($0.sourceName == prefix) }
        if let search = state.session.searchID, !fromSearch.isEmpty {
            do {
                try state.history.recordDone(search: search, chosen: fromSearch, at: state.context.now())
            } catch {
                output.warn("the choice was not written to history: \(error)")
            }
        }
        output.json = state.itemsJSON(state.session.selections)
        return output
    }
}
