import FoundationEssentials

/// `check [NAME…]`: looks at every watched search (or those named) from its source, never the cache, and
/// lists, search by search, only the items no earlier look showed; then remembers them. In a script it
/// exits 0 when something is new, 1 when nothing is, and 2 when a search could not be checked.
struct CheckCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "check", usage: "check [NAME…] [--json]",
        summary: "list what is new in the watched searches since the last look, and remember it",
        example: "check", topic: .saved, arguments: [.watchedSearches],
        options: [.init("--json", help: "its output as a --json line, as scout --json gives")],
        details: .table(
            """
            check  every watched search, at once (iTunes' requests paced), each from its source and never the cache, \
            up to set watch-pages pages
            check NAME…  only these watched searches
            --json  its output as a --json line (searches: each with its new items, or its error), as scout --json gives
            exit status  0: something is new; 1: nothing is; 2: a search could not be checked (the others still are), \
            or check itself failed (offline, an unknown name)
            """))

    var names: [String]
    /// `check --json`: this command's output as a `--json` line, whatever the launch said.
    var json: Bool

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        let parsed = try args.options(Self.spec.options, command: "check", example: nil)
        (names, json) = (parsed.positional, parsed.has("--json"))
    }

    static func service(in services: Services) -> (saved: SavedService, browse: BrowseService) {
        (services.saved, services.browse)
    }

    func run(with services: (saved: SavedService, browse: BrowseService)) async throws -> Output {
        var output: Output
        do {
            output = try await check(services.saved, marking: services.browse)
        } catch {
            // Any error is 2, as grep's: 1 says only that nothing is new.
            output = Output.failure(error)
            output.status = ExitStatus.trouble.rawValue
        }
        output.asJSON = json
        return output
    }

    @MainActor private func check(_ savedSearches: SavedService, marking browse: BrowseService) async throws -> Output {
        var output = Output()
        let all = savedSearches.store.all()
        var watched = all.filter { $0.watch != nil }
        if !names.isEmpty {
            watched = []
            for name in names {
                let saved = try savedSearches.savedSearch(name)
                guard saved.watch != nil else {
                    throw UsageError.notFound(
                        saved.parameterCount > 0
                            ? "\(name) takes arguments, so it cannot be watched: save a search with them in it, and "
                                + "watch that"
                            : "\(name) is not watched: watch \(name) first")
                }
                if !watched.contains(where: { $0.name == name }) { watched.append(saved) }
            }
        }
        if all.isEmpty, let copy = savedSearches.store.damagedCopies.last {
            // Every watch went with a damaged file: an error, at this check and the next, not "nothing new".
            throw UsageError(
                "nothing is watched, and \(copy) holds what saved-searches.json held when it was found damaged: mend "
                    + "it and put it back, or delete it and watch again",
                code: "damaged")
        }
        if watched.isEmpty {
            output.say("Nothing is watched: watch NAME watches a saved search (saved lists them).")
            output.json[.searches] = .array([])
            output.status = ExitStatus.failure.rawValue
            return output
        }
        try savedSearches.requireNetwork(for: "check")
        let outcomes = await savedSearches.look(at: watched)
        for case .failure(SourceError.cancelled) in outcomes {
            throw UsageError("check was cancelled; nothing was remembered", code: "cancelled")
        }
        let (now, pages) = (browse.context.now(), browse.settings.watchPages)
        let news = try savedSearches.store.modify { searches -> ([String: [Item]], changed: Bool) in
            var news: [String: [Item]] = [:]
            for (saved, outcome) in zip(watched, outcomes) {
                guard let index = searches.firstIndex(where: { $0.name == saved.name }),
                    let watch = searches[index].watch
                else { continue }
                guard case .success(let read) = outcome else {
                    if case .failure(let error) = outcome {
                        searches[index].watch?.failure = SafeText.clean("\(error)")
                        searches[index].watch?.failedAt = now
                    }
                    continue
                }
                searches[index].watch?.failure = nil
                searches[index].watch?.failedAt = nil
                // Pages past those the last look read (watch-pages raised) were never shown: they are taken in
                // as a new watch takes its items, not listed.
                let seen = Set(watch.seen)
                let new = read.prefix(watch.pages ?? pages).joined().filter { !seen.contains($0.id) }
                searches[index].remember(read.joined().map(\.id))
                searches[index].watch?.lastCheck = now
                searches[index].watch?.newAtLastCheck = new.count
                searches[index].watch?.pages = pages
                news[saved.name] = saved.sort.map { ResultSet.sorted(new, by: $0) } ?? new
            }
            return (news, true)
        }
        let shown = news.values.flatMap { $0.map(\.id) }
        let favourites = browse.favourites.favouriteIDs(among: shown)
        let selected = browse.selectedIDs
        var entries: [JSONValue] = []
        var (failed, newCount, searchesWithNew) = (0, 0, 0)
        for (saved, outcome) in zip(watched, outcomes) {
            if case .failure(let error) = outcome {
                failed += 1
                output.warn("\(saved.name): could not check (\(error)); the next check tries again")
                entries.append(
                    JSONObject<CheckedSearchField>([
                        .search: .string(saved.name), .error: .string(SafeText.clean("\(error)")),
                        .code: .string(TypedJSON.code(of: error)),
                    ]).value)
                continue
            }
            let new = news[saved.name] ?? []
            if new.isEmpty {
                output.say("\(saved.name): nothing new")
            } else {
                newCount += new.count
                searchesWithNew += 1
                output.say("\(saved.name): \(new.count) new, \(saved.commandLine)")
                for item in new { output.say("  \(Renderer.summary(item))") }
            }
            let rows = new.map {
                TypedJSON.row($0, selected: selected.contains($0.id), favourite: favourites.contains($0.id)).value
            }
            entries.append(JSONObject<CheckedSearchField>([.search: .string(saved.name), .items: .array(rows)]).value)
        }
        if watched.count > 1 {
            let checked = watched.count - failed
            let searches = "watched search" + (checked == 1 ? "" : "es")
            let failures = failed > 0 ? "; \(failed) could not be checked" : ""
            if newCount > 0 {
                output.say("\(newCount) new in \(searchesWithNew) of \(checked) \(searches)\(failures).")
            } else if checked > 0 {
                output.say("Nothing new in \(checked) \(searches)\(failures).")
            }
        }
        output.json[.searches] = .array(entries)
        output.status = (failed > 0 ? ExitStatus.trouble : newCount > 0 ? .success : .failure).rawValue
        if failed == watched.count {
            output.fail("no watched search could be checked: each one's line says why", code: "unchecked")
        }
        return output
    }
}
