/// `select RANGES|all|none`: picks rows of the list.
struct SelectCommand: RangesCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "select", summary: "pick rows: 3, 1,4, 2-5, 5-, -3, 1-3,7",
        example: "select 1-3,7",
        topic: .choosing,
        positionals: [.init("RANGES|all|none", .ranges, completer: .all([.words(["all", "none"]), .rows]))],
        details: .table(
            """
            RANGES  rows of the list on screen, numbered across the pages: 3, 1,4, 2-5, 5-, -3, 1-3,7 (commas or spaces)
            all, none  every row loaded; nothing (the whole selection, in every source)
            one pick  movies take one pick (a second replaces the first); the other sources several
            kept  the selection is one basket across sources, kept in the session; selection lists it, done confirms it
            """))

    var rows: RangeSpec

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try browse.select(rows)
    }
}
