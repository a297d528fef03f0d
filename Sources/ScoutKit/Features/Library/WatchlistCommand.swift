/// `watchlist`: the films you want to see, oldest first.
struct WatchlistCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "watchlist",

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
        try library.watchlist()
    }
}
