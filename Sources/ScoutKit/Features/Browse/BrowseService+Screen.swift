import FoundationEssentials

/// What the numbers on screen name (`BrowseService.rowsOnScreen`).
enum RowsOnScreen: Equatable {
    case results
    /// The films of a listing, by row: `listing` names it in errors (`the diary`).
    case films(listing: String, ids: [String])
}

/// The screen as the feature services see it (`Screen`): the rows of the list, what the numbers on screen
/// name, and the detail view with its artwork placed (`BrowseService+Art`).
extension BrowseService: Screen {
    /// What `fav add` keeps: those rows of the list; without rows, what the screen shows, the item of the
    /// detail view, else the selected items that are rows of the current list (never items selected in
    /// other searches).
    func itemsToKeep(_ rows: RangeSpec?) throws -> [Item] {
        if let rows {
            try requireResults()
            let shown = results.displayed
            return try rows.indices(count: shown.count).map { shown[$0] }
        }
        if case .detail(let id) = session.view,
            let item = results.displayed.first(where: { $0.id == id }) ?? results.items.first(where: { $0.id == id })
                ?? session.selections.first(where: { $0.id == id })
                ?? favourites.favourite(id)?.item
        {
            return [item]
        }
        if !results.loaded, session.query != nil {
            throw UsageError(
                "nothing to add yet: list shows the results again, then fav add N keeps row N, or select rows first")
        }
        let selected = selectedIDs
        let items = results.loaded ? results.displayed.filter { selected.contains($0.id) } : []
        guard !items.isEmpty else {
            let elsewhere = session.selections.count
            let note =
                elsewhere == 0
                ? "" : " (\(elsewhere == 1 ? "the one selected is" : "the \(elsewhere) selected are") not in this list)"
            throw UsageError("nothing to add: fav add N keeps row N, or select rows first\(note)")
        }
        return items
    }

    func number(_ ids: [String], as listing: String) { rowsOnScreen = .films(listing: listing, ids: ids) }

    var numbers: RowsOnScreen { rowsOnScreen }

    func item(known id: String) -> Item? {
        results.items.first(where: { $0.id == id }) ?? session.selections.first(where: { $0.id == id })
    }

    func itemShown(atRow row: Int) async throws -> Item {
        if let problem = try await prepareResults(upTo: row) { wiring.warn(problem) }
        return try item(atRow: row)
    }

    func showDetail(_ item: Item, under: String) -> Output { detailWithArt(item, under: under) }
}
