import FoundationEssentials

/// `list` (`ls`): the current page again, with its marks.
struct ListCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "list", aliases: ["ls"], usage: "list", summary: "reprint the current page with selection (*) and favourite (♥) marks",
        example: "list", topic: .results)

    init() {}

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        try args.none()
    }

    var needsResults: Bool { true }

    func run(in state: ShellState) async throws -> Output {
        state.session.view = .list
        return try state.listing()
    }
}
