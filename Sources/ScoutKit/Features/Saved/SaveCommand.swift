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

    static func service(in services: Services) -> (browse: BrowseService, saved: SavedService, deny: DenyService) {
        (services.browse, services.saved, services.deny)
    }

    func run(with services: (browse: BrowseService, saved: SavedService, deny: DenyService)) async throws -> Output {
        let (browse, savedSearches, deny) = services
        var saved: SavedSearch
        let now = browse.context.now()
        if let search {
            let query = SearchQuery(
                source: search.source ?? browse.session.source, terms: search.terms, options: search.options)
            saved = SavedSearch(name: name, query: query, savedAt: now)
            // With parameters, the values are checked when run fills them (`--year $1` is no year yet).
            if saved.parameterCount == 0 { try browse.source(named: query.source).validate(query) }
        } else {
            guard let query = browse.session.query else {
                throw UsageError(
                    "nothing to save yet: search first, or save \(name) search TERMS… saves one without running it")
            }
            // The search on screen is kept as it ran: a `$` in it is text, not a parameter.
            var literal = query
            literal.terms = SavedSearch.escaped(query.terms)
            literal.options = query.options.mapValues(SavedSearch.escaped)
            saved = SavedSearch(
                name: name, query: literal, filter: browse.session.filter, sort: browse.session.sort,
                group: browse.session.group, savedAt: now)
        }
        // The options the settings fill in (iTunes' store and language) are kept with it: `set country` later
        // does not change what a saved search, or a watch, looks at.
        saved.query.options = deny.effectiveOptions(
            of: saved.query, in: try browse.source(named: saved.query.source))
        let (name, force) = (name, force)
        let replaced = try savedSearches.store.modify { searches -> (SavedSearch?, changed: Bool) in
            guard let index = searches.firstIndex(where: { $0.name == name }) else {
                searches.append(saved)
                return (nil, true)
            }
            let old = searches[index]
            guard force else { return (old, false) }
            // A search that takes arguments cannot be watched: its watch goes (said below).
            if saved.parameterCount == 0 { saved.watch = old.watch }
            searches[index] = saved
            return (old, true)
        }
        if let replaced, !force {
            throw UsageError(
                "\(name) is saved already (\(replaced.commandLine)): save \(name) --force replaces it, or choose "
                    + "another name",
                code: "exists")
        }
        var output = Output()
        output.say(
            "\(replaced == nil ? "Saved" : "Replaced") \(name): \(saved.commandLine). \(saved.runUsage) runs it"
                + (replaced?.watch == nil
                    ? "."
                    : saved.watch != nil
                        ? "; it is still watched."
                        : "; it takes "
                            + "arguments now, so it is no longer watched."))
        output.json[.saved] = savedSearches.json(saved).value
        return output
    }
}
