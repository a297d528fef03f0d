import FoundationEssentials

/// `session` and its subcommands: the session as it stands, and named sessions kept beside it
/// (`sessions/NAME.json`), saved, loaded, listed and removed.
extension BrowseService {
    /// The file of the session kept as `name`.
    private func namedSessionFile(_ name: String) -> StateFile<SessionModel> {
        SessionModel.file(context.paths.namedSession(name), label: "session \(name)", store: context.fileStore)
    }

    /// `session`: the last visit, the search, the selection.
    func showSession() -> Output {
        var output = Output()
        if let previousVisit = previousVisit {
            let time = context.localTime
            let ago = RelativeTime.describe(previousVisit, now: context.now(), in: time)
            output.say("Last visit: \(ago) (\(RelativeTime.date(previousVisit, in: time)))")
        } else {
            output.say("Last visit: none before this one")
        }
        output.say("Session: \(contextSummary())")
        for item in session.selections { output.say("  * \(Renderer.summary(item))") }
        var json: [String: JSONValue] = [
            "source": .string(session.source), "page": .int(session.page),
            "selected": .array(session.selections.map { .string($0.id) }),
        ]
        if let previousVisit = previousVisit { json["lastVisited"] = TypedJSON.date(previousVisit) }
        if let query = session.query { json["query"] = .string(query.terms) }
        if let filter = session.filter { json["filter"] = .string(filter) }
        switch session.view {
        case .list: json["view"] = .string("list")
        case .detail(let id):
            json["view"] = .string("detail")
            json["detail"] = .string(id)
        }
        output.json[.session] = .object(json)
        return output
    }

    /// `session save NAME [--force]`: never replaces another session of that name by a slip.
    func saveSession(as name: String, force: Bool) throws -> Output {
        var output = Output()
        let file = namedSessionFile(name)
        // Another session kept under that name is never replaced by a slip, as save and fav export do not.
        if !force, let kept = file.load(warn: { _ in }) {
            let query = kept.query.map { BrowseService.describe(terms: $0.terms) } ?? "no search"
            throw UsageError(
                "session \(name) is saved already (\(kept.source) \(query), \(kept.selections.count) selected): "
                    + "session save \(name) --force replaces it, or choose another name; nothing was saved",
                code: "exists")
        }
        try file.save(stamped())
        output.say("Saved this session as \(name): session load \(name) brings it back.")
        return output
    }

    /// `session load NAME`: the session kept as `name` becomes this one, its results fetched again.
    func loadSession(_ name: String) async throws -> Output {
        var output = Output()
        guard let loaded = namedSessionFile(name).load(warn: { output.warn($0) }) else {
            throw UsageError.notFound("no session named \(name): session list shows them")
        }
        session = loaded
        if let problem = await reload() { output.warn(problem) }
        output.say("Loaded session \(name): \(contextSummary()).")
        // Kept whole, a selected item is never dropped; one of this search's source that the results no
        // longer show is said (one picked in another source's list is not among them, and never was).
        let shown = Set(results.items.map(\.id))
        let source = SourceRegistry.idPrefix(of: session.source)
        let elsewhere = session.selections.filter { $0.sourceName == source && !shown.contains($0.id) }.count
        if results.loaded, elsewhere > 0 {
            let more = results.hasMore ? " loaded" : ""
            output.say(
                "\(elsewhere == 1 ? "1 selected item is" : "\(elsewhere) selected items are") not among the results"
                    + "\(more) (the source lists others now\(more.isEmpty ? "" : ", or they are further on")): "
                    + "they stay selected, and selection lists them.")
        }
        if results.loaded {
            output.merge(await restoredView(maxLines: height.map { max(3, $0 - output.lines.count - 1) }))
        }
        return output
    }

    /// `session list`: the named sessions, each with its search, its selection and when it was saved.
    func listSessions() -> Output {
        var output = Output()
        let sessions = savedSessions
        var listed: [JSONObject<SavedSessionField>] = []
        var view = ListingView()
        if sessions.isEmpty { view.say("No saved sessions: session save NAME keeps this one.") }
        // Names are never cut: one is what session load takes.
        let nameWidth = max(20, sessions.map(DisplayWidth.of).max() ?? 0)
        for name in sessions {
            let model = namedSessionFile(name).load { output.warn($0) }
            let when =
                model?.lastVisited.map { RelativeTime.describe($0, now: context.now(), in: context.localTime) }
                ?? "unknown"
            let query = model?.query.map { BrowseService.describe(terms: $0.terms) } ?? "no search"
            view.say(
                "\(DisplayWidth.pad(name, to: nameWidth)) \(model?.source ?? "?") \(query), "
                    + "\(model?.selections.count ?? 0) selected, saved \(when)")
            listed.append(
                JSONObject([
                    .name: .string(name), .source: model.map { .string($0.source) } ?? .null,
                    .query: model?.query.map { .string($0.terms) } ?? .null,
                    .selected: .int(model?.selections.count ?? 0),
                    .savedAt: model?.lastVisited.map(TypedJSON.date) ?? .null,
                ]))
        }
        view.makeJSON = { [listed] in TypedJSON.listing(listed, total: listed.count) }
        output.show(view)
        return output
    }

    /// `session rm NAME`, with its spare.
    func removeSession(_ name: String) throws -> Output {
        var output = Output()
        let url = context.paths.namedSession(name)
        guard context.fileStore.remove(url) else {
            throw UsageError.notFound("no session named \(name): session list shows them")
        }
        context.fileStore.remove(context.fileStore.spare(of: url))
        output.say("Removed session \(name).")
        return output
    }

    /// `session reset`: no search and nothing selected, in the same source.
    func resetSession() -> Output {
        var output = Output()
        let source = session.source
        session = SessionModel()
        session.source = source
        results.clear()
        output.say(
            "The session starts again in \(source) with no search and nothing selected; favourites, "
                + "history, the library, saved searches and denied terms are kept.")
        return output
    }
}
