/// `quit` (`exit`): saves and leaves.
struct QuitCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "quit", aliases: ["exit"], summary: "save and leave (also exit, or Ctrl-D)",
        example: "quit", topic: .session)

    /// It needs no feature: it says to leave.
    static func service(in services: Services) -> ServiceWiring { services.wiring }

    func run(with _: ServiceWiring) async throws -> Output {
        var output = Output()
        output.quit = true
        return output
    }
}
