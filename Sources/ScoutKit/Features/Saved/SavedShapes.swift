import FoundationEssentials

// The `--json` shapes of this feature; `Schemas/scout-output.v1.json` describes each field further.

/// A saved search, typed, with its watch.
enum SavedSearchField: String, JSONRowShape {
    case name, source, terms, options, filter, sort, group, parameters, command, savedAt, watched, watchedSince,
        lastCheck, newAtLastCheck, seen, lastFailure
    static let schemaName = "savedSearch"
    static let listing = TypedJSON.Listing.saved
    var kind: JSONKind {
        switch self {
        case .name, .source, .terms, .command: .string
        case .options: .object
        case .filter, .sort, .group: .stringOrNull
        case .parameters, .seen: .integer
        case .savedAt: .shape("date")
        case .watched: .boolean
        case .watchedSince, .lastCheck: .shapeOrNull("date")
        case .newAtLastCheck: .integerOrNull
        case .lastFailure: .objectOrNull
        }
    }
    var required: Bool { true }
}

/// A watched search `check` looked at: what it found new, or why it could not look.
enum CheckedSearchField: String, JSONShape {
    case search, items, left, error, code
    static let schemaName = "checkedSearch"
    var kind: JSONKind { self == .items || self == .left ? .array : .string }
    var required: Bool { self == .search }
}
