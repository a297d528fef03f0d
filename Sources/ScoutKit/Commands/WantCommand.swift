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
        try await state.changeWatchlist(target, want: true)
    }
}
