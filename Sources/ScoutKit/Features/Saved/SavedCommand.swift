import FoundationEssentials

/// `saved`: the saved searches, each as it runs; `saved show NAME` and `saved rm NAME`.
struct SavedCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "saved", summary: "the saved searches: each as it runs, whether it is watched, its last check",
        example: "saved show newsongs", topic: .saved, subcommands: [Show.self, Remove.self])

    static func service(in services: Services) -> SavedService { services.saved }

    func run(with saved: SavedService) async throws -> Output { saved.list() }

    /// `saved show NAME`: one saved search in full.
    struct Show: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "show", summary: "one saved search in full", example: "saved show newsongs", topic: .saved,
            positionals: [.init("NAME", completer: .savedSearches)])

        var name: String

        init(_ args: CommandSpec.Arguments) throws(UsageError) { name = args.text("NAME") }

        static func service(in services: Services) -> SavedService { services.saved }

        func run(with saved: SavedService) async throws -> Output { try saved.show(name) }
    }

    /// `saved rm NAME`.
    struct Remove: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "rm", summary: "forget a saved search", example: "saved rm newsongs", topic: .saved,
            positionals: [.init("NAME", completer: .savedSearches)])

        var name: String

        init(_ args: CommandSpec.Arguments) throws(UsageError) { name = args.text("NAME") }

        static func service(in services: Services) -> SavedService { services.saved }

        func run(with saved: SavedService) async throws -> Output { try saved.remove(name) }
    }
}
