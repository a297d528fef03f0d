/// `ratings [--min STARS]`: the films you rated, highest first.
struct RatingsCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "ratings",
        usage: "ratings [--min STARS] [--all]",
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
        let parsed = try args.options(Self.spec.options, command: "ratings", example: "ratings --min 4")
        all = parsed.has("--all")
        if let word = parsed.positional.first {
            throw parsed.positional.count == 1 && (try? Stars.parse(word)) != nil
                ? UsageError("ratings takes stars after --min: ratings --min \(word)") : args.usage()
        }
        if let stars = parsed.last("--min") { minimum = try Stars.parse(stars) }
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        let shelf = try library.store.shelf()
        let floor = Int((minimum ?? 0) * 2)
        let matching = shelf.ratings.filter { floor == 0 || shelf.halves(Int($0)) >= floor }
        let shown = (all || minimum != nil ? matching : Array(matching.prefix(LibraryService.page))).map(Int.init)
        let rows = shown.map {
            (
                film: Optional(shelf.id($0)),
                line: "\(library.starColumn(shelf.stars($0)))  \(shelf.label($0))  [\(shelf.id($0))]"
            )
        }
        return library.listing(
            name: "ratings", rows: rows,
            empty: minimum.map { "No film is rated \(library.starText($0)) or more." }
                ?? "No ratings yet: rate N STARS rates a film.",
            total: matching.count,
            more: "the top \(shown.count) of TOTAL: ratings --min STARS lists those rated that or more, "
                + "ratings --all every one"
        ) {
            shown.map {
                var object: JSONObject<RatingRowField> = LibraryJSON.film(shelf, $0)
                object[.rating] = LibraryJSON.stars(shelf.stars($0))
                return object
            }
        }
    }
}
