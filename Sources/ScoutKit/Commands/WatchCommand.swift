/// `watch NAME`: looks at a saved search once and remembers every item it found, so that `check` lists
/// only what appears after.
struct WatchCommand: ServiceCommand, Equatable {
    static func service(in services: Services) -> SavedService { services.saved }

    static let spec = CommandSpec(
        name: "watch", usage: "watch NAME",
        summary: "watch a saved search: remember what it finds now, so check lists only what is new",
        example: "save alien; watch alien", topic: .saved, arguments: [.unwatchedSearches])

    var name: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        name = try args.one()
    }

    func run(with saved: SavedService) async throws -> Output {
        try await saved.watch(name)
    }
}
