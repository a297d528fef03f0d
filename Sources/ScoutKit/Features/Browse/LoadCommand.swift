/// `load all`: fetches every remaining page, then shows the heading and what it kept.
struct LoadCommand: Command, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "load", usage: "load all", summary: "fetch every remaining page", example: "load all", topic: .searching,
        subcommands: [.init("all")],
        details: .table(
            """
            load all  fetch every page left (OMDb 8 at a time, iTunes paced), in page order; Ctrl-C keeps what came
            end  when a source sends fewer pages than it counted, load all says so and the list ends there
            """))

    init() {}

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        guard args.words.map({ $0.lowercased() }) == ["all"] else { throw UsageError("usage: load all") }
    }

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try browse.requireResults()
        var output = Output()
        guard browse.results.hasMore else {
            output.say("All \(browse.results.items.count) results are loaded.")
            output.addJSON(try browse.resultsPage())
            return output
        }
        let (added, received, failure) = try await browse.loadRemaining()
        output.say(browse.heading())
        let kept = browse.results.items.count
        if let failure {
            // Nothing loaded: the failure's line says what was kept ("Loaded 0 more" read as if it had finished).
            if added > 0 { output.say("Loaded \(added) more: \(kept) in all.") }
            output.fail(
                "stopped loading (\(failure)); \(kept) results kept: load all again to go on",
                code: TypedJSON.code(of: failure))
        } else if added == 0 {
            // Said, not hidden: a source whose count promised more than its pages hold.
            let source = browse.session.source
            output.say(
                received == 0
                    ? "Loaded nothing more: \(source) sent no results after the \(kept) loaded, so the list ends there."
                    : "Loaded nothing more: the pages left repeated \(received) results already listed, so the list "
                        + "ends at \(kept)."
            )
        } else {
            output.say("Loaded \(added) more: \(kept) in all.")
        }
        output.addJSON(try browse.resultsPage())
        output.json[.added] = .int(added)
        return output
    }
}
