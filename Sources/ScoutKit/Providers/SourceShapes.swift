import FoundationEssentials

// The `--json` shape of this feature; `Schemas/scout-output.v1.json` describes each field further.

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
