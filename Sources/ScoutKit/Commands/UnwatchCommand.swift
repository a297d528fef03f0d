/// `unwatch NAME`: stops watching a saved search, forgetting what it had seen; the search stays saved.
struct UnwatchCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "unwatch", usage: "unwatch NAME", summary: "stop watching a saved search (it stays saved)",
        example: "unwatch alien", topic: .saved, arguments: [.watchedSearches])

    var name: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        name = try args.one()
    }

    func run(in state: ShellState) async throws -> Output {
        let saved = try state.savedSearch(name)
        let name = name
        let watch = try state.savedSearches.modify { searches -> (SavedSearch.Watch?, changed: Bool) in
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
        output.json["saved"] = .object(state.savedJSON(try state.savedSearch(name)))
        return output
    }
}
