import FoundationEssentials

/// `search`, `use`, `sources` and `load all`: starting a search, fetching its pages, switching sources.
@MainActor
struct SearchHandler {
    let state: ShellState

    func search(_ query: SearchQuery) async throws -> Output {
        let source = try state.source(named: query.source)
        try source.validate(query)
        if let refused = try DenyHandler(state: state).refusal(of: query, in: source) { return refused }
        let first = try await state.waiting("searching \(source.name)") { try await source.search(query, page: 1) }
        state.results.start(with: first)
        if state.session.source != source.name {
            // An order chosen for one source's fields is no order for another's (rating for restaurants).
            state.session.sort = nil
            state.session.group = nil
        }
        state.session.source = source.name
        state.session.query = query
        state.session.filter = nil
        state.session.page = 1
        state.session.view = .list
        // A scout page may span several of the source's (OMDb gives 10 at a time).
        while !state.results.pageIsFull(1) { try await state.fetchNextPage() }
        // An order that moves rows needs every page (sort and group load them all first); a new search whose
        // pages are not all here starts in the source's order rather than fetch them all unasked.
        var orderNote: String?
        if let sort = state.session.sort, (try? ResultsHandler(state: state).checkApplies(sort.key.rawValue, to: ResultSpecs.sort.name, among: ["title", "relevance"])) == nil {
            state.session.sort = nil  // this search's results have no such field
        }
        if let group = state.session.group, (try? ResultsHandler(state: state).checkApplies(group, to: ResultSpecs.group.name, among: ["none"])) == nil {
            state.session.group = nil
        }
        if state.results.hasMore, let sort = state.session.sort, sort.key != .relevance {
            orderNote = "(in \(source.name)'s order: sort \(sort.description) again to fetch every page and sort them)"
            state.session.sort = nil
        }
        if state.results.hasMore, let group = state.session.group, group != "none" {
            orderNote = orderNote ?? "(in \(source.name)'s order: group \(group) again to fetch every page and group them)"
            state.session.group = nil
        }
        var output = Output()
        if let orderNote { output.say(orderNote) }
        if let note = first.note { output.say("(\(note))") }
        let id = UUID().uuidString
        do {
            try state.history.recordSearch(id: id, query: query, count: state.results.count, at: state.context.now())
            state.session.searchID = id
        } catch {
            output.warn("the search ran but was not written to history: \(error)")
        }
        if state.results.items.isEmpty {
            output.say("No \(source.name) match \(ShellState.searched(query)).")
            output.json = state.listingJSON()
            DenyHandler(state: state).rememberEmptySearch(query, in: source, answer: first, into: &output)
            return output
        }
        output.merge(try state.listing())
        return output
    }

    func use(_ name: String) throws -> Output {
        let source = try state.source(named: name)
        var output = Output()
        guard source.name != state.session.source else {
            output.say("Already using \(source.name).")
            return output
        }
        state.session.source = source.name
        state.session.query = nil
        state.session.filter = nil
        state.session.sort = nil
        state.session.group = nil
        state.session.page = 1
        state.session.view = .list
        state.session.searchID = nil
        state.results.clear()
        output.say("Now using \(source.name): \(source.searchHint).")
        output.json["source"] = .string(source.name)
        return output
    }

    func sources() -> Output {
        var output = Output()
        var rows: [JSONValue] = []
        for name in SourceRegistry.names {
            guard let source = try? state.source(named: name) else { continue }
            let (origin, usable) = (source.origin, source.usable)
            let current = name == state.session.source ? "▸" : " "
            output.say("\(current) \(DisplayWidth.pad(name, to: 13)) \(usable ? "usable " : "no key ") \(DisplayWidth.pad(source.selection == .single ? "one pick" : "several picks", to: 13))  \(origin)")
            rows.append(.object(["name": .string(name), "usable": .bool(usable), "selection": .string(source.selection.rawValue),
                                 "current": .bool(name == state.session.source)]))
        }
        output.json = TypedJSON.listing(.sources, rows, total: rows.count)
        return output
    }

    /// `load all`: fetches every remaining page, then shows the heading and what it kept.
    func loadAll() async throws -> Output {
        try state.requireResults()
        var output = Output()
        guard state.results.hasMore else {
            output.say("All \(state.results.items.count) results are loaded.")
            output.json = state.listingJSON()
            return output
        }
        let (added, received, failure) = try await ResultsHandler(state: state).loadRemaining()
        output.say(state.heading())
        if let failure {
            output.say("Loaded \(added) more: \(state.results.items.count) in all.")
            output.fail("stopped loading (\(failure)); \(state.results.items.count) results kept: load all again to go on", code: TypedJSON.code(of: failure))
        } else if added == 0 {
            // Said, not hidden: a source whose count promised more than its pages hold.
            let source = state.session.source
            output.say(received == 0
                ? "Loaded nothing more: \(source) sent no results after the \(state.results.items.count) loaded, so the list ends there."
                : "Loaded nothing more: the pages left repeated \(received) results already listed, so the list ends at \(state.results.items.count).")
        } else {
            output.say("Loaded \(added) more: \(state.results.items.count) in all.")
        }
        output.json = state.listingJSON()
        output.json["added"] = .int(added)
        return output
    }

    /// Fetches the current query's results again (after a restart or a session load), without a history record.
    func reload() async -> String? {
        guard let query = state.session.query else { return nil }
        do {
            let source = try state.source(named: query.source)
            let first = try await state.waiting("restoring your \(source.name) search") { try await source.search(query, page: 1) }
            state.results.start(with: first)
            while !state.results.pageIsFull(state.session.page) { try await state.fetchNextPage() }
            return nil
        } catch {
            state.results.clear()
            if case SourceError.cancelled = error {
                return "fetching \(ShellState.searched(query)) again was cancelled: list fetches it when you want it"
            }
            return "could not fetch the results of \(ShellState.searched(query)) again (\(error)); search again when you can"
        }
    }
}
