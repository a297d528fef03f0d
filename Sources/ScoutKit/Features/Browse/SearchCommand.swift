/// `search [TERMS] [--in SOURCE] [options]`: a new search in the current source, or in `--in`'s.
struct SearchCommand: Command, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "search",
        summary: "new search in the current source (or --in SOURCE); shows page 1", example: "search alien --in movies",
        topic: .searching,
        positionals: [.init("TERMS", .text, optional: true)],
        options: [
            .init("--in", value: "SOURCE", help: "search that source, which becomes the current one", values: .sources)
        ]
            + SourceRegistry.searchOptions,
        details: .table(
            """
            search TERMS  every word must match the title or a field, ignoring case, accents and width; in the \
            catalog no terms lists everything
            --in SOURCE  search that source, which becomes the current one (use SOURCE switches without searching)
            checked  the options below are checked before any request; --country and --lang default from set
            history  each search is recorded as its answer arrives; a remote search that finds nothing is refused \
            next time as that same search (set auto-deny off stops it)
            """))

    /// The longest search a user may send: far past any real query, short of a pasted file.
    static let maxTerms = 1000

    var terms: String
    /// `--in`: nil for the current source.
    var source: String?
    var options: [String: String]

    init(terms: String, source: String?, options: [String: String]) {
        self.terms = terms
        self.source = source
        self.options = options
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        let source = args.last("--in")?.lowercased()
        var options: [String: String] = [:]
        for (name, values) in args.options where name != "--in" { options[String(name.dropFirst(2))] = values.last }
        let joined = args.text("TERMS")
        guard joined.count <= Self.maxTerms else {
            throw UsageError("search terms are limited to \(Self.maxTerms) characters: shorten them")
        }
        self.init(terms: joined, source: source, options: options)
    }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try await browse.runSearch(SearchQuery(source: source ?? browse.session.source, terms: terms, options: options))
    }
}
