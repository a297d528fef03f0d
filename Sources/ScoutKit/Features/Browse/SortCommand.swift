/// `sort KEY [asc|desc]`: orders the results, once every page is here.
struct SortCommand: Command, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "sort", summary: "order the results",
        example: "sort year desc",
        topic: .results,
        positionals: [
            .choice(SortOrder.Key.allCases.map(\.rawValue), noun: "sort key", completer: .sortKeys),
            .choice(["asc", "desc"], optional: true, noun: "direction"),
        ],
        details: .table(
            """
            keys  year and rating newest and best first, title A to Z, relevance the source's order; ties by title
            every page  on a list whose pages are not all fetched, sort fetches them first (Ctrl-C keeps the old order)
            source  a sort belongs to its source: a search elsewhere starts in that source's own order
            """))

    var order: SortOrder

    init(order: SortOrder) {
        self.order = order
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        let key = SortOrder.Key(rawValue: args.text(0)) ?? .relevance
        let direction = args.text(1)
        order = SortOrder(key: key, descending: direction.isEmpty ? nil : direction == "desc")
    }

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try await browse.relisted { try await browse.applySort(order) }
    }
}
