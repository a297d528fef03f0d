/// `import letterboxd PATH` and `import imdb PATH`: the library from an export, idempotently.
struct ImportCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "import",
        summary: "bring your diary, ratings and watchlist in from a Letterboxd or IMDb export",
        example: "import letterboxd letterboxd-export.zip",
        topic: .library,
        positionals: [
            .choice(ImportFormat.allCases.map(\.rawValue), noun: "format"), .init("PATH", .file, completer: .files),
        ],
        details: .table(
            """
            letterboxd PATH  the export's folder, its zip, or one of its CSVs (diary, reviews, ratings, watched,
                             watchlist; likes/films.csv only names films), or a file in Letterboxd's import format
                             (what export letterboxd writes)
            imdb PATH        IMDb's ratings.csv, a watchlist or a list export (any year's format)
            again            importing the same export again adds nothing; a later one adds what is new
            """))

    var format: ImportFormat
    var path: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        (format, path) = (ImportFormat(rawValue: args.text(0)) ?? .letterboxd, args.text("PATH"))
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        try library.importExport(format, at: path)
    }
}
