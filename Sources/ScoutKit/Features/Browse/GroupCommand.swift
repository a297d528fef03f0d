/// `group KEY`: sections the results, once every page is here; `group none` undoes it.
struct GroupCommand: Command, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "group", usage: "group year|cuisine|genre|kind|none", summary: "section the results",
        example: "group genre",
        topic: .results, arguments: [.words(ResultView.groupKeys)],
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
        key = try args.one().lowercased()
        guard ResultView.groupKeys.contains(key) else {
            throw UsageError(
                "\"\(Text.brief(key))\" is not a group key: group \(Text.sentence(ResultView.groupKeys, last: "or"))")
        }
    }

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try await browse.relisted { try await browse.applyGroup(key) }
    }
}
