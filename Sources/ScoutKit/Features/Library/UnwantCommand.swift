/// `unwant N|ID`: off the watchlist.
struct UnwantCommand: FilmCommand, Equatable {
    static let spec = CommandSpec.film(
        "unwant", summary: "take a film off your watchlist", example: "watchlist; unwant 2")

    var target: String

    func run(with library: LibraryService) async throws -> Output {
        try await library.want(target, want: false)
    }
}
