/// `ratings [--min STARS]`: the films you rated, highest first.
struct RatingsCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "ratings",
        summary: "the films you rated, highest first",
        example: "ratings --min 4",
        topic: .library,
        options: [
            .init("--min", value: "STARS", help: "only those rated STARS or more"),
            .init("--all", help: "every film rated; without it (or --min), the top 100"),
        ],
        details: .table(
            """
            ratings  the top 100, highest first (ties by title), and how many there are when there are more
            --min STARS  every film rated that or more (0.5 to 5)
            rows  N of a row names that film for rate, seen, want, note and show
            """))

    var minimum: Double?
    /// `--all`: every film rated, not the top `libraryPage`.
    var all = false

    init(minimum: Double?, all: Bool = false) { (self.minimum, self.all) = (minimum, all) }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        all = args.has("--all")
        if let stars = args.last("--min") { minimum = try Stars.parse(stars) }
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        try library.ratings(minimum: minimum, all: all)
    }
}
