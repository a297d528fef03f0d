/// `next` (`n`): the next page, fetched when it is not here yet.
struct NextCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "next", aliases: ["n"], summary: "the next page", example: "next", topic: .results)

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try await browse.turnPage(to: browse.session.page + 1, isNext: true)
    }
}
