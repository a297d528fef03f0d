/// `unwant N|ID`: off the watchlist.
struct UnwantCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "unwant",
        usage: "unwant N|ID",
        summary: "take a film off your watchlist",
        example: "watchlist; unwant 2",
        topic: .library,
        arguments: [.rows])

    var target: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        target = try args.one()
    }

    func run(in state: ShellState) async throws -> Output {
        let film = try await state.libraryFilm(target)
        var removed = false
        try state.record(.unwant, film) { library, _ in
            removed = library.isWanted(film.id)
            return removed
        }
        var output = Output()
        output.say(removed ? "Took \(film.label) off the watchlist." : "\(film.label) is not on the watchlist.")
        output.json["removed"] = .int(removed ? 1 : 0)
        output.json["id"] = .string(film.id)
        return output
    }
}
