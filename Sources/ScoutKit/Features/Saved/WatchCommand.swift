/// `watch NAME`: looks at a saved search once and remembers every item it found, so that `check` lists
/// only what appears after.
struct WatchCommand: ServiceCommand, Equatable {
    static func service(in services: Services) -> SavedService { services.saved }

    static let spec = CommandSpec(
        name: "watch",
        summary: "watch a saved search: remember what it finds now, so check lists only what is new",
        example: "save alien; watch alien", topic: .saved, positionals: [.init("NAME", completer: .unwatchedSearches)],
        details: .table(
            """
            watch NAME  look at the saved search once and remember the id of every item it finds (up to set \
            watch-pages pages)
            then  check lists only the items no earlier look showed; unwatch stops; saved says each one's last \
            check
            parameters  a search that takes arguments cannot be watched: save one with them in it
            """))

    var name: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        name = args.text("NAME")
    }

    func run(with saved: SavedService) async throws -> Output {
        try await saved.watch(name)
    }
}
