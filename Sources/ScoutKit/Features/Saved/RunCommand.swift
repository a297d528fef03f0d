/// `run NAME [ARGS…]`: a saved search as a new search, its parameters filled by the arguments.
struct RunCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "run", usage: "run NAME [ARGS…]",
        summary: "run a saved search as a new search; ARGS fill its $1, $2…",
        example: "run newsongs \"taylor swift\"", topic: .saved, arguments: [.savedSearches],
        details: .table(
            """
            run NAME  a new search like any other (into history, the deny list checked), then its filter, sort and group
            ARGS  each fills $1, $2… whole, once; a missing or an extra one is an error that names the parameter
            """))

    var name: String
    var arguments: [String]

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        guard let name = args.first else { throw args.usage() }
        self.name = name
        arguments = Array(args.words.dropFirst())
    }

    static func service(in services: Services) -> (browse: BrowseService, saved: SavedService) {
        (services.browse, services.saved)
    }

    func run(with services: (browse: BrowseService, saved: SavedService)) async throws -> Output {
        try await services.browse.runSaved(try services.saved.savedSearch(name), arguments: arguments)
    }
}
