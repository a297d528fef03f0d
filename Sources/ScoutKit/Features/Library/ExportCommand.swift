/// `export letterboxd FILE.csv [--force]`: the diary and ratings in Letterboxd's import format.
struct ExportCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "export",
        summary: "write your diary, ratings and watchlist as CSVs that Letterboxd imports",
        example: "export letterboxd ~/letterboxd-import.csv",
        topic: .library,
        positionals: [.choice(["letterboxd"], noun: "format"), .init("FILE.csv", .file, completer: .files)],
        options: [.init("--force", help: "replace FILE.csv when it exists")],
        details: .table(
            """
            letterboxd FILE.csv  one row per diary entry with its stars, and one without a day per rating the
                                 diary does not carry: Title, Year, imdbID, tmdbID, LetterboxdURI, WatchedDate,
                                 Rating, Rewatch, Tags, Review; the watchlist goes to FILE-watchlist.csv beside
                                 it, with the day each film was added (Date)
            --force              replace the files when they exist
            """))

    var path: String
    var force: Bool

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        (path, force) = (args.text("FILE.csv"), args.has("--force"))
        // Two files, not a stream: `-` would be a file of that name.
        if path == "-" {
            throw UsageError(
                "export letterboxd writes files, FILE.csv and FILE-watchlist.csv beside it, not standard output: "
                    + "name one, such as export letterboxd ~/letterboxd-import.csv")
        }
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        try library.exportLetterboxd(to: path, force: force)
    }
}
