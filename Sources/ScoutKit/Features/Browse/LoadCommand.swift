/// `load all`: fetches every remaining page, then shows the heading and what it kept.
struct LoadCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "load", summary: "fetch every remaining page", example: "load all", topic: .searching,
        positionals: [.choice(["all"])],
        details: .table(
            """
            load all  fetch every page left (OMDb 8 at a time, iTunes paced), in page order; Ctrl-C keeps what came
            end  when a source sends fewer pages than it counted, load all says so and the list ends there
            """))

    init() {}

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try await browse.loadAll()
    }
}
