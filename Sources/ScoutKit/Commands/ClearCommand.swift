/// `clear`: clears the screen, as the shell's `clear` and Ctrl-L do; a pipe gets nothing.
struct ClearCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "clear", summary: "clear the screen (also Ctrl-L)", example: "clear", topic: .session)

    /// It needs no feature: the printer clears the terminal.
    static func service(in services: Services) -> ServiceWiring { services.wiring }

    func run(with _: ServiceWiring) async throws -> Output {
        var output = Output()
        output.clearsScreen = true
        return output
    }
}
