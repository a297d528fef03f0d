/// `want N|ID`: onto the watchlist.
struct WantCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "want",
        usage: "want N|ID",
        summary: "put a film on your watchlist",
        example: "want 4",
        topic: .library,
        arguments: [.rows])

    var target: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        target = try args.one()
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        try await library.want(target, want: true)
    }
}
