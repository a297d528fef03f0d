/// `load all`: fetches every remaining page, then shows the heading and what it kept.
struct LoadCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "load", usage: "load all", summary: "fetch every remaining page", example: "load all", topic: .searching,
        subcommands: [.init("all")])

    init() {}

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        guard args.words.map({ $0.lowercased() }) == ["all"] else { throw UsageError("usage: load all") }
    }

    var needsResults: Bool { true }

    func run(in state: ShellState) async throws -> Output {
        try state.requireResults()
        var output = Output()
        guard state.results.hasMore else {
            output.say("All \(state.results.items.count) results are loaded.")
            output.addJSON(try state.resultsPage())
            return output
        }
        let (added, received, failure) = try await state.loadRemaining()
        output.say(state.heading())
        let kept = state.results.items.count
        if let failure {
            // Nothing loaded: the failure's line says what was kept ("Loaded 0 more" read as if it had finished).
            if added > 0 { output.say("Loaded \(added) more: \(kept) in all.") }
            output.fail(
                "stopped loading (\(failure)); \(kept) results kept: load all again to go on",
                code: TypedJSON.code(of: failure))
        } else if added == 0 {
            // Said, not hidden: a source whose count promised more than its pages hold.
            let source = state.session.source
            output.say(
                received == 0
                    ? "Loaded nothing more: \(source) sent no results after the \(kept) loaded, so the list ends there."
                    : "Loaded nothing more: the pages left repeated \(received) results already listed, so the list "
                        + "ends at \(kept)."
            )
        } else {
            output.say("Loaded \(added) more: \(kept) in all.")
        }
        output.addJSON(try state.resultsPage())
        output.json["added"] = .int(added)
        return output
    }
}
