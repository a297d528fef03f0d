import FoundationEssentials
/// `seen N|ID [DATE] [--rewatch] [--review TEXT] [--tag T]`: a diary entry; a film seen before is a rewatch.
struct SeenCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "seen",
        summary: "log a film you watched in the diary (today unless DATE); seen again is a rewatch",
        example: "seen 2 yesterday --tag cinema",
        topic: .library,
        positionals: [
            .init("N|ID", completer: .rows), .init("DATE", optional: true, completer: .words(["today", "yesterday"])),
        ],
        options: [
            .init("--rewatch", help: "a rewatch, though the diary has no earlier entry"),
            .init("--review", value: "TEXT", help: "what you thought"),
            .init("--tag", short: "-t", value: "T", help: "tag the entry T (repeat for more)"),
        ],
        details: .table(
            """
            DATE  2026-11-22, today or yesterday; not in the future
            """))

    var target: String
    /// `today`, `yesterday` or `YYYY-MM-DD`, as typed (read against the clock when it runs).
    var date: String?
    var rewatch = false
    var review: String?
    var tags: [String] = []

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        (rewatch, review) = (args.has("--rewatch"), args.last("--review"))
        tags = try FavCommand.tags(args.all("--tag"))
        target = args.text("N|ID")
        if let day = args.given("DATE") { date = try Day.word(day) }
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        try await library.seen(target, on: date, rewatch: rewatch, review: review, tags: tags)
    }
}
