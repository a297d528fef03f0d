import FoundationEssentials

/// `quit` (`exit`): saves and leaves.
struct QuitCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "quit", aliases: ["exit"], usage: "quit", summary: "save and leave (also exit, or Ctrl-D)", example: "quit", topic: .session)

    init() {}

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        try args.none()
    }

    func run(in state: ShellState) async throws -> Output {
        var output = Output()
        output.quit = true
        return output
    }
}
