import FoundationEssentials

/// `list` (`ls`): the current page again, with its marks.
struct ListCommand: PlainCommand, Equatable {
    static let spec = CommandSpec(
        name: "list", aliases: ["ls"], usage: "list",
        summary: "reprint the current page with selection (*) and favourite (♥) marks",
        example: "list", topic: .results)

    var needsResults: Bool { true }

    func run(in state: ShellState) async throws -> Output {
        state.session.view = .list
        return try state.listing()
    }
}
