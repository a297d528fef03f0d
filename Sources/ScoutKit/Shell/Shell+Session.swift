import Foundation

extension Shell {
    /// Restores the session on launch: fetches the last query's results again and, when `greet` (on a
    /// terminal), shows a welcome-back line and the view the user left. Scripts get neither, so that a
    /// script's start reads no favourites.
    public func start(greet: Bool) async -> Output {
        var output = Output()
        if greet, let problem = await reload() { output.warn(problem) }
        if greet, let previousVisit {
            let now = context.now()
            output.say(prose: "Welcome back, last visit \(RelativeTime.describe(previousVisit, now: now, calendar: context.calendar))"
                       + " (\(RelativeTime.date(previousVisit, calendar: context.calendar))).", width: proseWidth, indent: 2)
            output.say(prose: "Restored: \(contextSummary()).", width: proseWidth, indent: 2)
            output.say(prose: "Next: \(nextHint()).", width: proseWidth, indent: 2)
        } else if greet {
            output.say(prose: "scout \(Scout.version): search the \(session.source) catalog. Type help for commands, Tab to complete, Ctrl-D to leave.",
                       width: proseWidth, indent: 2)
        }
        if greet, resultsLoaded { output.merge(restoredView()) }
        return withWarnings(output)
    }

    /// The view the session was left in: the detail of one item, or the current list page.
    func restoredView() -> Output {
        if case .detail(let id) = session.view {
            if let item = displayed.first(where: { $0.id == id }) ?? session.selections.first(where: { $0.id == id })
                ?? favourites.all().first(where: { $0.id == id })?.item {
                return detail(item)
            }
            session.view = .list
        }
        return (try? listing()) ?? Output()
    }

    /// One line naming where the session stands: source, query, filter, page, selection, view.
    func contextSummary() -> String {
        var parts = [session.source]
        if let query = session.query { parts.append(query.terms.isEmpty ? "everything" : "\"\(query.terms)\"") } else { parts.append("no search yet") }
        if let filter = session.filter { parts.append("filter \"\(filter)\"") }
        if let sort = session.sort { parts.append("by \(sort.description)") }
        if session.query != nil { parts.append("page \(session.page)") }
        parts.append("\(session.selections.count) selected")
        switch session.view {
        case .list: parts.append("list view")
        case .detail(let id):
            let title = displayed.first { $0.id == id }?.title ?? session.selections.first { $0.id == id }?.title ?? id
            parts.append("showing \(title)")
        }
        return parts.joined(separator: ", ")
    }

    func sessionCommand(_ command: Command.Session) async throws -> Output {
        var output = Output()
        switch command {
        case .show:
            if let previousVisit {
                output.say("Last visit: \(RelativeTime.describe(previousVisit, now: context.now(), calendar: context.calendar))"
                           + " (\(RelativeTime.date(previousVisit, calendar: context.calendar)))")
            } else {
                output.say("Last visit: none before this one")
            }
            output.say("Session: \(contextSummary())")
            for item in session.selections { output.say(fitted("  * \(Renderer.summary(item))")) }
            var json: [String: JSONValue] = [
                "source": .string(session.source), "page": .int(session.page),
                "selected": .array(session.selections.map { .string($0.id) }),
            ]
            if let previousVisit { json["lastVisited"] = .string(ISO8601DateFormatter().string(from: previousVisit)) }
            if let query = session.query { json["query"] = .string(query.terms) }
            if let filter = session.filter { json["filter"] = .string(filter) }
            switch session.view {
            case .list: json["view"] = .string("list")
            case .detail(let id): json["view"] = .string("detail"); json["detail"] = .string(id)
            }
            output.json["session"] = .object(json)
        case .save(let name):
            var copy = session
            copy.lastVisited = context.now()
            try StateFile<SessionModel>(context.paths.namedSession(name), label: "session \(name)", store: context.fileStore).save(copy)
            output.say("Saved this session as \(name): session load \(name) brings it back.")
        case .load(let name):
            let file = StateFile<SessionModel>(context.paths.namedSession(name), label: "session \(name)", store: context.fileStore)
            guard let loaded = file.load(warn: { output.warn($0) }) else {
                throw UsageError("no session named \(name): session list shows them")
            }
            session = loaded
            if let problem = await reload() { output.warn(problem) }
            output.say("Loaded session \(name): \(contextSummary()).")
            if resultsLoaded { output.merge(restoredView()) }
        case .list:
            let sessions = savedSessions
            if sessions.isEmpty { output.say("No saved sessions: session save NAME keeps this one.") }
            for name in sessions {
                let file = StateFile<SessionModel>(context.paths.namedSession(name), label: "session \(name)", store: context.fileStore)
                let model = file.load { output.warn($0) }
                let when = model?.lastVisited.map { RelativeTime.describe($0, now: context.now(), calendar: context.calendar) } ?? "unknown"
                let query = model?.query.map { Self.describe(terms: $0.terms) } ?? "no search"
                output.say("\(DisplayWidth.pad(name, to: 20)) \(model?.source ?? "?") \(query), \(model?.selections.count ?? 0) selected, saved \(when)")
            }
            output.json["sessions"] = .array(sessions.map(JSONValue.string))
        case .remove(let name):
            let url = context.paths.namedSession(name)
            guard FileManager.default.fileExists(atPath: url.path) else { throw UsageError("no session named \(name): session list shows them") }
            try FileManager.default.removeItem(at: url)
            output.say("Removed session \(name).")
        case .reset:
            let source = session.source
            session = SessionModel()
            session.source = source
            results = []
            resultsLoaded = false
            invalidate()
            output.say("Session reset: no search, nothing selected. Favourites, history and denied terms are kept.")
        }
        return output
    }

    func set(_ key: String?, _ value: String?) throws -> Output {
        var output = Output()
        guard let key else {
            for name in Settings.keys { output.say("\(DisplayWidth.pad(name, to: 10)) \(shownSetting(name))") }
            output.json["settings"] = .object(Dictionary(uniqueKeysWithValues: Settings.keys.map { ($0, JSONValue.string(shownSetting($0))) }))
            return output
        }
        guard Settings.keys.contains(key) else {
            throw UsageError("no setting \"\(key)\"; settings are \(Settings.keys.joined(separator: ", "))")
        }
        guard let value else {
            output.say("\(key) \(shownSetting(key))")
            output.json[key] = .string(shownSetting(key))
            return output
        }
        var changed = settings
        try changed.set(key, to: value)
        // Read-modify-write under the lock, so that a setting changed by another scout is kept.
        try context.fileStore.withLock(configFile.url) {
            var onDisk = configFile.load { output.warn($0) } ?? Settings()
            try onDisk.set(key, to: value)
            try configFile.save(onDisk)
            settings = onDisk
        }
        if key == "page-size" {
            session.page = 1
            invalidate()
        }
        if key == "omdb-key" {
            switch (settings.omdbKey, context.omdbKey) {
            case (nil, nil): output.say("Forgot the OMDb key: set omdb-key KEY (or OMDB_API_KEY) gives it one again.")
            case (nil, _?): output.say("Forgot the saved OMDb key; the one in use is \(shownSetting(key)).")
            case (let saved?, nil): output.say("omdb-key is now \(Settings.mask(saved)).")
            case (let saved?, let environment?):
                output.say("Saved the OMDb key \(Settings.mask(saved)); OMDB_API_KEY (\(Settings.mask(environment))) is used while it is set.")
            }
        } else {
            output.say("\(key) is now \(settings.value(of: key) ?? value).")
        }
        output.json[key] = .string(shownSetting(key))
        return output
    }

    /// A setting as `set` shows it; for the OMDb key, masked, with where the key in use comes from.
    func shownSetting(_ name: String) -> String {
        guard name == "omdb-key" else { return settings.value(of: name) ?? "" }
        let saved = settings.omdbKey.map(Settings.mask)
        if let environment = context.omdbKey.map(Settings.mask) {
            return "\(environment) from OMDB_API_KEY" + (saved.map { ", which wins over set omdb-key \($0)" } ?? "")
        }
        return saved.map { "\($0) from set omdb-key" } ?? "(not set: set omdb-key KEY, or OMDB_API_KEY)"
    }

    func cache(clear: Bool) -> Output {
        var output = Output()
        let folder = context.paths.cache
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
        if clear {
            for name in names { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
            try? FileManager.default.removeItem(at: CacheStats.file(in: folder))
            output.say("Cache cleared (\(names.count) entr\(names.count == 1 ? "y" : "ies")).")
            return output
        }
        let bytes = names.reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
        }
        let counts = CacheStats.read(in: folder, store: context.fileStore, warn: warnings.add)
        let asked = counts.hits + counts.misses
        let rate = asked == 0 ? "no look-ups yet" : "hit rate \(counts.hits * 100 / asked)% (\(counts.hits) of \(asked))"
        output.say("Cache: \(names.count) entr\(names.count == 1 ? "y" : "ies"), \(bytes) bytes, \(rate), fresh for \(settings.cacheTTL) s, in \(folder.path)")
        output.json["entries"] = .int(names.count)
        output.json["bytes"] = .int(bytes)
        output.json["hits"] = .int(counts.hits)
        output.json["misses"] = .int(counts.misses)
        return output
    }

    func help(_ topic: String?) throws -> Output {
        var output = Output()
        guard let topic else {
            output.say(prose: "Commands by topic (help COMMAND for one in full, with an example; ; separates commands, # starts a comment):",
                       width: proseWidth, indent: 2)
            for group in CommandInfo.Topic.allCases {
                output.say(StyledLine(group.rawValue, .heading))
                for info in CommandTable.all where info.topic == group {
                    output.say(prose: "  \(DisplayWidth.pad(info.name, to: 10)) \(info.summary)", width: proseWidth, indent: 13)
                }
                if group == .past { output.say(prose: "  \(DisplayWidth.pad("!N, !!", to: 10)) re-run search N of history, or the last one", width: proseWidth, indent: 13) }
            }
            output.say(prose: "Tab completes commands and their arguments; a second Tab lists the choices.", width: proseWidth)
            return output
        }
        let word = topic.hasPrefix("!") ? "history" : topic
        guard let info = CommandTable.info(word) else {
            if let near = CommandTable.suggestion(for: word) { throw UsageError("no command \"\(topic)\": did you mean \"\(near)\"?") }
            throw UsageError("no command \"\(topic)\": help lists them")
        }
        if let proseWidth, DisplayWidth.of(info.name + ": " + info.summary) > proseWidth {
            output.say(prose: "\(info.name): \(info.summary)", width: proseWidth, indent: 2)
        } else {
            output.say(StyledLine(info.name, .title) + StyledLine(": \(info.summary)"))
        }
        output.say(prose: "usage: \(info.usage)", width: proseWidth, indent: 7)
        if !info.aliases.isEmpty { output.say("also: \(info.aliases.joined(separator: ", "))") }
        if !info.options.isEmpty {
            output.say("options:")
            let width = (info.options.map { DisplayWidth.of($0.0) }.max() ?? 0) + 2
            for (option, meaning) in info.options {
                output.say(prose: "  \(DisplayWidth.pad(option, to: width))\(meaning)", width: proseWidth, indent: width + 2)
            }
        }
        output.say(prose: "example: \(info.example)", width: proseWidth, indent: 9)
        return output
    }

    /// The width prose is wrapped to: the window's on a terminal; none (whole lines) on a pipe.
    var proseWidth: Int? { context.fitsWidth ? width : nil }

    /// The prompt: the source and how many items are selected.
    public var prompt: String {
        "\(session.source) [\(session.selections.count) selected]> "
    }

    /// The right prompt: the page of the results shown (`p2/7`), empty before a search.
    public var rightPrompt: String {
        resultsLoaded && !displayed.isEmpty ? "p\(session.page)/\(pageCountText)" : ""
    }

    /// What to type next, after the welcome back: the likeliest command from where the session stands.
    func nextHint() -> String {
        if case .detail = session.view { return "list goes back to the results, fav add keeps this one" }
        if !session.selections.isEmpty {
            let count = session.selections.count
            return "done confirms the \(count) selected, selection lists \(count == 1 ? "it" : "them")"
        }
        if resultsLoaded, session.page < pageCount { return "next shows page \(session.page + 1) of \(pageCount), select N picks a row" }
        if session.query == nil { return "search TERMS to begin, help for every command" }
        return "select N picks a row, history lists past searches"
    }
}

extension Shell {
    /// The names of the saved sessions, sorted.
    var savedSessions: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: context.paths.sessionsFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }
}
