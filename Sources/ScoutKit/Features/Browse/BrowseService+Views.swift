/// The listing page, its heading and the detail view, as typed views of the state that the output
/// renders afterwards (`ResultsPage`, `ItemDetail`).
extension BrowseService {
    /// The current page with its heading, marks and group headings; nothing is rendered yet.
    func resultsPage() throws -> ResultsPage {
        try requireResults()
        rowsOnScreen = .results
        session.page = min(session.page, results.pageCount)
        let rows = results.displayed
        let range = results.rows(onPage: session.page)
        let slice = rows[range]
        var footer: String?
        if !rows.isEmpty, results.pageCount > 1 && session.page < results.pageCount {
            // A next page that no count promises yet (a filter over pages still to fetch) is not "page 2 of 1+".
            let known = !results.countIsOpen || session.page + 1 <= results.pageCount - 1
            footer =
                known
                ? "next for page \(session.page + 1) of \(results.pageCountText)"
                : "next fetches more results, for a page \(session.page + 1) if more match"
        }
        return ResultsPage(
            heading: heading(), rows: slice, sizedBy: rows[...], firstRow: range.lowerBound + 1,
            columns: currentSource?.columns ?? [], groupBy: resultView.groupField, selected: selectedIDs,
            favourites: favourites.favouriteIDs(among: slice.map(\.id)), width: width,
            empty: session.filter != nil ? "Nothing matches the filter: filter alone clears it." : "No results.",
            footer: footer, page: session.page,
            // The pages known, as the heading counts them (`3+` is 3).
            pages: results.countIsOpen ? max(1, results.pageCount - 1) : results.pageCount,
            more: results.hasMore, loaded: rows.count, total: results.countIsOpen ? nil : results.count,
            source: session.source)
    }

    /// The current page as output: read on a terminal, rows and fields under `--json`; at most `maxLines`
    /// lines when given.
    func listing(maxLines: Int? = nil) throws -> Output {
        var output = Output()
        // A page is sized to fit the window: it never goes through the pager, which would take the next keys.
        output.pageable = false
        var page = try resultsPage()
        page.maxLines = maxLines
        output.show(page)
        return output
    }

    /// A search as typed, for the heading and messages: `"alien" --type series`, or `everything`.
    nonisolated static func searched(_ query: SearchQuery) -> String {
        var text = query.terms.isEmpty ? "everything" : "\"\(Text.brief(query.terms))\""
        for (name, value) in query.options.sorted(by: { $0.key < $1.key }) { text += " --\(name) \(value)" }
        return text
    }

    /// Search terms as listings show them: quoted, or `everything` for a search without terms.
    nonisolated static func describe(terms: String) -> String {
        terms.isEmpty ? "everything" : "\"\(terms)\""
    }

    func heading() -> String {
        var parts = [session.source]
        parts.append(session.query.map(BrowseService.searched) ?? "everything")
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
        for droppable in [
            "\(session.selections.count) selected", "page \(session.page) of \(results.pageCountText)",
            "by \(session.sort?.description ?? "")",
        ]
        where DisplayWidth.of(line) > width {
            parts.removeAll { $0 == droppable }
            line = parts.joined(separator: " · ")
        }
        return DisplayWidth.truncate(line, to: width)
    }

    /// Items that are not rows of the list (the selection, the chosen), as a listing for `--json`.
    func itemRows(_ items: [Item]) -> ItemRows {
        ItemRows(items: items, selected: selectedIDs, favourites: favourites.favouriteIDs(among: items.map(\.id)))
    }

    /// One item in full, with its marks.
    func detail(_ item: Item, wrappedTo wrapWidth: Int? = nil) -> Output {
        var output = Output()
        // What the library holds of it: a damaged library is said as a warning, not a failed `show`.
        let library = (try? self.library.library()) ?? Library()
        // The film the library knows by this id, or by its title and year under another.
        let id = library.films[item.id] == nil ? library.film(matching: LibraryFilm(item)) ?? item.id : item.id
        output.show(
            ItemDetail(
                item: item, selected: selectedIDs.contains(item.id), favourite: favourites.contains(item.id),
                width: wrapWidth ?? width, wrapWidth: wrapWidth,
                mine: (id == item.id ? [] : ["Library:   \(id)"]) + services.library.lines(id, library),
                library: library.films[id].map { LibraryJSON.film($0, library)() }))
        return output
    }
}

/// A page of results: its heading, its rows with their marks, and what `--json` says of the list.
struct ResultsPage: OutputView {
    var heading: String
    /// The page's rows, numbered from `firstRow`, with the columns beside their titles; their widths are
    /// those every row of the result set (`sizedBy`) needs.
    var rows: ArraySlice<Item>
    var sizedBy: ArraySlice<Item>
    var firstRow: Int
    var columns: [String]
    var groupBy: String?
    /// The ids marked `*` and `♥`.
    var selected, favourites: Set<String>
    var width: Int
    /// What an empty page says, and the line under the rows that says how to go on.
    var empty: String
    var footer: String?
    /// What `--json` says of the list: the page, the pages known, whether more may come, the rows
    /// loaded, the total (nil where the source does not say) and the source.
    var page, pages: Int
    var more: Bool
    var loaded: Int
    var total: Int?
    var source: String
    /// At most this many lines (the restored page under the welcome lines): the rows that fit, then a line
    /// that says `list` shows the rest.
    var maxLines: Int?

    var lines: [StyledLine] {
        var lines = [StyledLine(heading)]
        if rows.isEmpty { return lines + [StyledLine(empty)] }
        lines += Renderer(width: width).page(
            rows, firstRow: firstRow, columns: columns, groupBy: groupBy,
            selected: selected, favourites: favourites, sizedBy: sizedBy)
        if let footer { lines.append(StyledLine(footer)) }
        if let maxLines, lines.count > maxLines {
            var kept = Array(lines.prefix(max(2, maxLines - 1)))
            // A group heading whose rows did not fit goes with them.
            while kept.count > 1, kept.last?.plain.hasPrefix("──") == true { kept.removeLast() }
            // The heading and group headings (`── 1979 ──`) are not rows.
            let shown = kept.dropFirst().count { !$0.plain.hasPrefix("──") }
            lines = kept
            if shown < rows.count {
                // One line whatever the width: a wrapped one would push the welcome off the screen again.
                lines.append(
                    StyledLine(
                        DisplayWidth.truncate("(\(rows.count - shown) more: list shows the whole page)", to: width)))
            }
        }
        return lines
    }

    var json: [String: JSONValue] {
        var json = TypedJSON.listing(
            .results,
            rows.enumerated().map { offset, item in
                TypedJSON.row(
                    item, row: firstRow + offset, selected: selected.contains(item.id),
                    favourite: favourites.contains(item.id))
            }, total: total)
        json["page"] = .int(page)
        json["pages"] = .int(pages)
        json["more"] = .bool(more)
        json["loaded"] = .int(loaded)
        json["source"] = .string(source)
        return json
    }
}

/// Items that are not rows of the list (the selection, the chosen), as `--json` lists them.
struct ItemRows: OutputView {
    var items: [Item]
    var selected: Set<String>
    var favourites: Set<String>

    var lines: [StyledLine] { [] }

    var json: [String: JSONValue] {
        TypedJSON.listing(
            .results,
            items.map {
                TypedJSON.row($0, selected: selected.contains($0.id), favourite: favourites.contains($0.id))
            }, total: items.count)
    }
}

/// One item in full: title, every field, web page, marks.
struct ItemDetail: OutputView {
    var item: Item
    var selected: Bool
    var favourite: Bool
    var width: Int
    /// The width its lines are broken at here, when it is narrower than the window (artwork beside it).
    var wrapWidth: Int?
    /// What the library holds of it (`You rated: ★★★★½`), under the fields.
    var mine: [String] = []
    /// The same for `--json`, as `rate` gives it; nil when the library does not know the item.
    var library: [String: JSONValue]?

    var lines: [StyledLine] {
        let lines =
            Renderer(width: width).detail(item, selected: selected, favourite: favourite) + mine.map { StyledLine($0) }
        guard let wrapWidth else { return lines }
        return lines.flatMap { $0.wrapped(to: wrapWidth) }
    }
    var json: [String: JSONValue] {
        var json = ["item": TypedJSON.row(item, selected: selected, favourite: favourite)]
        if let library { json["library"] = library["library"] }
        return json
    }
}
