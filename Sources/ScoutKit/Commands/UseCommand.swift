/// `use SOURCE`: switches the current source, leaving the search behind.
struct UseCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "use", usage: "use SOURCE", summary: "switch the current source", example: "use restaurants",
        topic: .searching,
        arguments: [.sources])

    /// The source's name, in lower case: names are matched as typed, whatever the case.
    var source: String

    init(source: String) {
        self.source = source
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        source = try args.one().lowercased()
    }

    func run(in state: ShellState) async throws -> Output {
        let source = try state.source(named: source)
        var output = Output()
        guard source.name != state.session.source else {
            output.say("Already using \(source.name).")
            return output
        }
        state.session.source = source.name
        state.session.query = nil
        state.session.filter = nil
        state.session.sort = nil
        state.session.group = nil
        state.session.page = 1
        state.session.view = .list
        state.session.searchID = nil
        state.results.clear()
        output.say("Now using \(source.name): \(source.searchHint).")
        output.json["source"] = .string(source.name)
        return output
    }
}
