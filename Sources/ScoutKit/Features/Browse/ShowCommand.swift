/// `show N`: row N in full, with what its source adds; what the list knows when that fails.
struct ShowCommand: RowCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "show", summary: "the detail view of row N", example: "show 3", topic: .results,
        positionals: [.row],
        details: .table(
            """
            N  a row of the listing on screen: the results, or the last diary, ratings, watchlist or fav
            details  iTunes and OMDb items are asked for their full details; what the library holds of a film is added
            artwork  drawn beside or above the text on a terminal that draws (set images); art N draws it alone
            """))

    var row: Int

    /// A library listing on screen (diary, ratings, watchlist) makes N its row, and the results of a restored
    /// session are not fetched for it: `run` fetches them only for a row of the results.
    var needsResults: Bool { false }

    /// The results, and the library whose card a library listing's row shows.
    static func service(in services: Services) -> (browse: BrowseService, library: LibraryService) {
        (services.browse, services.library)
    }

    func run(with services: (browse: BrowseService, library: LibraryService)) async throws -> Output {
        try await services.browse.show(row, library: services.library)
    }
}
