import FoundationEssentials

/// The library's values in `--json`: numbers as numbers, days as ISO 8601 dates.
enum LibraryJSON {
    static func stars(_ stars: Double?) -> JSONValue { stars.map(JSONValue.double) ?? .null }

    /// A row of a library listing, starting with the film's id, title and year.
    static func film<Row: FilmShape>(_ shelf: LibraryShelf, _ film: Int) -> JSONObject<Row> {
        JSONObject([
            .id: .string(shelf.id(film)), .title: .string(shelf.title(film)),
            .year: shelf.year(film).map(JSONValue.int) ?? .null,
        ])
    }

    /// What the library holds of a film, for `rate`, `show` and friends.
    static func film(_ film: LibraryFilm, _ library: Library) -> @Sendable () -> [OutputField: JSONValue] {
        let entries = library.entries(of: film.id)
        let object = JSONObject<LibraryFilmField>([
            .id: .string(film.id), .title: .string(film.title), .year: film.year.map(JSONValue.int) ?? .null,
            .rating: stars(library.ratings[film.id]?.stars), .seen: .int(entries.count),
            .lastSeen: entries.last.map { .string($0.date) } ?? .null, .wanted: .bool(library.isWanted(film.id)),
            .note: library.notes[film.id].map(JSONValue.string) ?? .null,
        ])
        return { [.library: object.value] }
    }
}
