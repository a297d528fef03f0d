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
        // In a narrow window the parts the prompt also shows go first (selected, then the page), then the sort.
        return Renderer.heading(
            parts,
            dropping: [
                "\(session.selections.count) selected", "page \(session.page) of \(results.pageCountText)",
                "by \(session.sort?.description ?? "")",
            ], width: width)
    }

    /// Items that are not rows of the list (the selection, the chosen), as a listing for `--json`.
    func itemRows(_ items: [Item]) -> ItemRows {
        ItemRows(items: items, selected: selectedIDs, favourites: favourites.favouriteIDs(among: items.map(\.id)))
    }

    /// One item in full, with its marks, what the library holds of it and where it is watched (`watch`).
    func detail(_ item: Item, wrappedTo wrapWidth: Int? = nil, watch: [(label: String, value: String)] = []) -> Output {
        var output = Output()
        // What the library holds of it: a damaged library is said as a warning, not a failed `show`.
        let library = (try? self.library.library()) ?? Library()
        // The film the library knows by this id or one of its ids (a TMDb film by its IMDb id), or by its title and
        // year under another.
        let film = LibraryFilm(item)
        let landed = library.landing(film)
        let id = library.films[landed] != nil ? landed : library.film(matching: film) ?? item.id
        output.show(
            ItemDetail(
                item: item, selected: selectedIDs.contains(item.id), favourite: favourites.contains(item.id),
                width: wrapWidth ?? width, wrapWidth: wrapWidth, fits: wiring.context.fitsWidth,
                mine: (id == item.id ? [] : [("Library", id)]) + services.library.lines(id, library) + watch,
                library: library.films[id].map { LibraryJSON.film($0, library)() }))
        return output
    }

    /// `show N`: row N in full (its details asked of its source), with its artwork; a row of a library listing
    /// on screen is the film as the library holds it.
    func show(_ row: Int, library: LibraryService) async throws -> Output {
        if case .films(let listing, let ids) = rowsOnScreen, listing != "fav" {
            guard row <= ids.count else {
                throw UsageError.notFound("there is no row \(row): \(listing) shows rows 1 to \(ids.count)")
            }
            // A film of the library ends with where it is watched, as a result's detail does.
            let id = ids[row - 1]
            let film = try library.library().films[id]
            var watch: (lines: [(label: String, value: String)], problem: String?) = ([], nil)
            if let film {
                watch = await wiring.waiting("asking where it streams") {
                    await services.whereToWatch.lines(for: film, imdb: nil)
                }
            }
            var output = try library.cards([id], numbered: false, more: watch.lines)
            if let problem = watch.problem { output.warn(problem) }
            return output
        }
        let restoreProblem = try await prepareResults(upTo: row)
        let item = try item(atRow: row)
        // What the list already knows is worth showing; a failure is said beside it.
        let (detailed, failure) = try await details(of: item)
        let problem = failure.map { "the full details could not be fetched (\($0)); this is what the list holds" }
        // A film ends with where it is watched in the settings' country, when TMDb can say (not when its source
        // could not even give its details).
        var watch: (lines: [(label: String, value: String)], problem: String?) = ([], nil)
        if failure == nil {
            watch = await wiring.waiting("asking where it streams") { await services.whereToWatch.lines(for: detailed) }
        }
        session.view = .detail(id: item.id)
        return detailWithArt(
            detailed, warnings: [problem, watch.problem, restoreProblem].compactMap { $0 }, alone: "art \(row)",
            watch: watch.lines)
    }
}
