import FoundationEssentials

/// `session`, and the session restored at launch.
@MainActor
struct SessionHandler {
    let state: ShellState

    /// Restores the session on launch: fetches the last query's results again and, when `greet` (on a
    /// terminal), shows a welcome-back line and the view the user left. Scripts get neither, so that a
    /// script's start reads no favourites.
    func start(greet: Bool) async -> Output {
        var output = Output()
        if greet, let problem = await SearchHandler(state: state).reload() { output.warn(problem) }
        if greet, let previousVisit = state.previousVisit {
            let now = state.context.now()
            output.say(prose: "Welcome back, last visit \(RelativeTime.describe(previousVisit, now: now, calendar: state.context.calendar))"
                       + " (\(RelativeTime.date(previousVisit, calendar: state.context.calendar))).", width: state.proseWidth, indent: 2)
            output.say(prose: "Restored: \(contextSummary()).", width: state.proseWidth, indent: 2)
            output.say(prose: "Next: \(nextHint()).", width: state.proseWidth, indent: 2)
        } else if greet {
            output.say(prose: "scout \(Scout.version): search the \(state.session.source) catalog. Type help for commands, Tab to complete, Ctrl-D to leave.",
                       width: state.proseWidth, indent: 2)
        }
        if greet, state.results.loaded { output.merge(restoredView()) }
        return output
    }

    /// The view the session was left in: the detail of one item, or the current list page.
    func restoredView() -> Output {
        if case .detail(let id) = state.session.view {
            if let item = state.results.displayed.first(where: { $0.id == id }) ?? state.session.selections.first(where: { $0.id == id })
                ?? state.favourites.all().first(where: { $0.id == id })?.item {
                return state.detail(item)
            }
            state.session.view = .list
        }
        return (try? state.listing()) ?? Output()
    }

    /// One line naming where the session stands: source, query, filter, page, selection, view.
    func contextSummary() -> String {
        var parts = [state.session.source]
        if let query = state.session.query { parts.append(query.terms.isEmpty ? "everything" : "\"\(query.terms)\"") } else { parts.append("no search yet") }
        if let filter = state.session.filter { parts.append("filter \"\(filter)\"") }
        if let sort = state.session.sort { parts.append("by \(sort.description)") }
        if state.session.query != nil { parts.append("page \(state.session.page)") }
        parts.append("\(state.session.selections.count) selected")
        switch state.session.view {
        case .list: parts.append("list view")
        case .detail(let id):
            let title = state.results.displayed.first { $0.id == id }?.title ?? state.session.selections.first { $0.id == id }?.title ?? id
            parts.append("showing \(title)")
        }
        return parts.joined(separator: ", ")
    }

    func sessionCommand(_ command: Command.Session) async throws -> Output {
        var output = Output()
        switch command {
        case .show:
            if let previousVisit = state.previousVisit {
                output.say("Last visit: \(RelativeTime.describe(previousVisit, now: state.context.now(), calendar: state.context.calendar))"
                           + " (\(RelativeTime.date(previousVisit, calendar: state.context.calendar)))")
            } else {
                output.say("Last visit: none before this one")
            }
            output.say("Session: \(contextSummary())")
            for item in state.session.selections { output.say(state.fitted("  * \(Renderer.summary(item))")) }
            var json: [String: JSONValue] = [
                "source": .string(state.session.source), "page": .int(state.session.page),
                "selected": .array(state.session.selections.map { .string($0.id) }),
            ]
            if let previousVisit = state.previousVisit { json["lastVisited"] = TypedJSON.date(previousVisit) }
            if let query = state.session.query { json["query"] = .string(query.terms) }
            if let filter = state.session.filter { json["filter"] = .string(filter) }
            switch state.session.view {
            case .list: json["view"] = .string("list")
            case .detail(let id): json["view"] = .string("detail"); json["detail"] = .string(id)
            }
            output.json["session"] = .object(json)
        case .save(let name):
            var copy = state.session
            copy.lastVisited = state.context.now()
            try SessionModel.file(state.context.paths.namedSession(name), label: "session \(name)", store: state.context.fileStore).save(copy)
            output.say("Saved this session as \(name): session load \(name) brings it back.")
        case .load(let name):
            let file = SessionModel.file(state.context.paths.namedSession(name), label: "session \(name)", store: state.context.fileStore)
            guard let loaded = file.load(warn: { output.warn($0) }) else {
                throw UsageError.notFound("no session named \(name): session list shows them")
            }
            state.session = loaded
            if let problem = await SearchHandler(state: state).reload() { output.warn(problem) }
            output.say("Loaded session \(name): \(contextSummary()).")
            if state.results.loaded { output.merge(restoredView()) }
        case .list:
            let sessions = state.savedSessions
            if sessions.isEmpty { output.say("No saved sessions: session save NAME keeps this one.") }
            var listed: [JSONValue] = []
            for name in sessions {
                let file = SessionModel.file(state.context.paths.namedSession(name), label: "session \(name)", store: state.context.fileStore)
                let model = file.load { output.warn($0) }
                let when = model?.lastVisited.map { RelativeTime.describe($0, now: state.context.now(), calendar: state.context.calendar) } ?? "unknown"
                let query = model?.query.map { HistoryHandler.describe(terms: $0.terms) } ?? "no search"
                output.say("\(DisplayWidth.pad(name, to: 20)) \(model?.source ?? "?") \(query), \(model?.selections.count ?? 0) selected, saved \(when)")
                listed.append(.object(["name": .string(name), "source": model.map { .string($0.source) } ?? .null,
                                       "query": model?.query.map { .string($0.terms) } ?? .null,
                                       "selected": .int(model?.selections.count ?? 0),
                                       "savedAt": model?.lastVisited.map(TypedJSON.date) ?? .null]))
            }
            output.json = TypedJSON.listing(.sessions, listed, total: listed.count)
        case .remove(let name):
            let url = state.context.paths.namedSession(name)
            guard state.context.fileStore.remove(url) else { throw UsageError.notFound("no session named \(name): session list shows them") }
            output.say("Removed session \(name).")
        case .reset:
            let source = state.session.source
            state.session = SessionModel()
            state.session.source = source
            state.results.clear()
            output.say("Session reset: no search, nothing selected. Favourites, history and denied terms are kept.")
        }
        return output
    }

    /// What to type next, after the welcome back: the likeliest command from where the session stands.
    func nextHint() -> String {
        if case .detail = state.session.view { return "list goes back to the results, fav add keeps this one" }
        if !state.session.selections.isEmpty {
            let count = state.session.selections.count
            return "done confirms the \(count) selected, selection lists \(count == 1 ? "it" : "them")"
        }
        if state.results.loaded, state.session.page < state.results.pageCount { return "next shows page \(state.session.page + 1) of \(state.results.pageCount), select N picks a row" }
        if state.session.query == nil { return "search TERMS to begin, help for every command" }
        return "select N picks a row, history lists past searches"
    }
}
