/// `export letterboxd FILE.csv [--force]`: the diary and ratings in Letterboxd's import format.
struct ExportCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "export",
        usage: "export letterboxd FILE.csv [--force]",
        summary: "write your diary, ratings and watchlist as CSVs that Letterboxd imports",
        example: "export letterboxd ~/letterboxd-import.csv",
        topic: .library,
        subcommands: [
            .init("letterboxd", [.files], options: [.init("--force", help: "replace FILE.csv when it exists")])
        ],
        details: .table(
            """
            letterboxd FILE.csv  one row per diary entry with its stars, and one without a day per rating the
                                 diary does not carry: Title, Year, imdbID, LetterboxdURI, WatchedDate, Rating,
                                 Rewatch, Tags, Review; the watchlist goes to FILE-watchlist.csv beside it,
                                 with the day each film was added (Date)
            --force              replace the files when they exist
            """))

    var path: String
    var force: Bool

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        guard args.subcommand == "letterboxd" else {
            throw args.isEmpty
                ? args.usage()
                : UsageError("export writes letterboxd's format, not \"\(Text.brief(args[0]))\": \(Self.spec.usage)")
        }
        let rest = args.rest
        force = rest.contains { $0.lowercased() == "--force" }
        let files = rest.filter { $0.lowercased() != "--force" }
        if let option = files.first(where: { $0.hasPrefix("--") }) {
            throw UsageError("export letterboxd has no option \(option.prefix(40)): it takes --force")
        }
        guard files.count == 1 else { throw UsageError("usage: export letterboxd FILE.csv [--force]") }
        path = files[0]
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        try library.exportLetterboxd(to: path, force: force)
    }
}
