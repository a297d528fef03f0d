/// `prev` (`p`): the previous page.
struct PrevCommand: PlainCommand, Equatable {
    static let spec = CommandSpec(
        name: "prev", aliases: ["p"], usage: "prev", summary: "the previous page", example: "prev", topic: .results)

    var needsResults: Bool { true }

    func run(in state: ShellState) async throws -> Output {
        try await state.turnPage(to: state.session.page - 1)
    }
}
