import FoundationEssentials

/// Saved searches' shared operations: which one a name names, running one, and looking at watched ones
/// (`watch`, `check`), always from the sources themselves and never from the response cache.
extension ShellState {
    /// The saved search called `name`, or an error naming the nearest and saying where they are listed.
    func savedSearch(_ name: String) throws(UsageError) -> SavedSearch {
        let all = savedSearches.all()
        if let saved = all.first(where: { $0.name == name }) { return saved }
        if all.isEmpty {
            throw UsageError.notFound("no saved search named \(Text.brief(name)): save NAME keeps the last search")
        }
        let near = Nearest.word(to: name, among: all.map(\.name))
        throw UsageError.notFound(
            "no saved search named \(Text.brief(name)): \(near.map { "did you mean \($0)? " } ?? "")saved lists them")
    }

    /// Runs `saved` as a new search with its parameters filled, recorded in the history like any other,
    /// then narrowed, sorted and grouped as it was saved.
    func runSaved(_ saved: SavedSearch, arguments: [String]) async throws -> Output {
        let query = try saved.filled(with: arguments)
        return try await runSearch(query) { [self] in
            session.filter = saved.filter
            (session.sort, session.group) = (nil, nil)
            var notes: [String] = []
            if let sort = saved.sort {
                do { try await applySort(sort) } catch {
                    notes.append("(saved with sort \(sort.description), left out: \(error))")
                }
            }
            if let group = saved.group {
                do { try await applyGroup(group) } catch {
                    notes.append("(saved with group \(group), left out: \(error))")
                }
            }
            return notes.isEmpty ? nil : notes.joined(separator: "\n")
        }
    }

    /// The settings a look at a watched search builds its source with: every answer from the network.
    private var lookSettings: Settings {
        var settings = settings
        settings.networkOnly = true
        return settings
    }

    /// Refuses a look while scout is offline: a watch asks the source itself.
    func requireNetwork(for verb: String) throws(UsageError) {
        if context.offline || settings.offline {
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
        let pages = settings.watchPages
        var looks: [Look] = []
        var outcomes = [Result<[[Item]], any Error>](repeating: .success([]), count: searches.count)
        for (index, saved) in searches.enumerated() {
            do {
                let source = try sources.source(named: saved.query.source, settings: lookSettings)
                try source.validate(saved.query)
                // A denied term is never sent, watched or not.
                if let refused = try services.deny.termRefusal(of: saved.query, in: source) { throw refused }
                looks.append(Look(index: index, query: saved.query, filter: saved.filter, source: source))
            } catch {
                outcomes[index] = .failure(error)
            }
        }
        let label = searches.count == 1 ? "looking at \(searches[0].name)" : "checking \(searches.count) searches"
        let found = await waiting(label) {
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
                    try services.deny.forgetEmptySearch(outcome.look.query, in: outcome.look.source)
                } catch {
                    warnings.add("\(error)")
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

    /// Whether `saved` is watched and what its last check found, as `saved` lists it.
    func watchState(_ saved: SavedSearch) -> String {
        guard let watch = saved.watch else { return saved.parameterCount > 0 ? "takes arguments" : "not watched" }
        if let failed = watch.failedAt {
            return "failed \(RelativeTime.describe(failed, now: context.now(), in: context.localTime))"
        }
        guard let last = watch.lastCheck, let new = watch.newAtLastCheck else { return "watched" }
        let when = RelativeTime.describe(last, now: context.now(), in: context.localTime)
        return "\(new <= 0 ? "none" : String(new)) new \(when)"
    }

    /// A saved search for `--json`: its search typed, and its watch.
    func savedJSON(_ saved: SavedSearch) -> [String: JSONValue] {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let watch = saved.watch
        return [
            "name": .string(saved.name), "source": .string(saved.query.source), "terms": .string(saved.query.terms),
            "options": .object(saved.query.options.mapValues(JSONValue.string)), "filter": text(saved.filter),
            "sort": text(saved.sort?.description), "group": text(saved.group),
            "parameters": .int(saved.parameterCount), "command": .string(saved.commandLine),
            "savedAt": TypedJSON.date(saved.savedAt), "watched": .bool(watch != nil),
            "watchedSince": watch.map { TypedJSON.date($0.since) } ?? .null,
            "lastCheck": watch?.lastCheck.map(TypedJSON.date) ?? .null,
            "newAtLastCheck": watch?.newAtLastCheck.map(JSONValue.int) ?? .null,
            "seen": .int(watch?.seen.count ?? 0),
            "lastFailure": watch.flatMap { watch in
                watch.failedAt.map { .object(["at": TypedJSON.date($0), "error": .string(watch.failure ?? "")]) }
            } ?? .null,
        ]
    }
}
