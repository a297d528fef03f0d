/// `unwatch NAME`: stops watching a saved search, forgetting what it had seen; the search stays saved.
struct UnwatchCommand: ServiceCommand, Equatable {
    static func service(in services: Services) -> SavedService { services.saved }

    static let spec = CommandSpec(
        name: "unwatch", summary: "stop watching a saved search (it stays saved)",
        example: "unwatch alien", topic: .saved, positionals: [.init("NAME", completer: .watchedSearches)])

    var name: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        name = args.text("NAME")
    }

    func run(with saved: SavedService) async throws -> Output {
        try saved.unwatch(name)
    }
}
