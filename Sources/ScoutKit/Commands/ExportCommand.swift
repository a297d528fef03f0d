import FoundationEssentials

/// `export letterboxd FILE.csv [--force]`: the diary and ratings in Letterboxd's import format.
struct ExportCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "export",
        usage: "export letterboxd FILE.csv [--force]",
        summary: "write your diary and ratings as a CSV that Letterboxd imports",
        example: "export letterboxd ~/letterboxd-import.csv",
        topic: .library,
        subcommands: [
            .init("letterboxd", [.files], options: [.init("--force", help: "replace FILE.csv when it exists")])
        ],
        details: .table(
            """
            letterboxd FILE.csv  one row per diary entry, and one per film rated but never logged: Title, Year,
                                 imdbID, LetterboxdURI, WatchedDate, Rating, Rewatch, Tags, Review
            --force              replace FILE.csv when it exists
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

    static let header = [
        "Title", "Year", "imdbID", "LetterboxdURI", "WatchedDate", "Rating", "Rewatch", "Tags", "Review",
    ]

    func run(in state: ShellState) async throws -> Output {
        let url = try state.exportTarget(path, force: force, command: "export letterboxd")
        let library = try state.library.library()
        let text = Self.csv(library)
        try state.context.fileStore.write(Data(text.utf8), to: url)
        let isFilm = { (id: String) in library.films[id]?.isFilm ?? true }
        let logged = Set(library.diary.map(\.film))
        let rated = library.ratings.keys.filter { !logged.contains($0) && isFilm($0) }.count
        let entries = library.diary.filter { isFilm($0.film) }.count
        let others = Set((library.diary.map(\.film) + library.ratings.keys).filter { !isFilm($0) }).count
        var output = Output()
        output.say(
            "Exported \(entries) diary entr\(entries == 1 ? "y" : "ies") and \(rated) rating\(rated == 1 ? "" : "s") "
                + "to \(path): import it at letterboxd.com/import."
                + (others == 0 ? "" : " Left out \(others) series, episodes and games: Letterboxd keeps films."))
        output.json["exported"] = .int(entries + rated)
        output.json["file"] = .string(path)
        return output
    }

    /// The file: RFC 4180, CRLF, formulas neutralised as `fav export` does; the diary oldest first, then the
    /// films rated but never logged, by title.
    static func csv(_ library: Library) -> String {
        func stars(_ value: Double?) -> String {
            guard let value else { return "" }
            return value == value.rounded() ? String(Int(value)) : String(value)
        }
        func film(_ id: String) -> [String] {
            let film = library.films[id] ?? LibraryFilm(id: id, title: id)
            return [film.title, film.year.map(String.init) ?? "", film.imdbID ?? "", film.letterboxd ?? ""]
        }
        var lines = [FavouritesCSV.line(header)]
        let isFilm = { (id: String) in library.films[id]?.isFilm ?? true }
        let diary = library.diary.enumerated().filter { isFilm($0.element.film) }.sorted {
            ($0.element.date, $0.offset) < ($1.element.date, $1.offset)
        }
        .map(\.element)
        // The film's rating goes on its last entry, which Letterboxd reads it from; the others keep their own.
        var last: [String: String] = [:]
        for entry in diary { last[entry.film] = entry.id }
        for entry in diary {
            let rating = last[entry.film] == entry.id ? library.ratings[entry.film]?.stars ?? entry.stars : entry.stars
            lines.append(
                FavouritesCSV.line(
                    film(entry.film) + [
                        entry.date, stars(rating), entry.rewatch ? "Yes" : "",
                        entry.tags.joined(separator: ", "), entry.review ?? "",
                    ]))
        }
        let logged = Set(library.diary.map(\.film))
        let rated = library.ratings.filter { !logged.contains($0.key) && isFilm($0.key) }
            .sorted { (library.label($0.key), $0.key) < (library.label($1.key), $1.key) }
        for (id, rating) in rated {
            lines.append(FavouritesCSV.line(film(id) + ["", stars(rating.stars), "", "", ""]))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
