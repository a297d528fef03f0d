/// `art N`: row N's artwork drawn as large as the window allows; where nothing is drawn, its address.
struct ArtCommand: RowCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "art", summary: "draw row N's artwork as large as the window allows",
        example: "art 3", topic: .results, positionals: [.row],
        details: .table(
            """
            on a terminal  under its title, drawn as set images says (auto: from the environment)
            elsewhere      a pipe, --json, TERM=dumb or images off: the image's address
            Ctrl-C         skips an image still coming; a favourite's is kept, to draw offline
            """))

    var row: Int

    static func service(in services: Services) -> (browse: BrowseService, art: ArtService) {
        (services.browse, services.art)
    }

    func run(with services: (browse: BrowseService, art: ArtService)) async throws -> Output {
        try await services.browse.artwork(ofRow: row, drawing: services.art)
    }
}
