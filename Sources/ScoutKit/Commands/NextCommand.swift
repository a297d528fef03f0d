/// `next` (`n`): the next page, fetched when it is not here yet.
struct NextCommand: PlainCommand, Equatable {
    static let spec = CommandSpec(
        name: "next", aliases: ["n"], usage: "next", summary: "the next page", example: "next", topic: .results)

    var needsResults: Bool { true }

    func run(in state: ShellState) async throws -> Output {
        try await state.turnPage(to: state.session.page + 1, isNext: true)
    }
}
