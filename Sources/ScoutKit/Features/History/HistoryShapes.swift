import FoundationEssentials

// The `--json` shape of this feature; `Schemas/scout-output.v1.json` describes each field further.

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
