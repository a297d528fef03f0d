/// `ratings [--min STARS]`: the films you rated, highest first.
struct RatingsCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "ratings",
        usage: "ratings [--min STARS]",
        summary: "the films you rated, highest first",
        example: "ratings --min 4",
        topic: .library,
        options: [.init("--min", value: "STARS", help: "only those rated STARS or more")])

    var minimum: Double?

    init(minimum: Double?) { self.minimum = minimum }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        guard !args.isEmpty else { return }
        guard args.count == 2, args[0].lowercased() == "--min" else {
            if args.count == 1, args[0].lowercased() == "--min" {
                throw UsageError("--min needs a value: ratings --min 4")
            }
            throw args.count == 1 && (try? Stars.parse(args[0])) != nil
                ? UsageError("ratings takes stars after --min: ratings --min \(args[0])") : args.usage()
        }
        minimum = try Stars.parse(args[1])
    }

    func run(in state: ShellState) async throws -> Output {
        let library = try state.library.library()
        let rated = library.ratings.filter { $0.value.stars >= (minimum ?? 0) }
            .map { (film: library.films[$0.key] ?? LibraryFilm(id: $0.key, title: $0.key), stars: $0.value.stars) }
            .sorted { ($1.stars, $0.film.title, $0.film.id) < ($0.stars, $1.film.title, $1.film.id) }
        let rows = rated.map {
            (film: Optional($0.film.id), line: "\(state.starColumn($0.stars))  \($0.film.label)  [\($0.film.id)]")
        }
        return state.libraryListing(
            .ratings, name: "ratings", rows: rows,
            empty: minimum.map { "No film is rated \(state.starText($0)) or more." }
                ?? "No ratings yet: rate N STARS rates a film."
        ) {
            rated.map { .object(LibraryJSON.film($0.film).merging(["rating": .double($0.stars)]) { $1 }) }
        }
    }
}
