// The library's shapes in `--json`: a film as the library holds it, and the rows of its listings.

/// A shape whose first fields are a film's: its id, title and year.
protocol FilmShape: JSONShape {
    static var id: Self { get }
    static var title: Self { get }
    static var year: Self { get }
}

extension FilmShape {
    /// The kind of a film's id, title or year, or nil for the shape's own fields.
    var filmKind: JSONKind? {
        switch self {
        case .id, .title: .string
        case .year: .integerOrNull
        default: nil
        }
    }
}

/// What the library holds of a film (`rate`, `show`).
enum LibraryFilmField: String, FilmShape {
    case id, title, year, rating, seen, lastSeen, wanted, note
    static let schemaName = "libraryFilm"
    var kind: JSONKind {
        switch self {
        case .id, .title, .year: filmKind ?? .string
        case .rating: .shapeOrNull("stars")
        case .seen: .integer
        case .lastSeen: .shapeOrNull("day")
        case .wanted: .boolean
        case .note: .stringOrNull
        }
    }
    var required: Bool { true }
}

/// A viewing in the diary.
enum DiaryEntryField: String, FilmShape, JSONRowShape {
    case id, title, year, date, rating, rewatch, tags, review
    static let schemaName = "diaryEntry"
    static let listing = TypedJSON.Listing.diary
    var kind: JSONKind {
        switch self {
        case .id, .title, .year: filmKind ?? .string
        case .date: .shape("day")
        case .rating: .shapeOrNull("stars")
        case .rewatch: .boolean
        case .tags: .array
        case .review: .stringOrNull
        }
    }
    var required: Bool { true }
}

/// A rated film.
enum RatingRowField: String, FilmShape, JSONRowShape {
    case id, title, year, rating
    static let schemaName = "ratingRow"
    static let listing = TypedJSON.Listing.ratings
    var kind: JSONKind { filmKind ?? .shape("stars") }
    var required: Bool { true }
}

/// A film on the watchlist.
enum WantedRowField: String, FilmShape, JSONRowShape {
    case id, title, year, added
    static let schemaName = "wantedRow"
    static let listing = TypedJSON.Listing.watchlist
    var kind: JSONKind { filmKind ?? .shape("day") }
    var required: Bool { true }
}
