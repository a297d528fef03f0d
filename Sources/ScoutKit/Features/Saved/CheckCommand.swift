/// `check [NAME…]`: looks at every watched search (or those named) from its source, never the cache, and
/// lists, search by search, only the items no earlier look showed; then remembers them. In a script it
/// exits 0 when something is new, 1 when nothing is, and 2 when a search could not be checked.
struct CheckCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "check",
        summary: "list what is new in the watched searches since the last look, and remember it",
        example: "check", topic: .saved,
        positionals: [.init("NAME", optional: true, repeats: true, completer: .watchedSearches)],
        options: [.init("--json", help: "its output as a --json line, as scout --json gives")],
        details: .table(
            """
            check  every watched search, at once (iTunes' requests paced), each from its source and never the cache, \
            up to set watch-pages pages
            check NAME…  only these watched searches
            feeds  with no NAME, every Letterboxd diary follow follows too: your own diary's new entries join the \
            library (its edits said); a friend's entries no check showed before are listed, newest first
            --json  its output as a --json line (searches: each with its new items, or its error), as scout --json gives
            exit status  0: something is new; 1: nothing is; 2: a search or a feed could not be checked (the others \
            still are), or check itself failed (offline, an unknown name)
            """))

    var names: [String]
    /// `check --json`: this command's output as a `--json` line, whatever the launch said.
    var json: Bool

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        (names, json) = (args.words("NAME"), args.has("--json"))
    }

    static func service(in services: Services) -> (saved: SavedService, browse: BrowseService) {
        (services.saved, services.browse)
    }

    func run(with services: (saved: SavedService, browse: BrowseService)) async throws -> Output {
        var output = await services.saved.check(names, marking: services.browse)
        output.asJSON = json
        return output
    }
}
