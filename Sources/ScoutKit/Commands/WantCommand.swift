/// `want N|ID`: onto the watchlist.
struct WantCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "want",
        usage: "want N|ID",
        summary: "put a film on your watchlist",
        example: "want 4",
        topic: .library,
        arguments: [.rows])

    var target: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        target = try args.one()
    }

    func run(in state: ShellState) async throws -> Output {
        let film = try await state.libraryFilm(target)
        var added = false
        try state.record(.want, film) { library, _ in
            added = !library.isWanted(film.id)
            return added
        }
        var output = Output()
        output.say(added ? "Added \(film.label) to the watchlist." : "\(film.label) is already on the watchlist.")
        output.json["added"] = .int(added ? 1 : 0)
        output.json["id"] = .string(film.id)
        return output
    }
}
