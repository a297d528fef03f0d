/// `watchlist`: the films you want to see, oldest first.
struct WatchlistCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "watchlist",
        usage: "watchlist",
        summary: "the films you want to see, oldest first",
        example: "watchlist",
        topic: .library,
        details: .table(
            """
            watchlist  every film on it, oldest first, with the day it was put there
            off  seen N (a diary entry) or unwant N takes a film off, as on Letterboxd
            """))

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        let shelf = try library.store.shelf()
        let wanted = (0..<shelf.watchCount).map(shelf.wanted)
        let rows = wanted.map {
            (
                film: Optional(shelf.id($0.film)),
                line: "\(shelf.label($0.film))  added \($0.added)  [\(shelf.id($0.film))]"
            )
        }
        return library.listing(
            name: "the watchlist", rows: rows, empty: "The watchlist is empty: want N adds a film."
        ) {
            wanted.map {
                var object: JSONObject<WantedRowField> = LibraryJSON.film(shelf, $0.film)
                object[.added] = .string($0.added)
                return object
            }
        }
    }
}
