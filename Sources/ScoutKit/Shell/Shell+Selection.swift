import Foundation

extension Shell {
    var selectedIDs: Set<String> { Set(session.selections.map(\.id)) }

    func select(_ spec: RangeSpec) throws -> Output {
        try requireResults()
        if spec == .none {
            session.selections = []
            return selectionChanged("Selection cleared.")
        }
        let rows = displayed
        let indices = try spec.indices(count: rows.count)
        let items = indices.map { rows[$0] }
        if currentSource?.selection == .single {
            guard items.count == 1, let item = items.first else {
                throw UsageError("\(session.source) takes one pick: select a single row, such as select 3")
            }
            let source = session.source
            let replaced = session.selections.first { $0.sourceName == source && $0.id != item.id }
            session.selections.removeAll { $0.sourceName == source }
            session.selections.append(item)
            // One pick: a second replaces the first, and says which it replaced.
            return selectionChanged("Selected \(Renderer.summary(item))\(replaced.map { " instead of \($0.title)" } ?? "").")
        }
        let known = selectedIDs
        let new = items.filter { !known.contains($0.id) }
        if new.isEmpty {
            return selectionChanged(items.count == 1 ? "\(items[0].title) was already selected (\(session.selections.count) in all)."
                                                     : "Those \(items.count) were already selected (\(session.selections.count) in all).")
        }
        session.selections.append(contentsOf: new)
        return selectionChanged(new.count == 1 ? "Selected \(Renderer.summary(new[0]))." : "Selected \(new.count) more (\(session.selections.count) in all).")
    }

    func unselect(_ spec: RangeSpec) throws -> Output {
        if spec == .all || spec == .none {
            session.selections = []
            return selectionChanged("Selection cleared.")
        }
        try requireResults()
        let rows = displayed
        let ids = Set(try spec.indices(count: rows.count).map { rows[$0].id })
        let before = session.selections.count
        session.selections.removeAll { ids.contains($0.id) }
        return selectionChanged("Unselected \(before - session.selections.count) (\(session.selections.count) left).")
    }

    func selectionChanged(_ message: String) -> Output {
        var output = Output()
        output.say(message)
        output.json["selected"] = .array(session.selections.map { itemJSON($0, favourite: false) })
        return output
    }

    func selection() -> Output {
        var output = Output()
        if session.selections.isEmpty {
            output.say("Nothing selected: select RANGES picks rows.")
        }
        for (index, item) in session.selections.enumerated() {
            output.say(fitted("\(index + 1). \(Renderer.summary(item))  [\(item.id)]"))
        }
        output.json["selected"] = .array(session.selections.map { itemJSON($0, favourite: false) })
        return output
    }

    /// Confirms the selection: prints the chosen items and writes them into the search's history record.
    func done() throws -> Output {
        guard !session.selections.isEmpty else { throw UsageError("nothing selected: select RANGES first") }
        var output = Output()
        output.say(session.selections.count == 1 ? "Chosen:" : "Chosen (\(session.selections.count)):")
        for item in session.selections { output.say(fitted("  \(Renderer.summary(item))")) }
        // The search's history record gets the picks from its own source; the selection may hold others.
        let searched = session.query?.source
        let fromSearch = session.selections.filter { $0.sourceName == searched }
        if let search = session.searchID, !fromSearch.isEmpty {
            do {
                try history.recordDone(search: search, chosen: fromSearch, at: context.now())
            } catch {
                output.warn("the choice was not written to history: \(error)")
            }
        }
        output.json["chosen"] = .array(session.selections.map { itemJSON($0, favourite: false) })
        return output
    }
}
