/// `save NAME [--force]`: keeps the last search by name; `save NAME search [--in SOURCE] TERMS… [options]`
/// keeps one without running it, `$1`, `$2`… in it being parameters that `run` fills.
struct SaveCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "save",
        summary: "keep the last search (or the search given) by name; $1, $2… are parameters",
        example: "save newsongs search $1 --in songs", topic: .saved,
        positionals: [
            .init("NAME", completer: .savedSearches),
            .init("search …", .command(SearchCommand.self), optional: true, completer: .words(["search"])),
        ],
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
        (name, force) = (args.text("NAME"), args.has("--force"))
        try SessionModel.validateName(name, what: "a saved search's name")
        search = args.command("search …") as? SearchCommand
    }

    static func service(in services: Services) -> (browse: BrowseService, saved: SavedService) {
        (services.browse, services.saved)
    }

    func run(with services: (browse: BrowseService, saved: SavedService)) async throws -> Output {
        try services.saved.save(name, search: search, force: force, from: services.browse)
    }
}
