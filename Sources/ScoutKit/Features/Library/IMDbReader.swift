/// An IMDb export read into a `LibraryImport`: `ratings.csv` (13 columns until 2023, 14 from 2024, and the
/// quoted, lower-case format before 2017 with `You rated` and ctime dates), the watchlist, and list
/// exports, whose rows carry a rating where the list's header ends with `Your Rating,Date Rated`. Films
/// are `omdb:tt…`, so a film rated from an OMDb result and the same film in the export are one.
/// IMDb's 1 to 10 become 0.5 to 5 stars.
enum IMDbReader {
    enum Kind { case ratings, watchlist, list }

    static func kind(path: String, header: [String]) -> Kind? {
        let columns = CSVColumns(header)
        guard columns.has("const"), columns.has("title") else { return nil }
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        if name.contains("watchlist") { return .watchlist }
        if columns.has("position") { return .list }
        return columns.index("your rating", "you rated") != nil ? .ratings : nil
    }

    static func take(
        _ kind: Kind, _ columns: CSVColumns, _ fields: [String], at place: (String, Int),
        into result: inout LibraryImport
    ) {
        let (file, line) = place
        let const = fields[field: columns.index("const")]
        guard const.hasPrefix("tt"), const.count > 2, const.count <= 12, const.dropFirst(2).allSatisfy(\.isNumber)
        else { return result.problem(file, line, "\"\(Text.brief(const))\" is not an IMDb id (tt and digits)") }
        let title = fields[field: columns.index("title")]
        // An unreleased film's year is `????` on some lists: no year, as an empty field is.
        let year = LibraryImport.year(fields[field: columns.index("year")]) ?? nil
        func names(_ column: String) -> [String]? {
            let list = LibraryImport.tags(fields[field: columns.index(column)])
            return list.isEmpty ? nil : list
        }
        // Genres as IMDb spells them now: `film_noir` and `sci_fi` (before 2017) are `Film-Noir` and `Sci-Fi`.
        let genres = names("genres")?.map { genre in
            genre.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
        }
        let film = LibraryFilm(
            id: OMDbSource.itemID(imdb: const), title: title.isEmpty ? const : title, year: year, genres: genres,
            directors: names("directors"), kind: LibraryFilm.kind(fields[field: columns.index("title type")]))
        let ratingText = fields[field: columns.index("your rating", "you rated")]
        if !ratingText.isEmpty {
            guard let points = Int(ratingText), (1...10).contains(points) else {
                return result.problem(file, line, "rating \"\(Text.brief(ratingText))\" is not 1 to 10")
            }
            result.rate(film, Double(points) / 2, on: Day.parse(fields[field: columns.index("date rated", "created")]))
        }
        switch kind {
        case .watchlist:
            result.want(film, added: Day.parse(fields[field: columns.index("created")]))
        case .list where ratingText.isEmpty:
            result.pass("unrated on a list (scout keeps no lists)")
        case .ratings where ratingText.isEmpty:
            result.problem(file, line, "no rating")
        default: break
        }
    }
}
