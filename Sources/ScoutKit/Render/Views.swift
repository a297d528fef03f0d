import FoundationEssentials

/// The listing page, its heading and the detail view, as text and as `--json`, from the state.
extension ShellState {
    /// The current page with its heading, marks and group headings.
    func listing() throws -> Output {
        try requireResults()
        session.page = min(session.page, results.pageCount)
        let rows = results.displayed
        var output = Output()
        // A page is sized to fit the window: it never goes through the pager, which would take the next keys.
        output.pageable = false
        output.say(heading())
        if rows.isEmpty {
            output.say(session.filter != nil ? "Nothing matches the filter: filter alone clears it." : "No results.")
        } else {
            let range = results.rows(onPage: session.page)
            let start = range.lowerBound
            let slice = rows[range]
            let favouriteIDs = favourites.favouriteIDs(among: slice.map(\.id))
            for line in Renderer(width: width).page(slice, firstRow: start + 1, columns: currentSource?.columns ?? [],
                                                           groupBy: resultView.groupField, selected: selectedIDs, favourites: favouriteIDs) {
                output.say(line)
            }
            if results.pageCount > 1 && session.page < results.pageCount {
                // A next page that no count promises yet (a filter over pages still to fetch) is not "page 2 of 1+".
                let known = !results.countIsOpen || session.page + 1 <= results.pageCount - 1
                output.say(known ? "next for page \(session.page + 1) of \(results.pageCountText)" : "next fetches more results, for a page \(session.page + 1) if more match")
            }
        }
        output.json = listingJSON()
        return output
    }

    /// A row of a listing, cut with … to the window's width on a terminal (whole on a pipe).
    func fitted(_ line: String) -> String {
        context.fitsWidth ? DisplayWidth.truncate(line, to: width) : line
    }

    /// A search as typed, for the heading and messages: `"alien" --type series`, or `everything`.
    static func searched(_ query: SearchQuery) -> String {
        var text = query.terms.isEmpty ? "everything" : "\"\(Text.brief(query.terms))\""
        for (name, value) in query.options.sorted(by: { $0.key < $1.key }) { text += " --\(name) \(value)" }
        return text
    }

    func heading() -> String {
        var parts = [session.source]
        parts.append(session.query.map(ShellState.searched) ?? "everything")
        let count = results.count
        // A source that does not say how many it has (iTunes) has "50+" while pages remain.
        let more = results.countIsOpen ? "+" : ""
        parts.append(count == 1 && more.isEmpty ? "1 result" : "\(count)\(more) results")
        if count > results.displayed.count { parts.append("\(results.displayed.count) loaded") }
        if let filter = session.filter { parts.append("filter \"\(filter)\"") }
        if let sort = session.sort { parts.append("by \(sort.description)") }
        parts.append("page \(session.page) of \(results.pageCountText)")
        if !session.selections.isEmpty { parts.append("\(session.selections.count) selected") }
        // In a narrow window the parts the prompt also shows go first (selected, then the page), then the
        // sort; what is left is cut with … rather than wrapped.
        var line = parts.joined(separator: " · ")
        for droppable in ["\(session.selections.count) selected", "page \(session.page) of \(results.pageCountText)", "by \(session.sort?.description ?? "")"]
        where DisplayWidth.of(line) > width {
            parts.removeAll { $0 == droppable }
            line = parts.joined(separator: " · ")
        }
        return DisplayWidth.truncate(line, to: width)
    }

    func listingJSON() -> [String: JSONValue] {
        let rows = results.displayed
        let range = results.rows(onPage: session.page)
        let start = range.lowerBound
        let slice = rows[range]
        let favouriteIDs = favourites.favouriteIDs(among: slice.map(\.id))
        var json = TypedJSON.listing(.results, slice.enumerated().map { offset, item in
            itemJSON(item, row: start + offset + 1, favourite: favouriteIDs.contains(item.id))
        }, total: results.countIsOpen ? nil : results.count)
        json["page"] = .int(session.page)
        // The pages known, as the heading counts them (`3+` is 3); `more` says whether the source may send more.
        json["pages"] = .int(results.countIsOpen ? max(1, results.pageCount - 1) : results.pageCount)
        json["more"] = .bool(results.hasMore)
        json["loaded"] = .int(rows.count)
        json["source"] = .string(session.source)
        return json
    }

    /// Items that are not rows of the list (the selection, the chosen), as a listing.
    func itemsJSON(_ items: [Item]) -> [String: JSONValue] {
        let favouriteIDs = favourites.favouriteIDs(among: items.map(\.id))
        return TypedJSON.listing(.results, items.map { itemJSON($0, favourite: favouriteIDs.contains($0.id)) }, total: items.count)
    }

    func itemJSON(_ item: Item, row: Int? = nil, favourite: Bool) -> JSONValue {
        var object = TypedJSON.item(item)
        object["selected"] = .bool(selectedIDs.contains(item.id))
        object["favourite"] = .bool(favourite)
        if let row { object["row"] = .int(row) }
        return .object(object)
    }

    func detail(_ item: Item) -> Output {
        var output = Output()
        for line in Renderer(width: width).detail(item, selected: selectedIDs.contains(item.id), favourite: favourites.contains(item.id)) {
            output.say(line)
        }
        output.json["item"] = itemJSON(item, favourite: favourites.contains(item.id))
        return output
    }
}
