/// `unwant N|ID`: off the watchlist.
struct UnwantCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "unwant",
        usage: "unwant N|ID",
        summary: "take a film off your watchlist",
        example: "watchlist; unwant 2",
        topic: .library,
        arguments: [.rows])

    var target: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        target = try args.one()
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        try await library.want(target, want: false)
    }
}
