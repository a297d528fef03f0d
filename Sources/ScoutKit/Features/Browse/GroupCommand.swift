/// `group KEY`: sections the results, once every page is here; `group none` undoes it.
struct GroupCommand: Command, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "group", summary: "section the results",
        example: "group genre",
        topic: .results, positionals: [.choice(ResultView.groupKeys, noun: "group key", completer: .groupKeys)],
        details: .table(
            """
            keys  year, cuisine (restaurants, grouped by it unless told), genre, kind; none ends the grouping
            every page  on a list whose pages are not all fetched, group fetches them first
            """))

    var key: String

    init(key: String) {
        self.key = key
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        key = args.text(0)
    }

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try await browse.relisted { try await browse.applyGroup(key) }
    }
}
