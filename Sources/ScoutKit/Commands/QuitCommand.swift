/// `quit` (`exit`): saves and leaves.
struct QuitCommand: PlainCommand, Equatable {
    static let spec = CommandSpec(
        name: "quit", aliases: ["exit"], usage: "quit", summary: "save and leave (also exit, or Ctrl-D)",
        example: "quit", topic: .session)

    func run(in state: ShellState) async throws -> Output {
        var output = Output()
        output.quit = true
        return output
    }
}
