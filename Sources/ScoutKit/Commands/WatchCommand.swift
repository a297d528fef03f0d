/// `watch NAME`: looks at a saved search once and remembers every item it found, so that `check` lists
/// only what appears after.
struct WatchCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "watch", usage: "watch NAME",
        summary: "watch a saved search: remember what it finds now, so check lists only what is new",
        example: "save alien; watch alien", topic: .saved, arguments: [.unwatchedSearches])

    var name: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        name = try args.one()
    }

    func run(in state: ShellState) async throws -> Output {
        let saved = try state.savedSearch(name)
        var output = Output()
        if let watch = saved.watch {
            let since = RelativeTime.date(watch.since, in: state.context.localTime)
            output.say("\(name) is watched already, since \(since): check lists what is new.")
            return output
        }
        if saved.parameterCount > 0 {
            throw UsageError(
                "\(name) has parameters ($1…), and a watch needs the search itself: save a search with the "
                    + "arguments in it (save NAME search …), then watch that")
        }
        try state.requireNetwork(for: "watch")
        let items: [Item]
        switch await state.look(at: [saved]).first {
        case .success(let pages)?: items = Array(pages.joined())
        case .failure(let error)?:
            throw UsageError(
                "could not look at \(name) (\(error)); nothing was remembered: watch \(name) again later",
                code: TypedJSON.code(of: error))
        case nil: items = []
        }
        let (now, pages, name) = (state.context.now(), state.settings.watchPages, name)
        let watched = try state.savedSearches.modify { searches -> (Bool, changed: Bool) in
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
                + "(up to \(state.settings.watchPages) page\(state.settings.watchPages == 1 ? "" : "s")); check lists "
                + "what appears after.")
        output.json["saved"] = .object(state.savedJSON(try state.savedSearch(name)))
        return output
    }
}
