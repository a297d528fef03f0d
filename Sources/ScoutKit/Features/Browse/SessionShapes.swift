import FoundationEssentials

// The `--json` shape of this feature; `Schemas/scout-output.v1.json` describes each field further.

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
