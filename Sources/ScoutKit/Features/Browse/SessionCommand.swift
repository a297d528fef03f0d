import FoundationEssentials

/// `session` and its subcommands: where the session stands, and named sessions saved, loaded and removed.
struct SessionCommand: SubcommandsCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "session", usage: usage("session", alone: nil, subcommands),
        summary: "the session: last visit, source, query, page, selections, view; named sessions",
        example: "session save weekend", topic: .session, subcommands: subcommands.map(\.declared))

    enum Action: Equatable, Sendable {
        case show
        case save(String, force: Bool)
        case load(String)
        case list
        case remove(String)
        case reset
    }

    var action: Action

    static let bare: Action? = .show

    static let subcommands: [Subcommand<Action>] = [
        Subcommand(
            "save", "NAME [--force]",
            options: [.init("--force", help: "replace a saved session of that name")]
        ) { rest throws(UsageError) in
            let (words, force) = rest.without("--force")
            return .save(try name(words), force: force)
        },
        Subcommand("load", "NAME", completers: [.sessions]) { rest throws(UsageError) in .load(try name(rest)) },
        Subcommand("list", .list),
        Subcommand("rm", "NAME", completers: [.sessions]) { rest throws(UsageError) in .remove(try name(rest)) },
        Subcommand("reset", .reset),
    ]

    /// A named session's name, as `session save`, `load` and `rm` take it.
    private static func name(_ rest: CommandSpec.Arguments) throws(UsageError) -> String {
        let name = try rest.one()
        try SessionModel.validateName(name)
        return name
    }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        var output = Output()
        switch action {
        case .show:
            if let previousVisit = browse.previousVisit {
                let time = browse.context.localTime
                let ago = RelativeTime.describe(previousVisit, now: browse.context.now(), in: time)
                output.say("Last visit: \(ago) (\(RelativeTime.date(previousVisit, in: time)))")
            } else {
                output.say("Last visit: none before this one")
            }
            output.say("Session: \(browse.contextSummary())")
            for item in browse.session.selections { output.say("  * \(Renderer.summary(item))") }
            var json: [String: JSONValue] = [
                "source": .string(browse.session.source), "page": .int(browse.session.page),
                "selected": .array(browse.session.selections.map { .string($0.id) }),
            ]
            if let previousVisit = browse.previousVisit { json["lastVisited"] = TypedJSON.date(previousVisit) }
            if let query = browse.session.query { json["query"] = .string(query.terms) }
            if let filter = browse.session.filter { json["filter"] = .string(filter) }
            switch browse.session.view {
            case .list: json["view"] = .string("list")
            case .detail(let id):
                json["view"] = .string("detail")
                json["detail"] = .string(id)
            }
            output.json[.session] = .object(json)
        case .save(let name, let force):
            let file = SessionModel.file(
                browse.context.paths.namedSession(name), label: "session \(name)", store: browse.context.fileStore)
            // Another session kept under that name is never replaced by a slip, as save and fav export do not.
            if !force, let kept = file.load(warn: { _ in }) {
                let query = kept.query.map { BrowseService.describe(terms: $0.terms) } ?? "no search"
                throw UsageError(
                    "session \(name) is saved already (\(kept.source) \(query), \(kept.selections.count) selected): "
                        + "session save \(name) --force replaces it, or choose another name; nothing was saved",
                    code: "exists")
            }
            try file.save(browse.stamped())
            output.say("Saved this session as \(name): session load \(name) brings it back.")
        case .load(let name):
            let file = SessionModel.file(
                browse.context.paths.namedSession(name), label: "session \(name)", store: browse.context.fileStore)
            guard let loaded = file.load(warn: { output.warn($0) }) else {
                throw UsageError.notFound("no session named \(name): session list shows them")
            }
            browse.session = loaded
            if let problem = await browse.reload() { output.warn(problem) }
            output.say("Loaded session \(name): \(browse.contextSummary()).")
            // Kept whole, a selected item is never dropped; one of this search's source that the results no
            // longer show is said (one picked in another source's list is not among them, and never was).
            let shown = Set(browse.results.items.map(\.id))
            let source = SourceRegistry.idPrefix(of: browse.session.source)
            let elsewhere = browse.session.selections.filter { $0.sourceName == source && !shown.contains($0.id) }
                .count
            if browse.results.loaded, elsewhere > 0 {
                let more = browse.results.hasMore ? " loaded" : ""
                output.say(
                    "\(elsewhere == 1 ? "1 selected item is" : "\(elsewhere) selected items are") not among the results"
                        + "\(more) (the source lists others now\(more.isEmpty ? "" : ", or they are further on")): "
                        + "they stay selected, and selection lists them.")
            }
            if browse.results.loaded {
                output.merge(
                    await browse.restoredView(maxLines: browse.height.map { max(3, $0 - output.lines.count - 1) }))
            }
        case .list:
            let sessions = browse.savedSessions
            if sessions.isEmpty { output.say("No saved sessions: session save NAME keeps this one.") }
            var listed: [(name: String, model: SessionModel?)] = []
            for name in sessions {
                let file = SessionModel.file(
                    browse.context.paths.namedSession(name), label: "session \(name)", store: browse.context.fileStore)
                let model = file.load { output.warn($0) }
                let when =
                    model?.lastVisited.map {
                        RelativeTime.describe($0, now: browse.context.now(), in: browse.context.localTime)
                    } ?? "unknown"
                let query = model?.query.map { BrowseService.describe(terms: $0.terms) } ?? "no search"
                output.say(
                    "\(DisplayWidth.pad(name, to: 20)) \(model?.source ?? "?") \(query), "
                        + "\(model?.selections.count ?? 0) selected, saved \(when)"
                )
                listed.append((name, model))
            }
            output.addJSON { [listed] in
                TypedJSON.listing(
                    listed.map { name, model in
                        JSONObject<SavedSessionField>([
                            .name: .string(name), .source: model.map { .string($0.source) } ?? .null,
                            .query: model?.query.map { .string($0.terms) } ?? .null,
                            .selected: .int(model?.selections.count ?? 0),
                            .savedAt: model?.lastVisited.map(TypedJSON.date) ?? .null,
                        ])
                    }, total: listed.count)
            }
        case .remove(let name):
            let url = browse.context.paths.namedSession(name)
            guard browse.context.fileStore.remove(url) else {
                throw UsageError.notFound("no session named \(name): session list shows them")
            }
            browse.context.fileStore.remove(browse.context.fileStore.spare(of: url))
            output.say("Removed session \(name).")
        case .reset:
            let source = browse.session.source
            browse.session = SessionModel()
            browse.session.source = source
            browse.results.clear()
            output.say(
                "The session starts again in \(source) with no search and nothing selected; favourites, "
                    + "history, the library, saved searches and denied terms are kept.")
        }
        return output
    }
}

extension SessionModel {
    /// A session name becomes a file name: letters, digits, `.`, `_` and `-`, not starting with a dot.
    public static func validateName(_ name: String) throws(UsageError) {
        try validateName(name, what: "a session name")
    }

    /// A name a user gives to keep something by (a session, a saved search): 1 to 64 letters, digits,
    /// `.`, `_` or `-`, not starting with `.` or `-`, so that it is a file name and one word at the prompt.
    static func validateName(_ name: String, what: String) throws(UsageError) {
        let allowed = name.unicodeScalars.allSatisfy {
            switch $0.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
                .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                true
            default: "._-".unicodeScalars.contains($0)
            }
        }
        guard (1...64).contains(name.count), allowed, !name.hasPrefix("."), !name.hasPrefix("-") else {
            throw UsageError("\(what) is 1 to 64 letters, digits, '.', '_' or '-', not starting with '.' or '-'")
        }
    }
}
