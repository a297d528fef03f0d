/// `watchlist`: the films you want to see, oldest first.
struct WatchlistCommand: PlainCommand, Equatable {
    static let spec = CommandSpec(
        name: "watchlist",
        usage: "watchlist",
        summary: "the films you want to see, oldest first",
        example: "watchlist",
        topic: .library)

    func run(in state: ShellState) async throws -> Output {
        let library = try state.library.library()
        let wanted = library.watchlist.map {
            (film: library.films[$0.film] ?? LibraryFilm(id: $0.film, title: $0.film), added: $0.added)
        }
        let rows = wanted.map {
            (film: Optional($0.film.id), line: "\($0.film.label)  added \($0.added)  [\($0.film.id)]")
        }
        return state.libraryListing(
            .watchlist, name: "the watchlist", rows: rows, empty: "The watchlist is empty: want N adds a film."
        ) {
            wanted.map { .object(LibraryJSON.film($0.film).merging(["added": .string($0.added)]) { $1 }) }
        }
    }
}
