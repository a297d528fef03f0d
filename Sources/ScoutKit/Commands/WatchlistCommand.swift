/// `watchlist`: the films you want to see, oldest first.
struct WatchlistCommand: PlainCommand, Equatable {
    static let spec = CommandSpec(
        name: "watchlist",
        usage: "watchlist",
        summary: "the films you want to see, oldest first",
        example: "watchlist",
        topic: .library)

    func run(in state: ShellState) async throws -> Output {
        let shelf = try state.library.shelf()
        let films = shelf.films
        let wanted = shelf.watchlist
        let rows = wanted.map {
            (film: Optional(films[$0.film].id), line: "\(films[$0.film].label)  added \($0.added)  [\(films[$0.film].id)]")
        }
        return state.libraryListing(
            .watchlist, name: "the watchlist", rows: rows, empty: "The watchlist is empty: want N adds a film."
        ) {
            wanted.map { .object(LibraryJSON.film(films[$0.film]).merging(["added": .string($0.added)]) { $1 }) }
        }
    }
}
