import FoundationEssentials

// Every shape a `--json` line's rows and objects have, each declared once; `Schemas/scout-output.v1.json`
// describes each field further (its meaning, its range).

/// An item of any source (`item` in the schema: these fields, and the source's others as strings).
enum ItemField: String, JSONRowShape {
    case id, title, source, row, selected, favourite, year, endYear, rating, price, priceLevel, albumOnly, url
    static let schemaName = "itemFields"
    static let listing = TypedJSON.Listing.results
    var kind: JSONKind {
        switch self {
        case .id, .title, .source: .string
        case .row, .priceLevel: .integer
        case .selected, .favourite: .boolean
        case .year, .endYear: .integerOrNull
        case .rating: .numberOrNull
        case .price: .shape(PriceField.schemaName)
        case .albumOnly: .alwaysTrue
        case .url: .stringOrNull
        }
    }
    var required: Bool { [.id, .title, .source, .url].contains(self) }
}

/// A price: an amount, and its currency where the source says.
enum PriceField: String, JSONShape {
    case amount, currency
    static let schemaName = "price"
    var kind: JSONKind { self == .amount ? .number : .stringOrNull }
    var required: Bool { true }
}

/// A favourite: its item, its number, when it was kept, its tags.
enum FavouriteField: String, JSONRowShape {
    case n, addedAt, tags
    static let schemaName = "favourite"
    static let extends: String? = ItemField.schemaName
    static let listing = TypedJSON.Listing.favourites
    var kind: JSONKind {
        switch self {
        case .n: .integer
        case .addedAt: .shape("date")
        case .tags: .array
        }
    }
    var required: Bool { true }
}

/// A past search.
enum HistoryEntryField: String, JSONRowShape {
    case n, time, source, terms, filters, count, chosen
    static let schemaName = "historyEntry"
    static let listing = TypedJSON.Listing.history
    var kind: JSONKind {
        switch self {
        case .n, .count: .integer
        case .time: .shape("date")
        case .source, .terms: .string
        case .filters: .object
        case .chosen: .array
        }
    }
    var required: Bool { true }
}

/// A denied term, or a search that found nothing (with its source, options and time).
enum DeniedField: String, JSONRowShape {
    case term, automatic, source, terms, options, time
    static let schemaName = "deniedSearch"
    static let listing = TypedJSON.Listing.denied
    var kind: JSONKind {
        switch self {
        case .term, .source, .terms: .string
        case .automatic: .boolean
        case .options: .object
        case .time: .shape("date")
        }
    }
    var required: Bool { self == .term || self == .automatic }
}

/// A named session.
enum SavedSessionField: String, JSONRowShape {
    case name, source, query, selected, savedAt
    static let schemaName = "savedSession"
    static let listing = TypedJSON.Listing.sessions
    var kind: JSONKind {
        switch self {
        case .name: .string
        case .source, .query: .stringOrNull
        case .selected: .integer
        case .savedAt: .shapeOrNull("date")
        }
    }
    var required: Bool { true }
}

/// A source, as `sources` lists it.
enum SourceRowField: String, JSONRowShape {
    case name, usable, selection, current
    static let schemaName = "sourceRow"
    static let listing = TypedJSON.Listing.sources
    var kind: JSONKind {
        switch self {
        case .name: .string
        case .usable, .current: .boolean
        case .selection: .words(SelectionMode.allCases.map(\.rawValue))
        }
    }
    var required: Bool { true }
}

/// A match of `pick --filter`: the value it stands for, the line shown, fzf's score.
enum PickedField: String, JSONRowShape {
    case value, text, score
    static let schemaName = "pickedRow"
    static let listing = TypedJSON.Listing.picked
    var kind: JSONKind { self == .score ? .integer : .string }
    var required: Bool { true }
}

/// A device that syncs, as `sync status` lists it.
enum DeviceField: String, JSONRowShape {
    case device, host, this, lastChange, lastSync, digest
    static let schemaName = "deviceRow"
    static let listing = TypedJSON.Listing.devices
    var kind: JSONKind {
        switch self {
        case .device, .host: .string
        case .this: .boolean
        case .lastChange, .lastSync: .shapeOrNull("date")
        case .digest: .stringOrNull
        }
    }
    var required: Bool { true }
}

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
    case search, items, error, code
    static let schemaName = "checkedSearch"
    var kind: JSONKind { self == .items ? .array : .string }
    var required: Bool { self == .search }
}
