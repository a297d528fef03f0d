/// `run NAME [ARGS…]`: a saved search as a new search, its parameters filled by the arguments.
struct RunCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "run",
        summary: "run a saved search as a new search; ARGS fill its $1, $2…",
        example: "run newsongs \"taylor swift\"", topic: .saved,
        positionals: [
            .init("NAME", completer: .savedSearches), .init("ARGS", optional: true, repeats: true),
        ],
        details: .table(
            """
            run NAME  a new search like any other (into history, the deny list checked), then its filter, sort and group
            ARGS  each fills $1, $2… whole, once; a missing or an extra one is an error that names the parameter
            """))

    var name: String
    var arguments: [String]

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        name = args.text("NAME")
        arguments = args.words("ARGS")
    }

    static func service(in services: Services) -> (browse: BrowseService, saved: SavedService) {
        (services.browse, services.saved)
    }

    func run(with services: (browse: BrowseService, saved: SavedService)) async throws -> Output {
        try await services.browse.runSaved(try services.saved.savedSearch(name), arguments: arguments)
    }
}
