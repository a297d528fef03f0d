/// `unwatch NAME`: stops watching a saved search, forgetting what it had seen; the search stays saved.
struct UnwatchCommand: ServiceCommand, Equatable {
    static func service(in services: Services) -> SavedService { services.saved }

    static let spec = CommandSpec(
        name: "unwatch", usage: "unwatch NAME", summary: "stop watching a saved search (it stays saved)",
        example: "unwatch alien", topic: .saved, arguments: [.watchedSearches])

    var name: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        name = try args.one()
    }

    func run(with saved: SavedService) async throws -> Output {
        try saved.unwatch(name)
    }
}
