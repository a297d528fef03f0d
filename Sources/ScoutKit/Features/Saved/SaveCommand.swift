/// `save NAME [--force]`: keeps the last search by name; `save NAME search [--in SOURCE] TERMS… [options]`
/// keeps one without running it, `$1`, `$2`… in it being parameters that `run` fills.
struct SaveCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "save", usage: "save NAME [--force] | save NAME search [--in SOURCE] TERMS… [options]",
        summary: "keep the last search (or the search given) by name; $1, $2… are parameters",
        example: "save newsongs search $1 --in songs", topic: .saved,
        arguments: [.savedSearches, .words(["search"])],
        options: [.init("--force", help: "replace a saved search of that name; its watch and what it saw stay")],
        details: .table(
            """
            save NAME  the last search, with its source, options, filter, sort and grouping
            save NAME search …  the search as search takes it, not run; $1 to $9 in its terms or option values are \
            filled by run NAME ARGS…
            --force  replace a saved search of that name; its watch and what it has seen stay
            """))

    var name: String
    /// The search given after `search`; nil for the last search.
    var search: SearchCommand?
    var force: Bool

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        let (rest, force) = args.without("--force")
        guard let name = rest.first else { throw args.usage() }
        try SessionModel.validateName(name, what: "a saved search's name")
        self.name = name
        self.force = force
        let words = Array(rest.words.dropFirst())
        if words.isEmpty {
            search = nil
        } else {
            guard words[0].lowercased() == "search" else {
                throw UsageError(
                    "save NAME keeps the last search, and save NAME search TERMS… one you give: "
                        + "\(Text.brief(words[0])) is neither")
            }
            search = try SearchCommand(CommandSpec.Arguments(spec: SearchCommand.spec, words: Array(words.dropFirst())))
        }
    }

    static func service(in services: Services) -> (browse: BrowseService, saved: SavedService) {
        (services.browse, services.saved)
    }

    func run(with services: (browse: BrowseService, saved: SavedService)) async throws -> Output {
        try services.saved.save(name, search: search, force: force, from: services.browse)
    }
}
