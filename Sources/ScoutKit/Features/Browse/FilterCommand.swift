/// `filter [TEXT]`: narrows the results shown; alone, clears the filter.
struct FilterCommand: Command, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "filter", summary: "narrow the current results; no text clears the filter",
        example: "filter nolan", topic: .results, positionals: [.init("TEXT", .text, optional: true)],
        details: .table(
            """
            filter TEXT  keep the rows where every word matches the title or a field, in the source's order
            filter  no text clears it
            rows  rows are numbered in the filtered list; paging and the filter never move a row
            """))

    var text: String?

    init(text: String?) {
        self.text = text
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        let text = args.given("TEXT")
        guard (text?.count ?? 0) <= SearchCommand.maxTerms else {
            throw UsageError("filter text is limited to \(SearchCommand.maxTerms) characters: shorten it")
        }
        self.text = text
    }

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try await browse.relisted { browse.session.filter = text }
    }
}
