/// `rate N|ID STARS`: the film's rating, 0.5 to 5 stars in halves; `none` clears it.
struct RateCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "rate",
        summary: "rate a film 0.5 to 5 stars, in halves; none clears the rating",
        example: "rate 3 4.5",
        topic: .library,
        positionals: [
            .init("N|ID", completer: .rows),
            .init(
                "STARS|none", completer: .words(["none", "0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5"])),
        ],
        details: .table(
            """
            N|ID   a row of the listing on screen (results, diary, ratings, watchlist, fav), or an id such as
                   omdb:tt0083658
            STARS  0.5 to 5 in halves: 4, 3.5 (or ★★★½); IMDb's 1/10 to 10/10 are half as many stars (8/10 is 4)
            """))

    var target: String
    /// nil clears the rating.
    var stars: Double?
    /// The points given out of ten (`rate 1 8/10`), where they were.
    var outOfTen: Int?

    init(target: String, stars: Double?) {
        (self.target, self.stars) = (target, stars)
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        target = args.text("N|ID")
        let stars = args.text("STARS|none")
        self.stars = stars.lowercased() == "none" ? nil : try Stars.parse(stars)
        outOfTen = Stars.outOfTen(stars)
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        try await library.rate(target, stars: stars, outOfTen: outOfTen)
    }
}
