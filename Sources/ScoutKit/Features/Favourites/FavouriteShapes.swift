import FoundationEssentials

// The `--json` shape of this feature; `Schemas/scout-output.v1.json` describes each field further.

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
