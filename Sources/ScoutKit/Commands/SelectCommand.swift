/// `select RANGES|all|none`: picks rows of the list.
struct SelectCommand: RangesCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "select", usage: "select RANGES|all|none", summary: "pick rows: 3, 1,4, 2-5, 5-, -3, 1-3,7",
        example: "select 1-3,7",
        topic: .choosing, arguments: [.all([.words(["all", "none"]), .rows])])

    var rows: RangeSpec

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try browse.select(rows)
    }
}
