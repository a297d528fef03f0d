import FoundationEssentials

/// Running a search, the operation `search`, `history rerun`, `!N`, `pick` and a restored session
/// share: the deny list's refusal, the first page, the history record, and the results' order.
extension BrowseService {
    /// Runs `query` as a new search: refused when denied, else its first page shown and recorded in history.
    /// `arrange` narrows and orders the results before they are shown (a saved search's filter and sort);
    /// what it returns is said above them.
    func runSearch(_ query: SearchQuery, arrange: (() async -> String?)? = nil) async throws -> Output {
        let source = try source(named: query.source)
        try source.validate(query)
        if let refused = try services.deny.refusal(of: query, in: source) { return refused }
        let first = try await wiring.waiting("searching \(source.name)") { try await source.search(query, page: 1) }
        results.start(with: first)
        if session.source != source.name {
            // An order chosen for one source's fields is no order for another's (rating for restaurants).
            session.sort = nil
            session.group = nil
        }
        session.source = source.name
        session.query = query
        session.filter = nil
        session.page = 1
        session.view = .list
        // A scout page may span several of the source's (OMDb gives 10 at a time).
        while !results.pageIsFull(1) { try await fetchNextPage() }
        var output = Output()
        if let orderNote = keepOrderThatApplies(source: source.name) { output.say(orderNote) }
        if let arrange, !results.items.isEmpty, let note = await arrange() { output.say(note) }
        if let note = first.note { output.say("(\(note))") }
        let id = UUID().uuidString
        do {
            try services.history.recordSearch(id: id, query: query, count: results.count, at: context.now())
            session.searchID = id
        } catch {
            output.warn("the search ran but was not written to history: \(error)")
        }
        if results.items.isEmpty {
            output.say("No \(source.name) match \(BrowseService.searched(query)).")
            output.addJSON(try resultsPage())
            services.deny.rememberEmptySearch(query, in: source, answer: first, into: &output)
            return output
        }
        output.merge(try listing())
        return output
    }

    /// After a new search: drops a sort or grouping its results have no field for, and one that would move
    /// rows while pages remain (sort and group load them all first; a new search does not, unasked).
    /// Returns the note that says so.
    private func keepOrderThatApplies(source: String) -> String? {
        if let sort = session.sort, (try? checkSort(sort.key)) == nil { session.sort = nil }
        if let group = session.group, (try? checkGroup(group)) == nil { session.group = nil }
        var note: String?
        if results.hasMore, let sort = session.sort, sort.key != .relevance {
            note =
                "(in the order \(source) sent them: sort \(sort.description) again to fetch every page and sort them)"
            session.sort = nil
        }
        if results.hasMore, let group = session.group, group != "none" {
            note = note ?? "(in the order \(source) sent them: group \(group) again to fetch every page and group them)"
            session.group = nil
        }
        return note
    }

    /// Fetches the current query's results again (after a restart or a session load), without a history
    /// record; returns what went wrong, as a warning.
    func reload() async -> String? {
        guard let query = session.query else { return nil }
        do {
            let source = try source(named: query.source)
            let first = try await wiring.waiting("restoring your \(source.name) search") {
                try await source.search(query, page: 1)
            }
            results.start(with: first)
            while !results.pageIsFull(session.page) { try await fetchNextPage() }
            return nil
        } catch {
            results.clear()
            if case SourceError.cancelled = error {
                return "fetching \(BrowseService.searched(query)) again was cancelled: list fetches it when you want it"
            }
            return
                "could not fetch the results of \(BrowseService.searched(query)) again (\(error)); search again when "
                + "you can"
        }
    }

    /// Fetches every remaining page of the current search into the results (see `ResultSet.loadRemaining`).
    func loadRemaining() async throws -> (added: Int, received: Int, failure: (any Error)?) {
        guard results.hasMore, let query = session.query else { return (0, 0, nil) }
        return await results.loadRemaining(query, from: try source(named: query.source), progress: context.progress)
    }

    /// Before an order that moves rows (a sort, a group), every result is fetched, so that a row number
    /// names the same item for as long as the list is shown: a page arriving later cannot move it.
    func loadEverythingBefore(_ what: String) async throws {
        guard results.hasMore else { return }
        let (_, _, failure) = try await loadRemaining()
        if let failure {
            throw UsageError(
                "\(what) needs every result first, and loading stopped (\(failure)); \(results.items.count) results "
                    + "kept: \(what) again to go on"
            )
        }
    }

    /// Orders the results by `order`: refused when none has its field, every page fetched first when it
    /// moves rows. `sort` and a saved search's run share it.
    func applySort(_ order: SortOrder) async throws {
        try checkSort(order.key)
        if order.key != .relevance { try await loadEverythingBefore("sort") }
        session.sort = order
    }

    /// Sections the results by `key`, as `applySort` orders them.
    func applyGroup(_ key: String) async throws {
        try checkGroup(key)
        if key != "none" { try await loadEverythingBefore("group") }
        session.group = key
    }

    /// Filters, orders or groups the results (`reorder`) and shows the list from page 1: rows move, so page 3
    /// of the old list is nothing in the new one.
    func relisted(after reorder: () async throws -> Void) async throws -> Output {
        try requireResults()
        try await reorder()
        session.page = 1
        session.view = .list
        return try listing()
    }

    /// Refuses to sort by a field none of the results has (`sort year` on restaurants), naming the keys
    /// that do; title and relevance apply to any results.
    func checkSort(_ key: SortOrder.Key) throws(UsageError) {
        try checkApplies(
            key.rawValue, to: "sort", among: ["title", "relevance"], candidates: SortOrder.Key.allCases.map(\.rawValue))
    }

    /// Refuses to group by a field none of the results has (`group cuisine` on films), naming the keys that do.
    func checkGroup(_ key: String) throws(UsageError) {
        try checkApplies(key, to: "group", among: ["none"], candidates: ResultView.groupKeys)
    }

    /// The sort keys that apply to the results (every one before a search), as Tab offers them.
    var sortKeys: [String] { applying(SortOrder.Key.allCases.map(\.rawValue), always: ["title", "relevance"]) }

    /// The group keys that apply to the results (every one before a search), as Tab offers them.
    var groupKeys: [String] { applying(ResultView.groupKeys, always: ["none"]) }

    /// Those of `candidates` some result has a field for; `always` apply whatever the results hold.
    private func applying(_ candidates: [String], always: [String]) -> [String] {
        let items = results.loaded ? results.items : []
        guard !items.isEmpty else { return candidates }
        return candidates.filter { key in
            always.contains(key)
                || items.contains {
                    key == "year" ? $0.year != nil : key == "rating" ? $0.rating != nil : $0[field: key] != nil
                }
        }
    }

    /// `key` among `candidates`, for `verb`: `always` apply whatever the results hold.
    private func checkApplies(_ key: String, to verb: String, among always: [String], candidates: [String])
        throws(UsageError)
    {
        let applying = applying(candidates, always: always)
        guard !applying.contains(key) else { return }
        throw UsageError(
            "\(session.source) results have no \(key): \(verb) \(Text.sentence(applying, last: "or")) instead")
    }

    /// The item on row `row` of the displayed list.
    func item(atRow row: Int) throws -> Item {
        try requireResults()
        let rows = results.displayed
        guard (1...max(1, rows.count)).contains(row), row <= rows.count else {
            throw UsageError.notFound(
                rows.isEmpty ? "there are no rows" : "there is no row \(row): rows run from 1 to \(rows.count)")
        }
        return rows[row - 1]
    }

    /// Before work on the rows: the results of a restored session, fetched when first needed rather than at
    /// start; and a row the heading counts but no page has brought yet (select 22 of 23 with 20 here).
    /// Returns why the results could not be restored, to be said as a warning.
    func prepareResults(upTo row: Int?) async throws -> String? {
        var problem: String?
        if !results.loaded, session.query != nil { problem = await reload() }
        if problem == nil, let row, results.loaded {
            do {
                while results.hasMore, results.displayed.count < row { try await fetchNextPage() }
            } catch {
                throw UsageError("row \(row) is not loaded and its page could not be fetched (\(error))")
            }
        }
        return problem
    }

    /// `use SOURCE`: the source searches go to, the search left behind.
    func use(_ name: String) throws -> Output {
        let source = try source(named: name)
        var output = Output()
        guard source.name != session.source else {
            output.say("Already using \(source.name).")
            return output
        }
        session.source = source.name
        session.query = nil
        session.filter = nil
        session.sort = nil
        session.group = nil
        session.page = 1
        session.view = .list
        session.searchID = nil
        results.clear()
        output.say("Now using \(source.name): \(source.searchHint).")
        output.json[.source] = .string(source.name)
        return output
    }
}
