/// `want N|ID`: onto the watchlist.
struct WantCommand: FilmCommand, Equatable {
    static let spec = CommandSpec.film("want", summary: "put a film on your watchlist", example: "want 4")

    var target: String

    func run(with library: LibraryService) async throws -> Output {
        try await library.want(target, want: true)
    }
}
