import FoundationEssentials

// The `--json` shape of this feature; `Schemas/scout-output.v1.json` describes each field further.

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
