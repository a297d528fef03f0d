/// `page N`: goes to page N, fetching the pages before it.
struct PageCommand: Command, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "page", summary: "go to page N", example: "page 3", topic: .results,
        positionals: [.init("N", .number(1...Int.max), completer: .pages)])

    var page: Int

    init(page: Int) {
        self.page = page
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        page = args.number("N") ?? 1
    }

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try await browse.turnPage(to: page)
    }
}
