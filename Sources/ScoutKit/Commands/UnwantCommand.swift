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
        try await state.changeWatchlist(target, want: false)
    }
}
