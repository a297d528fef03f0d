import FoundationEssentials

/// Saved searches as a feature: the store (`saved-searches.json`), which one a name names, what `saved`,
/// `watch` and `unwatch` do, and looking at watched searches (`watch`, `check`): always from the sources
/// themselves, never from the response cache. Running one is the session's (`BrowseService.runSaved`).
@MainActor final class SavedService {
    let store: SavedSearchStore
    let wiring: ServiceWiring
    /// A denied term is never sent, watched or not; a look that finds something forgets an empty search.
    private let deny: DenyService
    private let sources: SourceRegistry
    /// A look at the watchlist's streaming, for `watch streaming` (the where feature's).
    let streaming: @MainActor () async throws -> StreamingLook
    /// The followed feeds read, for `check` (the follow feature's).
    let feeds: @MainActor () async -> [FeedLook]

    init(
        wiring: ServiceWiring, deny: DenyService, sources: SourceRegistry,
        streaming: @escaping @MainActor () async throws -> StreamingLook,
        feeds: @escaping @MainActor () async -> [FeedLook] = { [] }
    ) {
        self.wiring = wiring
        self.deny = deny
        self.sources = sources
        self.streaming = streaming
        self.feeds = feeds
        store = SavedSearchStore(
            url: wiring.context.paths.savedSearchesFile, store: wiring.context.fileStore, warn: wiring.warn)
    }

    /// Every saved search, in the file's order (Tab's names).
    func all() -> [SavedSearch] { store.all() }

    /// The saved search called `name`, or an error naming the nearest and saying where they are listed.
    func savedSearch(_ name: String) throws(UsageError) -> SavedSearch {
        let all = store.all()
        if let saved = all.first(where: { $0.name == name }) { return saved }
        if all.isEmpty {
            throw UsageError.notFound("no saved search named \(Text.brief(name)): save NAME keeps the last search")
        }
        let near = Nearest.word(to: name, among: all.map(\.name))
        throw UsageError.notFound(
            "no saved search named \(Text.brief(name)): \(near.map { "did you mean \($0)? " } ?? "")saved lists them")
    }

    /// The settings a look at a watched search builds its source with: every answer from the network.
    private var lookSettings: Settings {
        var settings = wiring.settings()
        settings.networkOnly = true
        return settings
    }

    /// Refuses a look while scout is offline: a watch asks the source itself.
    func requireNetwork(for verb: String) throws(UsageError) {
        if wiring.context.offline || wiring.settings().offline {
            throw UsageError(
                "\(verb) asks each source itself, never the cache, and scout is offline: leave --offline out, or "
                    + "set offline off",
                code: "offline")
        }
    }

    /// Looks at each of `searches` now, all at once (iTunes' requests still paced), each from its source
    /// and up to `watch-pages` of its pages: the items of each page read, narrowed by the search's filter,
    /// or what stopped that one. In the order given. A search that once found nothing and was denied for it
    /// is forgotten by the deny list when a look finds something.
    func look(at searches: [SavedSearch]) async -> [Result<[[Item]], any Error>] {
        let pages = wiring.settings().watchPages
        var looks: [Look] = []
        var outcomes = [Result<[[Item]], any Error>](repeating: .success([]), count: searches.count)
        for (index, saved) in searches.enumerated() {
            do {
                let source = try sources.source(named: saved.query.source, settings: lookSettings)
                try source.validate(saved.query)
                // A denied term is never sent, watched or not.
                if let refused = try deny.termRefusal(of: saved.query, in: source) { throw refused }
                looks.append(Look(index: index, query: saved.query, filter: saved.filter, source: source))
            } catch {
                outcomes[index] = .failure(error)
            }
        }
        let label = searches.count == 1 ? "looking at \(searches[0].name)" : "checking \(searches.count) searches"
        let found = await wiring.waiting(label) {
            await withTaskGroup(of: Look.Outcome.self, returning: [Look.Outcome].self) { group in
                for look in looks { group.addTask { await look.run(pages: pages) } }
                var found: [Look.Outcome] = []
                for await outcome in group { found.append(outcome) }
                return found
            }
        }
        for outcome in found {
            outcomes[outcome.look.index] = outcome.result
            if case .success(let read) = outcome.result, read.contains(where: { !$0.isEmpty }) {
                do {
                    try deny.forgetEmptySearch(outcome.look.query, in: outcome.look.source)
                } catch {
                    wiring.warn("\(error)")
                }
            }
        }
        return outcomes
    }

    /// One look at a saved search: its place in the list asked for, the search, its filter and its source.
    private struct Look: Sendable {
        let index: Int
        let query: SearchQuery
        let filter: String?
        let source: any Source

        struct Outcome: Sendable {
            let look: Look
            let result: Result<[[Item]], any Error>
        }

        func run(pages count: Int) async -> Outcome {
            do {
                return Outcome(look: self, result: .success(try await pages(upTo: count)))
            } catch {
                return Outcome(look: self, result: .failure(error))
            }
        }

        /// The first `count` pages (fewer when the source has no more), each item once, each page narrowed
        /// by the filter.
        func pages(upTo count: Int) async throws -> [[Item]] {
            var pages: [[Item]] = []
            var ids = Set<String>()
            let words = filter.map(Text.words) ?? []
            for number in 1...max(1, count) {
                try Task.checkCancellation()
                let page = try await source.search(query, page: number)
                let new = page.items.filter { ids.insert($0.id).inserted }
                pages.append(words.isEmpty ? new : new.filter { Text.matches(words, in: $0.searchText) })
                guard page.hasMore, !new.isEmpty else { break }
            }
            return pages
        }
    }

    /// `watch NAME`: looks at the search once and remembers every item it found, so that `check` lists only
    /// what appears after.
    func watch(_ name: String) async throws -> Output {
        // `watch streaming` makes its watch when no saved search has the name, and again once unwatched.
        let existing = store.all().first { $0.name == name }
        if name == StreamingLook.name, existing == nil || (existing?.isStreaming == true && existing?.watch == nil) {
            return try await watchStreaming()
        }
        let saved = try savedSearch(name)
        var output = Output()
        if let watch = saved.watch {
            let since = RelativeTime.date(watch.since, in: wiring.context.localTime)
            output.say("\(name) is watched already, since \(since): check lists what is new.")
            return output
        }
        if saved.parameterCount > 0 {
            throw UsageError(
                "\(name) has parameters ($1…), and a watch needs the search itself: save a search with the "
                    + "arguments in it (save NAME search …), then watch that")
        }
        try requireNetwork(for: "watch")
        let items: [Item]
        switch await look(at: [saved]).first {
        case .success(let pages)?: items = Array(pages.joined())
        case .failure(let error)?:
            throw UsageError(
                "could not look at \(name) (\(error)); nothing was remembered: watch \(name) again later",
                code: TypedJSON.code(of: error))
        case nil: items = []
        }
        let (now, pages, name) = (wiring.context.now(), wiring.settings().watchPages, name)
        let watched = try store.modify { searches -> (Bool, changed: Bool) in
            guard let index = searches.firstIndex(where: { $0.name == name }) else { return (false, false) }
            if searches[index].watch != nil { return (true, false) }
            searches[index].watch = SavedSearch.Watch(
                since: now, lastCheck: nil, newAtLastCheck: nil, seen: [], pages: pages)
            searches[index].remember(items.map(\.id))
            return (true, true)
        }
        guard watched else { throw UsageError.notFound("no saved search named \(name): saved lists them") }
        output.say(
            "Watching \(name): remembered the \(items.count) item\(items.count == 1 ? "" : "s") it finds now "
                + "(up to \(pages) page\(pages == 1 ? "" : "s")); check lists what appears after.")
        output.json[.saved] = json(try savedSearch(name)).value
        return output
    }

    /// `watch streaming`, before any saved search has the name: a watch of the watchlist's films on your services,
    /// remembering those that stream now, so that `check` says which arrive and which leave.
    private func watchStreaming() async throws -> Output {
        try requireNetwork(for: "watch")
        let look = try await streaming()
        let now = wiring.context.now()
        var saved = SavedSearch(
            name: StreamingLook.name, query: SearchQuery(source: StreamingLook.source, terms: "", options: look.scope),
            savedAt: now)
        saved.watch = SavedSearch.Watch(since: now, lastCheck: nil, newAtLastCheck: nil, seen: [], pages: nil)
        saved.remember(look.items.map(\.id))
        try store.modify { searches -> (Void, changed: Bool) in
            searches.removeAll { $0.name == saved.name }
            searches.append(saved)
            return ((), true)
        }
        let films = Set(look.items.map { StreamingLook.parts(of: $0.id).film }).count
        var output = Output()
        let (plural, verb) = films == 1 ? ("", "streams") : ("s", "stream")
        output.say(
            "Watching streaming: \(films) film\(plural) of your watchlist \(verb) on your services in \(look.country) "
                + "now; check says which arrive and which leave.")
        output.json[.saved] = json(saved).value
        return output
    }

    /// `unwatch NAME`: forgets what the search had seen; it stays saved.
    func unwatch(_ name: String) throws -> Output {
        let saved = try savedSearch(name)
        let name = name
        let watch = try store.modify { searches -> (SavedSearch.Watch?, changed: Bool) in
            guard let index = searches.firstIndex(where: { $0.name == name }), let watch = searches[index].watch
            else { return (nil, false) }
            searches[index].watch = nil
            return (watch, true)
        }
        guard let watch else {
            throw UsageError.notFound(
                saved.parameterCount > 0
                    ? "\(name) is not watched: it takes arguments, which no watch can"
                    : "\(name) is not watched: watch \(name) watches it")
        }
        var output = Output()
        output.say(
            "Stopped watching \(name), and forgot the \(watch.seen.count) items it had seen; it stays saved "
                + "(saved rm \(name) removes it).")
        output.json[.saved] = json(try savedSearch(name)).value
        return output
    }

    /// `save NAME [--force]`: the search on screen kept by name, with its filter, sort and grouping; or `search`,
    /// the one given (not run), `$1`, `$2`… in it being parameters that `run` fills. A saved search of that name
    /// is replaced only with `force`, its watch kept.
    func save(_ name: String, search: SearchCommand?, force: Bool, from browse: BrowseService) throws -> Output {
        var saved: SavedSearch
        let now = browse.context.now()
        if let search {
            let query = SearchQuery(
                source: search.source ?? browse.session.source, terms: search.terms, options: search.options)
            saved = SavedSearch(name: name, query: query, savedAt: now)
            // With parameters, the values are checked when run fills them (`--year $1` is no year yet).
            if saved.parameterCount == 0 { try browse.source(named: query.source).validate(query) }
        } else {
            guard let query = browse.session.query else {
                throw UsageError(
                    "nothing to save yet: search first, or save \(name) search TERMS… saves one without running it")
            }
            // The search on screen is kept as it ran: a `$` in it is text, not a parameter.
            var literal = query
            literal.terms = SavedSearch.escaped(query.terms)
            literal.options = query.options.mapValues(SavedSearch.escaped)
            saved = SavedSearch(
                name: name, query: literal, filter: browse.session.filter, sort: browse.session.sort,
                group: browse.session.group, savedAt: now)
        }
        // The options the settings fill in (iTunes' store and language) are kept with it: `set country` later
        // does not change what a saved search, or a watch, looks at.
        saved.query.options = deny.effectiveOptions(
            of: saved.query, in: try browse.source(named: saved.query.source))
        let (name, force) = (name, force)
        let replaced = try store.modify { searches -> (SavedSearch?, changed: Bool) in
            guard let index = searches.firstIndex(where: { $0.name == name }) else {
                searches.append(saved)
                return (nil, true)
            }
            let old = searches[index]
            guard force else { return (old, false) }
            // A search that takes arguments cannot be watched: its watch goes (said below).
            if saved.parameterCount == 0 { saved.watch = old.watch }
            searches[index] = saved
            return (old, true)
        }
        if let replaced, !force {
            throw UsageError(
                "\(name) is saved already (\(replaced.commandLine)): save \(name) --force replaces it, or choose "
                    + "another name",
                code: "exists")
        }
        var output = Output()
        output.say(
            "\(replaced == nil ? "Saved" : "Replaced") \(name): \(saved.commandLine). \(saved.runUsage) runs it"
                + (replaced?.watch == nil
                    ? "."
                    : saved.watch != nil
                        ? "; it is still watched."
                        : "; it takes "
                            + "arguments now, so it is no longer watched."))
        output.json[.saved] = json(saved).value
        return output
    }
}
