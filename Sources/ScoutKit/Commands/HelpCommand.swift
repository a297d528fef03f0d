/// `help` and `help COMMAND`, from the commands' specs.
struct HelpCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "help", summary: "this list, or one command in full", example: "help select",
        topic: .session,
        positionals: [.init("COMMAND", optional: true, completer: .commands)])

    var topic: String?

    init(topic: String?) {
        self.topic = topic
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        topic = args.given("COMMAND")
    }

    /// The commands' specs and the window's width.
    static func service(in services: Services) -> ServiceWiring { services.wiring }

    func run(with wiring: ServiceWiring) async throws -> Output {
        try topic.map { try Help.command($0, width: wiring.proseWidth) } ?? Help.topics(width: wiring.proseWidth)
    }
}
