/// `sort KEY [asc|desc]`: orders the results, once every page is here.
struct SortCommand: Command, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "sort", usage: "sort year|title|rating|relevance [asc|desc]", summary: "order the results",
        example: "sort year desc",
        topic: .results, arguments: [.words(SortOrder.Key.allCases.map(\.rawValue)), .words(["asc", "desc"])],
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
        guard (1...2).contains(args.count) else { throw args.usage() }
        guard let key = SortOrder.Key(rawValue: args[0].lowercased()) else {
            let keys = Text.sentence(SortOrder.Key.allCases.map(\.rawValue), last: "or")
            throw UsageError("\"\(Text.brief(args[0]))\" is not a sort key: sort \(keys), then asc or desc")
        }
        var descending: Bool?
        if args.count == 2 {
            switch args[1].lowercased() {
            case "asc": descending = false
            case "desc": descending = true
            default:
                throw UsageError(
                    "\"\(Text.brief(args[1]))\" is not a direction: sort \(key.rawValue) asc, or sort "
                        + "\(key.rawValue) desc")
            }
        }
        order = SortOrder(key: key, descending: descending)
    }

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try await browse.relisted { try await browse.applySort(order) }
    }
}
