import FoundationEssentials

/// `check [NAME…]`: every watched search (or those named) looked at from its source, never the cache; what no
/// earlier look showed is listed and remembered. Its exit status is grep's: 0 when something is new, 1 when
/// nothing is, 2 when a search could not be checked.
extension SavedService {
    /// One watched search as `check` found it: the items new since the last look, or why it could not look.
    struct Checked: Sendable {
        var saved: SavedSearch
        var outcome: Result<[Item], CheckFailure>
    }

    /// Why a watched search could not be checked, as its line and `--json` say it.
    struct CheckFailure: Error, Sendable {
        var message: String
        var code: String
    }

    /// Looks at the watched searches `names` (every one when empty), remembers what they saw, and says what is new;
    /// `browse` marks the items selected and kept as favourites.
    func check(_ names: [String], marking browse: BrowseService) async -> Output {
        do {
            let checked = try await check(names)
            let ids = checked.flatMap { (try? $0.outcome.get())?.map(\.id) ?? [] }
            var output = Output()
            for one in checked {
                guard case .failure(let failure) = one.outcome else { continue }
                output.warn("\(one.saved.name): could not check (\(failure.message)); the next check tries again")
            }
            let view = CheckView(
                checked: checked, selected: browse.selectedIDs, favourites: browse.favourites.favouriteIDs(among: ids))
            output.show(view)
            output.status = view.status.rawValue
            if !checked.isEmpty, view.failed == checked.count {
                output.fail("no watched search could be checked: each one's line says why", code: "unchecked")
            }
            return output
        } catch {
            // Any error is 2, as grep's: 1 says only that nothing is new.
            var output = Output.failure(error)
            output.status = ExitStatus.trouble.rawValue
            return output
        }
    }

    /// The watched searches looked at, in order, each with what is new in it; none when nothing is watched.
    private func check(_ names: [String]) async throws -> [Checked] {
        let all = store.all()
        var watched = all.filter { $0.watch != nil }
        if !names.isEmpty {
            watched = []
            for name in names {
                let saved = try savedSearch(name)
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
        if all.isEmpty, let copy = store.damagedCopies.last {
            // Every watch went with a damaged file: an error, at this check and the next, not "nothing new".
            throw UsageError(
                "nothing is watched, and \(copy) holds what saved-searches.json held when it was found damaged: mend "
                    + "it and put it back, or delete it and watch again",
                code: "damaged")
        }
        if watched.isEmpty { return [] }
        try requireNetwork(for: "check")
        let outcomes = await look(at: watched)
        for case .failure(SourceError.cancelled) in outcomes {
            throw UsageError("check was cancelled; nothing was remembered", code: "cancelled")
        }
        let (now, pages) = (wiring.context.now(), wiring.settings().watchPages)
        let news = try store.modify { searches -> ([String: [Item]], changed: Bool) in
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
        return zip(watched, outcomes).map { saved, outcome in
            switch outcome {
            case .success: Checked(saved: saved, outcome: .success(news[saved.name] ?? []))
            case .failure(let error):
                Checked(
                    saved: saved,
                    outcome: .failure(
                        CheckFailure(message: SafeText.clean("\(error)"), code: TypedJSON.code(of: error))))
            }
        }
    }
}

/// What `check` found, search by search: the new items of each (or why it could not look), and a line of
/// totals when it looked at several; as `--json` gives it, each search with its new items or its error.
struct CheckView: OutputView {
    var checked: [SavedService.Checked]
    var selected, favourites: Set<String>

    /// The searches that could not be checked.
    var failed: Int { checked.count { (try? $0.outcome.get()) == nil } }
    private var new: [[Item]] { checked.compactMap { try? $0.outcome.get() } }

    /// grep's: 0 when something is new, 1 when nothing is, 2 when a search could not be checked.
    var status: ExitStatus {
        failed > 0 ? .trouble : new.contains { !$0.isEmpty } ? .success : .failure
    }

    func lines(fitting _: Int?) -> [StyledLine] {
        guard !checked.isEmpty else {
            return [StyledLine("Nothing is watched: watch NAME watches a saved search (saved lists them).")]
        }
        var lines: [String] = []
        for one in checked {
            guard case .success(let new) = one.outcome else { continue }
            if new.isEmpty {
                lines.append("\(one.saved.name): nothing new")
            } else {
                lines.append("\(one.saved.name): \(new.count) new, \(one.saved.commandLine)")
                lines += new.map { "  \(Renderer.summary($0))" }
            }
        }
        if checked.count > 1 {
            let (searchesWithNew, newCount) = (new.count { !$0.isEmpty }, new.reduce(0) { $0 + $1.count })
            let looked = checked.count - failed
            let searches = "watched search" + (looked == 1 ? "" : "es")
            let failures = failed > 0 ? "; \(failed) could not be checked" : ""
            if newCount > 0 {
                lines.append("\(newCount) new in \(searchesWithNew) of \(looked) \(searches)\(failures).")
            } else if looked > 0 {
                lines.append("Nothing new in \(looked) \(searches)\(failures).")
            }
        }
        return lines.map { StyledLine($0) }
    }

    var json: [OutputField: JSONValue] {
        [
            .searches: .array(
                checked.map { one in
                    switch one.outcome {
                    case .failure(let failure):
                        JSONObject<CheckedSearchField>([
                            .search: .string(one.saved.name), .error: .string(failure.message),
                            .code: .string(failure.code),
                        ]).value
                    case .success(let new):
                        JSONObject<CheckedSearchField>([
                            .search: .string(one.saved.name),
                            .items: .array(
                                new.map {
                                    TypedJSON.row(
                                        $0, selected: selected.contains($0.id), favourite: favourites.contains($0.id)
                                    ).value
                                }),
                        ]).value
                    }
                })
        ]
    }
}
