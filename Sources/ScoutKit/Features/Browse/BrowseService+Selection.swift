import FoundationEssentials

/// Choosing rows, the operations `select` and `pick` share.
extension BrowseService {
    /// Adds the rows `spec` names to the selection (one pick replaces another where the source takes one).
    func select(_ spec: RangeSpec) throws -> Output {
        try requireResults()
        if spec == .none {
            session.selections = []
            return selectionChanged("Selection cleared.")
        }
        let rows = results.displayed
        let single = currentSource?.selection == .single
        // Several rows where one pick is taken: that is the mistake to say, before any row that is not there.
        let onePick = UsageError("\(session.source) takes one pick: select a single row, such as select 3")
        if single, spec.namesSeveralRows { throw onePick }
        let items = try spec.indices(count: rows.count).map { rows[$0] }
        if single {
            guard items.count == 1, let item = items.first else { throw onePick }
            let source = session.source
            let replaced = session.selections.first { $0.sourceName == source && $0.id != item.id }
            session.selections.removeAll { $0.sourceName == source }
            session.selections.append(item)
            // One pick: a second replaces the first, and says which it replaced.
            return selectionChanged(
                "Selected \(Renderer.summary(item))\(replaced.map { " instead of \($0.title)" } ?? "").")
        }
        let known = selectedIDs
        let new = items.filter { !known.contains($0.id) }
        if new.isEmpty {
            return selectionChanged(
                items.count == 1
                    ? "\(items[0].title) was already selected (\(session.selections.count) in all)."
                    : "Those \(items.count) were already selected (\(session.selections.count) in all).")
        }
        session.selections.append(contentsOf: new)
        // Several are named, as one is: the first three, then how many more.
        let named = new.prefix(3).map(\.title).joined(separator: ", ")
        let rest = new.count > 3 ? " and \(new.count - 3) more" : ""
        return selectionChanged(
            new.count == 1
                ? "Selected \(Renderer.summary(new[0]))."
                : new.count == session.selections.count
                    ? "Selected \(new.count): \(named)\(rest)."
                    : "Selected \(new.count) more (\(session.selections.count) in all): \(named)\(rest).")
    }

    /// A message about the selection, with the selection as its `--json` rows.
    func selectionChanged(_ message: String) -> Output {
        var output = Output()
        output.say(message)
        output.addJSON(itemRows(session.selections))
        return output
    }

    /// `done`: every item selected, in every source, said; the picks of the searched source written into that
    /// search's record in `history`.
    func done(recordingIn history: HistoryService) throws -> Output {
        let selections = session.selections
        guard !selections.isEmpty else { throw UsageError("nothing selected: select RANGES first") }
        var output = Output()
        output.say(selections.count == 1 ? "Chosen:" : "Chosen (\(selections.count)):")
        for item in selections { output.say("  \(Renderer.summary(item))") }
        // The search's history record gets its own picks: those among its results, or (results not fetched
        // again since a restart) those its source made; the selection may hold others.
        let shown = results.loaded ? Set(results.items.map(\.id)) : nil
        let prefix = session.query.map { SourceRegistry.idPrefix(of: $0.source) }
        let fromSearch = selections.filter { shown?.contains($0.id) ?? ($0.sourceName == prefix) }
        if let search = session.searchID, !fromSearch.isEmpty {
            do {
                try history.recordDone(search: search, chosen: fromSearch, at: context.now())
            } catch {
                output.warn("the choice was not written to history: \(error)")
            }
        }
        output.addJSON(itemRows(selections))
        return output
    }

    /// `unselect RANGES|all`: rows of the list out of the selection (all: every item, in every source).
    func unselect(_ rows: RangeSpec) throws -> Output {
        if rows == .all || rows == .none {
            session.selections = []
            return selectionChanged("Selection cleared.")
        }
        try requireResults()
        let shown = results.displayed
        let ids = Set(try rows.indices(count: shown.count).map { shown[$0].id })
        let before = session.selections.count
        session.selections.removeAll { ids.contains($0.id) }
        let removed = before - session.selections.count
        let left = session.selections.count
        if removed == 0 {
            return selectionChanged("None of those rows was selected (\(left) selected): selection lists them.")
        }
        return selectionChanged("Unselected \(removed) (\(left) left).")
    }
}
