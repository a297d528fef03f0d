/// `page N`: goes to page N, fetching the pages before it.
struct PageCommand: Command, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "page", usage: "page N", summary: "go to page N", example: "page 3", topic: .results, arguments: [.pages])

    var page: Int

    init(page: Int) {
        self.page = page
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        guard args.count == 1, let n = Int(args[0]), n >= 1 else { throw UsageError("usage: page N, with N from 1") }
        page = n
    }

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try await browse.turnPage(to: page)
    }
}
