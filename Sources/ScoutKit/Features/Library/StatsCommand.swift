/// `stats [YEAR]`: films seen a month as a bar chart, ratings as a histogram of columns, and the top genres,
/// directors and sources.
struct StatsCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "stats",
        summary: "films seen a month, your ratings, top genres, directors and sources",
        example: "stats 2025",
        topic: .library,
        positionals: [.init("YEAR", .year, optional: true)],
        details: .table(
            """
            YEAR     its twelve months, and the films logged in it; without YEAR, the last twelve months and
                     every film rated or logged
            """))

    var year: Int?

    init(year: Int?) { self.year = year }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        year = args.number("YEAR")
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        Output(showing: StatsView(stats: try library.stats(year: year), plainGlyphs: library.plainGlyphs))
    }
}
