/// `unselect RANGES|all`: drops rows from the selection.
struct UnselectCommand: RangesCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "unselect", summary: "drop rows from the selection", example: "unselect 2",
        topic: .choosing, positionals: [.init("RANGES|all", .ranges, completer: .all([.words(["all"]), .rows]))])

    var rows: RangeSpec

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try browse.unselect(rows)
    }
}
