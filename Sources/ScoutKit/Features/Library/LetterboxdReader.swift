/// A Letterboxd export read into a `LibraryImport`: its diary, reviews, ratings and watchlist, and
/// Letterboxd's own import format (what `export letterboxd` writes). Read twice: first for what names
/// films (`learn`: the film addresses in ratings, watched, watchlist and likes, and the reviews by their
/// diary entry), then for the rows themselves (`take`).
///
/// A diary or review row's address names the entry, not the film, so films are matched across files by
/// name and year; a film with no address anywhere is `letterboxd:` and its title and year.
struct LetterboxdReader {
    enum Kind {
        case diary, reviews, ratings, watched, watchlist, likes, importFormat
        /// A list (a preamble, then its films), a profile, comments: not the library's.
        case other(String)
    }

    static let listReason = "list files (scout keeps no lists)"

    /// Film addresses by folded name and year.
    private var filmAddresses: [String: String] = [:]
    /// Reviews by the diary entry they belong to, and the diary's entries: a review whose entry is in the
    /// diary is read with it, whichever file comes first.
    private var reviewsByEntry: [String: String] = [:]
    private var diaryEntries: Set<String> = []
    /// The films the diary and reviews log, by folded name and year: `watched.csv` lists them too.
    private var loggedFilms: Set<String> = []
    /// In Letterboxd's import format, the last day each film was logged (by folded name and year): the day
    /// a row that rates the film without a day is taken as given.
    private var lastLogged: [String: String] = [:]

    static func kind(path: String, header: [String]) -> Kind? {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        if header.allSatisfy({ $0.trimmedSpaces().isEmpty })
            || header.first?.hasPrefix("Letterboxd list export") == true
        {
            return .other("lists")
        }
        let columns = CSVColumns(header)
        if columns.has("title") && (columns.has("watcheddate") || columns.has("letterboxduri") || columns.has("imdbid"))
        {
            // What `export letterboxd` writes beside the diary: the watchlist, in the same columns.
            return name.contains("watchlist") && !columns.has("watcheddate") ? .watchlist : .importFormat
        }
        guard columns.has("name", "letterboxd uri") else {
            return ["profile.csv", "comments.csv"].contains(name) || path.contains("/") ? .other("other files") : nil
        }
        if path.hasPrefix("likes/") || path.contains("/likes/") { return .likes }
        if columns.has("review") { return .reviews }
        if columns.has("watched date") { return .diary }
        if columns.has("rating") { return .ratings }
        if name.hasPrefix("watchlist") { return .watchlist }
        if name.hasPrefix("watched") { return .watched }
        return .other("other files")
    }

    /// First pass: what names films, and the reviews.
    mutating func learn(_ kind: Kind, _ columns: CSVColumns, _ fields: [String]) {
        switch kind {
        case .ratings, .watched, .watchlist, .likes:
            let name = fields[field: columns.index("name")]
            let year = LibraryImport.year(fields[field: columns.index("year")]) ?? nil
            let uri = fields[field: columns.index("letterboxd uri")]
            if !name.isEmpty, LibraryImport.letterboxdCode(uri) != nil {
                filmAddresses[LibraryFilm(id: "", title: name, year: year).matchKey] = uri
            }
        case .reviews:
            loggedFilms.insert(Self.key(fields, columns))
            let uri = fields[field: columns.index("letterboxd uri")]
            let review = fields[field: columns.index("review")].replacing("\r\n", with: "\n")
            if !uri.isEmpty, !review.isEmpty { reviewsByEntry[uri] = review }
        case .diary:
            let uri = fields[field: columns.index("letterboxd uri")]
            if !uri.isEmpty { diaryEntries.insert(uri) }
            loggedFilms.insert(Self.key(fields, columns))
        case .importFormat:
            let fields = fields.map(FavouritesCSV.restored)
            let key = LibraryFilm(
                id: "", title: fields[field: columns.index("title")],
                year: LibraryImport.year(fields[field: columns.index("year")]) ?? nil
            ).matchKey
            if let day = Day.parse(fields[field: columns.index("watcheddate")]), day >= lastLogged[key, default: ""] {
                lastLogged[key] = day
            }
        default: break
        }
    }

    /// A row's film by folded name and year, to match films across files.
    static func key(_ fields: [String], _ columns: CSVColumns) -> String {
        LibraryFilm(
            id: "", title: fields[field: columns.index("name")],
            year: LibraryImport.year(fields[field: columns.index("year")]) ?? nil
        ).matchKey
    }

    /// Second pass: the rows into the import.
    mutating func take(
        _ kind: Kind, _ columns: CSVColumns, _ fields: [String], at place: (String, Int),
        into result: inout LibraryImport
    ) {
        let (file, line) = place
        // What `export letterboxd` wrote: the ' that guards a cell a spreadsheet would run comes off.
        let fields = kind.isImportFormat || columns.has("title") ? fields.map(FavouritesCSV.restored) : fields
        let nameColumn = columns.index("name", "title")
        let name = fields[field: nameColumn]
        guard !name.isEmpty else { return result.problem(file, line, "no film name") }
        guard let year = LibraryImport.year(fields[field: columns.index("year")]) else {
            return result.problem(file, line, "\"\(Text.brief(fields[field: columns.index("year")]))\" is not a year")
        }
        let stars = LibraryImport.letterboxdStars(fields[field: columns.index("rating")])
        guard let stars else {
            return result.problem(
                file, line, "rating \"\(Text.brief(fields[field: columns.index("rating")]))\" is not 0.5 to 5 stars")
        }
        var film = LibraryFilm(id: "", title: name, year: year)
        let tmdb = fields[field: columns.index("tmdbid")]
        film.tmdb = !tmdb.isEmpty && tmdb.count <= 12 && tmdb.allSatisfy({ $0.isASCII && $0.isNumber }) ? tmdb : nil
        let imdb = fields[field: columns.index("imdbid")]
        let ownAddress = fields[field: columns.index("letterboxd uri", "letterboxduri")]
        if imdb.hasPrefix("tt"), imdb.dropFirst(2).allSatisfy(\.isNumber), imdb.count > 2 {
            film.id = OMDbSource.itemID(imdb: imdb)
            film.letterboxd = ownAddress.isEmpty ? nil : ownAddress
        } else {
            let own = kind.namesFilm ? ownAddress : ""
            let address = LibraryImport.letterboxdCode(own) != nil ? own : filmAddresses[film.matchKey]
            film.letterboxd = address
            film.id =
                address.flatMap(LibraryImport.letterboxdCode).map { "letterboxd:" + $0 }
                ?? LibraryImport.slug(name, year)
            film = result.resolve(film)
        }
        switch kind {
        case .ratings:
            guard let stars else { return result.problem(file, line, "no rating") }
            result.rate(film, stars, on: Day.parse(fields[field: columns.index("date")]))
        case .watchlist:
            result.want(film, added: Day.parse(fields[field: columns.index("date")]))
        case .diary, .reviews, .importFormat:
            let dayText = fields[field: columns.index("watched date", "watcheddate")]
            let logged = fields[field: columns.index("date")]
            if kind.isImportFormat && dayText.isEmpty {
                // Letterboxd's import format: a row without a day is a rating alone, the film's own, given
                // after the entries this file logs of it (which `export letterboxd` writes it for: a rating
                // its diary's last rated entry does not carry).
                // Neither a day nor a rating: a film watched, on a day not known.
                guard let stars else { return result.markWatched(film) }
                return result.rate(film, stars, on: lastLogged[LibraryFilm(id: "", title: name, year: year).matchKey])
            }
            guard let day = Day.parse(dayText.isEmpty ? logged : dayText) else {
                return result.problem(file, line, "\"\(Text.brief(dayText))\" is not a date (YYYY-MM-DD)")
            }
            let entry = fields[field: columns.index("letterboxd uri")]
            // Letterboxd writes CRLF inside quoted text too; the library keeps LF.
            var review = fields[field: columns.index("review")].replacing("\r\n", with: "\n")
            if case .reviews = kind {
                // A review joins its diary entry by the entry's address: counted there, not again.
                if !entry.isEmpty, diaryEntries.contains(entry) { return }
            } else if review.isEmpty, !entry.isEmpty, let kept = reviewsByEntry[entry] {
                review = kept
            }
            let rewatch = fields[field: columns.index("rewatch")].lowercased()
            result.log(
                film, day: day, stars: stars, rewatch: rewatch == "yes" || rewatch == "true",
                review: review.isEmpty ? nil : review, tags: LibraryImport.tags(fields[field: columns.index("tags")]))
        case .watched:
            // A film marked watched: seen, on a day not known, unless the export's diary logs it.
            if !loggedFilms.contains(film.matchKey) { result.markWatched(film) }
        case .likes, .other:
            break
        }
    }
}

extension LetterboxdReader.Kind {
    var isImportFormat: Bool {
        if case .importFormat = self { return true }
        return false
    }

    /// Whether a row's address names the film (ratings, watched, watchlist, likes) rather than a diary entry.
    var namesFilm: Bool {
        switch self {
        case .ratings, .watched, .watchlist, .likes, .importFormat: true
        default: false
        }
    }
}
