/// `prev` (`p`): the previous page.
struct PrevCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "prev", aliases: ["p"], summary: "the previous page", example: "prev", topic: .results)

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try await browse.turnPage(to: browse.session.page - 1)
    }
}
