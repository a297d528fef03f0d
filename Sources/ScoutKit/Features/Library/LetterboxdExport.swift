import FoundationEssentials

/// The library in Letterboxd's import format: the diary and ratings in one CSV, the watchlist in another
/// beside it, which Letterboxd's importers and `import letterboxd` read.
enum LetterboxdExport {
    static let header = [
        "Title", "Year", "imdbID", "tmdbID", "LetterboxdURI", "WatchedDate", "Rating", "Rewatch", "Tags", "Review",
    ]

    /// `out-watchlist.csv` beside `out.csv` (or `out.txt`, or `out`).
    static func watchlistPath(_ path: String) -> String {
        let name = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let stem = path[name...].lastIndex(of: ".").flatMap { $0 > name ? path[..<$0] : nil } ?? path[...]
        return stem + "-watchlist.csv"
    }

    /// The watchlist in the columns Letterboxd's importers read, oldest first as the library keeps it, and the
    /// day each was added as Letterboxd's own watchlist.csv has it (`Date`), which `import letterboxd` reads
    /// back: the watchlist round-trips whole.
    static func watchlistCSV(_ library: Library, _ wanted: [Library.Wanted]) -> String {
        var lines = [FavouritesCSV.line(["Title", "Year", "imdbID", "tmdbID", "LetterboxdURI", "Date"])]
        for entry in wanted {
            let film = library.films[entry.film] ?? LibraryFilm(id: entry.film, title: entry.film)
            lines.append(
                FavouritesCSV.line([
                    film.title, film.year.map(String.init) ?? "", film.imdbID ?? "", film.tmdbID ?? "",
                    film.letterboxd ?? "", entry.added,
                ]))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The films whose rating their diary does not carry, by title: those never logged with stars, and
    /// those rated since their last rated entry. Each is a row without a day, which Letterboxd reads as the
    /// film's rating and `import letterboxd` as given after the film's entries in the file.
    static func ratedApart(_ library: Library) -> [(key: String, value: Library.Rating)] {
        library.ratings.filter {
            library.films[$0.key]?.isFilm ?? true && library.diaryClaims[$0.key]?.stars != $0.value.stars
        }
        .sorted { (library.label($0.key), $0.key) < (library.label($1.key), $1.key) }
    }

    /// The films seen on a day not known, neither logged nor rated (a rating marks a film watched on
    /// Letterboxd), by title: a row with neither a day nor a rating, which Letterboxd reads as watched.
    static func watchedApart(_ library: Library) -> [String] {
        let logged = Set(library.diary.map(\.film))
        return library.watched.filter {
            library.films[$0]?.isFilm ?? true && !logged.contains($0) && library.ratings[$0] == nil
        }.sorted { (library.label($0), $0) < (library.label($1), $1) }
    }

    /// The file: RFC 4180, CRLF, formulas neutralised as `fav export` does; the diary oldest first, each
    /// entry with its own stars (the film's rating is the one given last, as Letterboxd reads it), then the
    /// ratings the diary does not carry.
    static func csv(_ library: Library) -> String {
        func stars(_ value: Double?) -> String {
            guard let value else { return "" }
            return value == value.rounded() ? String(Int(value)) : String(value)
        }
        func film(_ id: String) -> [String] {
            let film = library.films[id] ?? LibraryFilm(id: id, title: id)
            return [
                film.title, film.year.map(String.init) ?? "", film.imdbID ?? "", film.tmdbID ?? "",
                film.letterboxd ?? "",
            ]
        }
        var lines = [FavouritesCSV.line(header)]
        let isFilm = { (id: String) in library.films[id]?.isFilm ?? true }
        let diary = library.diary.enumerated().filter { isFilm($0.element.film) }.sorted {
            ($0.element.date, $0.offset) < ($1.element.date, $1.offset)
        }
        .map(\.element)
        for entry in diary {
            lines.append(
                FavouritesCSV.line(
                    film(entry.film) + [
                        entry.date, stars(entry.stars), entry.rewatch ? "Yes" : "", entry.tags.joined(separator: ", "),
                        entry.review ?? "",
                    ]))
        }
        for (id, rating) in ratedApart(library) {
            lines.append(FavouritesCSV.line(film(id) + ["", stars(rating.stars), "", "", ""]))
        }
        for id in watchedApart(library) { lines.append(FavouritesCSV.line(film(id) + ["", "", "", "", ""])) }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}

/// `export letterboxd FILE.csv [--force]`.
extension LibraryService {
    /// Writes the files, both checked before either is written, and says what went where.
    func exportLetterboxd(to path: String, force: Bool) throws -> Output {
        let library = try store.library()
        let context = wiring.context
        let isFilm = { (id: String) in library.films[id]?.isFilm ?? true }
        let wanted = library.watchlist.filter { isFilm($0.film) }
        let listPath = LetterboxdExport.watchlistPath(path)
        guard !library.diary.isEmpty || !library.ratings.isEmpty || !library.watched.isEmpty || !wanted.isEmpty else {
            var output = Output()
            output.say("Nothing to export: the library has no diary entry, rating or film on the watchlist yet.")
            output.json[.exported] = .int(0)
            return output
        }
        // Both files checked before either is written: nothing is written when one cannot be.
        let again = "export letterboxd \(path)"
        let url = try context.exportTarget(path, force: force, again: again)
        let listURL = try wanted.isEmpty ? nil : context.exportTarget(listPath, force: force, again: again)
        try context.fileStore.write(Data(LetterboxdExport.csv(library).utf8), to: url)
        if let listURL {
            try context.fileStore.write(Data(LetterboxdExport.watchlistCSV(library, wanted).utf8), to: listURL)
        }
        let rated = LetterboxdExport.ratedApart(library).count
        let seen = LetterboxdExport.watchedApart(library).count
        let entries = library.diary.filter { isFilm($0.film) }.count
        let others = Set(
            (library.diary.map(\.film) + library.ratings.keys + library.watchlist.map(\.film)).filter {
                !isFilm($0)
            }
        ).count
        var output = Output()
        output.say(
            "Exported \(entries) diary entr\(entries == 1 ? "y" : "ies")\(seen > 0 ? "," : " and") \(rated) "
                + "rating\(rated == 1 ? "" : "s")"
                + (seen > 0 ? " and \(seen) film\(seen == 1 ? "" : "s") seen on a day not known" : "")
                + " to \(path): import it at letterboxd.com/import.")
        if !wanted.isEmpty {
            output.say(
                "The watchlist's \(wanted.count) film\(wanted.count == 1 ? "" : "s") went to \(listPath): import it "
                    + "on your Letterboxd watchlist's page (Import).")
        }
        if others > 0 {
            output.say("Left out \(others) series, episodes and games: Letterboxd keeps films.")
        }
        output.json[.exported] = .int(entries + rated + seen)
        output.json[.file] = .string(path)
        output.json[.watchlist] = .int(wanted.count)
        if !wanted.isEmpty { output.json[.watchlistFile] = .string(listPath) }
        return output
    }

}
