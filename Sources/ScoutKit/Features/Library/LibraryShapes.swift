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

/// A row numbered as its listing shows it: `n`, the N that `rate N`, `seen N` and `diary rm N` take.
protocol NumberedShape: JSONRowShape {
    static var n: Self { get }
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

/// A viewing in the diary, numbered as `diary` lists it (the N of `diary rm N`, `rate N`).
enum DiaryEntryField: String, FilmShape, NumberedShape {
    case n, id, title, year, date, rating, rewatch, tags, review
    static let schemaName = "diaryEntry"
    static let listing = TypedJSON.Listing.diary
    var kind: JSONKind {
        switch self {
        case .n: .integer
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

/// A rated film, numbered as `ratings` lists it.
enum RatingRowField: String, FilmShape, NumberedShape {
    case n, id, title, year, rating
    static let schemaName = "ratingRow"
    static let listing = TypedJSON.Listing.ratings
    var kind: JSONKind { self == .n ? .integer : filmKind ?? .shape("stars") }
    var required: Bool { true }
}

/// A film on the watchlist, numbered as `watchlist` lists it.
enum WantedRowField: String, FilmShape, NumberedShape {
    case n, id, title, year, added, streaming
    static let schemaName = "wantedRow"
    static let listing = TypedJSON.Listing.watchlist
    var kind: JSONKind {
        switch self {
        case .n: .integer
        case .streaming: .array
        default: filmKind ?? .shape("day")
        }
    }
    /// `streaming` only with `--streaming` or `--where`.
    var required: Bool { self != .streaming }
}
