import FoundationEssentials

/// `check [NAME…]`: every watched search (or those named) looked at from its source, never the cache; what no
/// earlier look showed is listed and remembered. Its exit status is grep's: 0 when something is new, 1 when
/// nothing is, 2 when a search could not be checked.
extension SavedService {
    /// One watched search as `check` found it: the items new since the last look, or why it could not look.
    struct Checked: Sendable {
        var saved: SavedSearch
        var outcome: Result<[Item], CheckFailure>
        /// For a streaming watch: the films no longer on your services since the last check.
        var left: [Item] = []
        /// For a streaming watch whose services or country changed since the last check: what they were.
        var rescoped: String?
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
            // The followed feeds too, when no search is named.
            let feeds = names.isEmpty ? await feeds() : []
            let ids = checked.flatMap { (try? $0.outcome.get())?.map(\.id) ?? [] }
            var output = Output()
            for one in checked {
                guard case .failure(let failure) = one.outcome else { continue }
                output.warn("\(one.saved.name): could not check (\(failure.message)); the next check tries again")
            }
            for look in feeds {
                for warning in look.warnings { output.warn(warning) }
                guard let failure = look.failure else { continue }
                output.warn("\(look.member): could not read the feed (\(failure)); the next check tries again")
            }
            let view = CheckView(
                checked: checked, selected: browse.selectedIDs, favourites: browse.favourites.favouriteIDs(among: ids),
                feeds: feeds)
            output.show(view)
            output.status = view.status.rawValue
            if !checked.isEmpty, view.failed == checked.count, feeds.isEmpty {
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
        // A streaming watch looks at the watchlist, not a source.
        var outcomes = await look(at: watched.filter { !$0.isStreaming })
        var streamingLook: StreamingLook?
        for (index, saved) in watched.enumerated() where saved.isStreaming {
            do {
                let look: StreamingLook
                if let seen = streamingLook { look = seen } else { look = try await streaming() }
                streamingLook = look
                outcomes.insert(.success([look.items]), at: index)
            } catch {
                outcomes.insert(.failure(error), at: index)
            }
        }
        for case .failure(SourceError.cancelled) in outcomes {
            throw UsageError("check was cancelled; nothing was remembered", code: "cancelled")
        }
        let (now, pages) = (wiring.context.now(), wiring.settings().watchPages)
        var rescoped: [String: String] = [:]
        let (news, gone) = try store.modify { searches -> (([String: [Item]], [String: [Item]]), changed: Bool) in
            var news: [String: [Item]] = [:]
            var gone: [String: [Item]] = [:]
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
                if saved.isStreaming, let look = streamingLook {
                    // Other services, or another country: what streams there now is remembered, nothing compared.
                    let before = searches[index].query.options
                    if !before.isEmpty, before != look.scope {
                        rescoped[saved.name] =
                            "\(before["services"].map { $0.isEmpty ? "any service" : $0 } ?? "?") in "
                            + (before["country"] ?? "?")
                        searches[index].query.options = look.scope
                        searches[index].watch?.seen = read.joined().map(\.id)
                        searches[index].watch?.lastCheck = now
                        searches[index].watch?.newAtLastCheck = 0
                        continue
                    }
                    searches[index].query.options = look.scope
                    // What streams now is what is remembered: a film that left and comes back arrives again.
                    let streamingNow = Set(read.joined().map(\.id))
                    news[saved.name] = read.joined().filter { !watch.seen.contains($0.id) }
                    gone[saved.name] = watch.seen.filter { !streamingNow.contains($0) }.map(look.gone)
                    searches[index].watch?.seen = read.joined().map(\.id)
                    searches[index].watch?.lastCheck = now
                    searches[index].watch?.newAtLastCheck = news[saved.name]?.count ?? 0
                    continue
                }
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
            return ((news, gone), true)
        }
        return zip(watched, outcomes).map { saved, outcome in
            switch outcome {
            case .success:
                Checked(
                    saved: saved, outcome: .success(news[saved.name] ?? []), left: gone[saved.name] ?? [],
                    rescoped: rescoped[saved.name])
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
    /// The followed feeds read.
    var feeds: [FeedLook] = []

    /// The searches and feeds that could not be checked.
    var failed: Int { checked.count { (try? $0.outcome.get()) == nil } + feeds.count { $0.failure != nil } }
    private var new: [[Item]] { checked.compactMap { try? $0.outcome.get() } }
    /// What changed in each search that was looked at: its new items, and the films that left a streaming watch.
    private var changed: [Bool] {
        checked.compactMap { one in (try? one.outcome.get()).map { !$0.isEmpty || !one.left.isEmpty } }
    }

    /// grep's: 0 when something is new, 1 when nothing is, 2 when a search could not be checked.
    var status: ExitStatus {
        failed > 0 ? .trouble : changed.contains(true) || feeds.contains(where: { $0.new > 0 }) ? .success : .failure
    }

    func lines(fitting _: Int?) -> [StyledLine] {
        guard !checked.isEmpty || !feeds.isEmpty else {
            return [StyledLine("Nothing is watched: watch NAME watches a saved search (saved lists them).")]
        }
        return searchLines().map { StyledLine($0) } + feeds.flatMap(\.lines).map { StyledLine($0) }
    }

    private func searchLines() -> [String] {
        guard !checked.isEmpty else { return [] }
        var lines: [String] = []
        for one in checked {
            guard case .success(let new) = one.outcome else { continue }
            if one.saved.isStreaming {
                if let before = one.rescoped {
                    lines.append(
                        "\(one.saved.name): your services or country changed since the last check (it watched "
                            + "\(before)): what streams on them now is remembered, and the next check compares")
                } else {
                    lines += Self.streamingLines(one.saved.name, arrived: new, left: one.left)
                }
                continue
            }
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
        return lines
    }

    /// What a streaming watch says: the films that arrived on your services, and those that left.
    static func streamingLines(_ name: String, arrived: [Item], left: [Item]) -> [String] {
        guard !arrived.isEmpty || !left.isEmpty else { return ["\(name): nothing arrived or left"] }
        let counts = [
            arrived.isEmpty ? nil : "\(arrived.count) arrived on your services",
            left.isEmpty ? nil : "\(left.count) left",
        ].compactMap { $0 }
        return ["\(name): " + counts.joined(separator: ", ") + ", watchlist --streaming"]
            + arrived.map { "  + \(Self.label($0)) on \($0[field: "on"] ?? "")" }
            + left.map { "  - \(Self.label($0)), was on \($0[field: "was on"] ?? "")" }
    }

    private static func label(_ item: Item) -> String {
        item[field: "year"].map { "\(item.title) (\($0))" } ?? item.title
    }

    var json: [OutputField: JSONValue] {
        var json = searchesJSON
        if !feeds.isEmpty { json[.feeds] = .array(feeds.map(\.json)) }
        return json
    }

    private var searchesJSON: [OutputField: JSONValue] {
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
                        {
                            var object = JSONObject<CheckedSearchField>([
                                .search: .string(one.saved.name),
                                .items: .array(
                                    new.map {
                                        TypedJSON.row(
                                            $0, selected: selected.contains($0.id),
                                            favourite: favourites.contains($0.id)
                                        ).value
                                    }),
                            ])
                            // A streaming watch says what left too.
                            if one.saved.isStreaming {
                                object[.left] = .array(
                                    one.left.map { TypedJSON.row($0, selected: false, favourite: false).value })
                            }
                            return object.value
                        }()
                    }
                })
        ]
    }
}
