import FoundationEssentials

/// Looking through the results: `list`, paging, `filter`, `sort`, `group`, `show` and `open`.
@MainActor
struct ResultsHandler {
    let state: ShellState

    func run(_ command: Command) async throws -> Output {
        switch command {
        case .next: return try await turnPage(to: state.session.page + 1)
        case .prev: return try await turnPage(to: state.session.page - 1)
        case .page(let n): return try await turnPage(to: n)
        case .filter(let text):
            try state.requireResults()
            state.session.filter = text
            state.session.page = 1
        case .sort(let order):
            try state.requireResults()
            try checkApplies(order.key.rawValue, to: ResultSpecs.sort.name, among: ["title", "relevance"])
            if order.key != .relevance { try await loadEverythingBefore(ResultSpecs.sort.name) }
            state.session.sort = order
        case .group(let key):
            try state.requireResults()
            try checkApplies(key, to: ResultSpecs.group.name, among: ["none"])
            if key != "none" { try await loadEverythingBefore(ResultSpecs.group.name) }
            state.session.group = key
        case .show(let row): return try await show(row)
        case .open(let row): return try open(row)
        default: break
        }
        state.session.view = .list
        return try state.listing()
    }

    func turnPage(to page: Int) async throws -> Output {
        try state.requireResults()
        if page < 1 { throw UsageError("already on the first page") }
        let promised = state.results.hasMore
        while !state.results.pageIsFull(page) { try await state.fetchNextPage() }
        if promised, !state.results.hasMore, page > state.results.pageCount {
            // The source counted more than its pages hold: say so, rather than "there is only one page".
            let kept = state.results.view.filter == nil ? "" : "; the filter keeps \(state.results.displayed.count) of them"
            throw UsageError.notFound("\(state.session.source) sent no results after the \(state.results.items.count) loaded\(kept), so the list ends at page \(state.results.pageCount)")
        }
        if page == state.session.page + 1, page > state.results.pageCount { throw UsageError.notFound("already on the last page") }
        guard page <= state.results.pageCount else {
            throw UsageError(state.results.pageCount == 1 ? "there is only one page" : "there are only \(state.results.pageCount) pages: page 1 to \(state.results.pageCount)")
        }
        state.session.page = page
        state.session.view = .list
        return try state.listing()
    }

    /// Before an order that moves rows (a sort, a group), every result is fetched, so that a row number
    /// names the same item for as long as the list is shown: a page arriving later cannot move it.
    func loadEverythingBefore(_ what: String) async throws {
        guard state.results.hasMore else { return }
        let (_, _, failure) = try await loadRemaining()
        if let failure {
            throw UsageError("\(what) needs every result first, and loading stopped (\(failure)); \(state.results.items.count) results kept: \(what) again to go on")
        }
    }

    /// Fetches every remaining page of the current search into the results (see `ResultSet.loadRemaining`).
    func loadRemaining() async throws -> (added: Int, received: Int, failure: (any Error)?) {
        guard state.results.hasMore, let query = state.session.query else { return (0, 0, nil) }
        let source = try state.source(named: query.source)
        return await state.results.loadRemaining(query, from: source, progress: state.context.progress)
    }

    /// Refuses to sort or group by a field none of the results has (`sort year` on restaurants), naming
    /// the keys that do apply; `always` apply whatever the results hold.
    func checkApplies(_ key: String, to verb: String, among always: [String]) throws(UsageError) {
        let candidates = verb == ResultSpecs.sort.name ? SortOrder.Key.allCases.map(\.rawValue) : ResultSpecs.groupKeys
        let results = state.results.items
        func applies(_ key: String) -> Bool {
            always.contains(key) || results.contains { key == "year" ? $0.year != nil : key == "rating" ? $0.rating != nil : $0[field: key] != nil }
        }
        guard !applies(key), !results.isEmpty else { return }
        let usable = candidates.filter(applies)
        throw UsageError("\(state.session.source) results have no \(key): \(verb) \(usable.joined(separator: ", ")) instead")
    }

    /// The item on row `row` of the displayed list.
    func item(atRow row: Int) throws -> Item {
        try state.requireResults()
        let rows = state.results.displayed
        guard (1...max(1, rows.count)).contains(row), row <= rows.count else {
            throw UsageError.notFound(rows.isEmpty ? "there are no rows" : "there is no row \(row): rows run from 1 to \(rows.count)")
        }
        return rows[row - 1]
    }

    func show(_ row: Int) async throws -> Output {
        let item = try item(atRow: row)
        var problem: String?
        var detailed = item
        do {
            if let source = state.currentSource { detailed = try await source.details(of: item) }
        } catch SourceError.cancelled {
            throw SourceError.cancelled
        } catch {
            // What the list already knows is worth showing; the failure is said beside it.
            problem = "the full details could not be fetched (\(error)); this is what the list holds"
        }
        state.session.view = .detail(id: item.id)
        var output = state.detail(detailed)
        if let problem { output.warn(problem) }
        return output
    }

    func open(_ row: Int) throws -> Output {
        let item = try item(atRow: row)
        guard let url = item.url else { throw UsageError.notFound("\(item.title) has no web page") }
        var output = Output()
        // Only web pages go to a browser: a remote catalog's file: or javascript: link is printed, not opened.
        let web = ["http", "https"].contains(URL(string: url)?.scheme?.lowercased() ?? "")
        if web, let openURL = state.context.openURL {
            output.say(openURL(url) ? "Opened \(url)" : "No browser could be started (set BROWSER to one): \(url)")
        } else {
            output.say(url)
        }
        output.json["url"] = .string(url)
        return output
    }
}
