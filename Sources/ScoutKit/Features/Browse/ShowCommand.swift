/// `show N`: row N in full, with what its source adds; what the list knows when that fails.
struct ShowCommand: RowCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "show", usage: "show N", summary: "the detail view of row N", example: "show 3", topic: .results,
        arguments: [.rows],
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
        let (browse, library) = services
        if case .films(let listing, let ids) = browse.rowsOnScreen, listing != "fav" {
            guard row <= ids.count else {
                throw UsageError.notFound("there is no row \(row): \(listing) shows rows 1 to \(ids.count)")
            }
            return try library.cards([ids[row - 1]], numbered: false)
        }
        let restoreProblem = try await browse.prepareResults(upTo: row)
        let item = try browse.item(atRow: row)
        // What the list already knows is worth showing; a failure is said beside it.
        let (detailed, failure) = try await browse.details(of: item)
        let problem = failure.map { "the full details could not be fetched (\($0)); this is what the list holds" }
        browse.session.view = .detail(id: item.id)
        return browse.detailWithArt(
            detailed, warnings: [problem, restoreProblem].compactMap { $0 }, alone: "art \(row)")
    }
}
