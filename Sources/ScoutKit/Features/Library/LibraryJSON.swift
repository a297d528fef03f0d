import FoundationEssentials

/// The library's values in `--json`: numbers as numbers, days as ISO 8601 dates.
enum LibraryJSON {
    static func stars(_ stars: Double?) -> JSONValue { stars.map(JSONValue.double) ?? .null }

    static func film(_ shelf: LibraryShelf, _ film: Int) -> [String: JSONValue] {
        [
            "id": .string(shelf.id(film)), "title": .string(shelf.title(film)),
            "year": shelf.year(film).map(JSONValue.int) ?? .null,
        ]
    }

    static func film(_ film: LibraryFilm) -> [String: JSONValue] {
        ["id": .string(film.id), "title": .string(film.title), "year": film.year.map(JSONValue.int) ?? .null]
    }

    /// What the library holds of a film, for `rate`, `show` and friends.
    static func film(_ film: LibraryFilm, _ library: Library) -> @Sendable () -> [OutputField: JSONValue] {
        let entries = library.entries(of: film.id)
        let object: [OutputField: JSONValue] = [
            .library: .object(
                Self.film(film).merging([
                    "rating": stars(library.ratings[film.id]?.stars), "seen": .int(entries.count),
                    "lastSeen": entries.last.map { .string($0.date) } ?? .null,
                    "wanted": .bool(library.isWanted(film.id)),
                    "note": library.notes[film.id].map(JSONValue.string) ?? .null,
                ]) { $1 })
        ]
        return { object }
    }
}
