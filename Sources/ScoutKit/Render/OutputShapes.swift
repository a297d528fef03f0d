import FoundationEssentials

// The `--json` shapes every feature shares (an item, a price, a picked row); each feature declares its own in
// its folder (`FavouriteShapes`, `HistoryShapes`…). `Schemas/scout-output.v1.json` describes each field further.

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

/// A match of `pick --filter`: the value it stands for, the line shown, fzf's score.
enum PickedField: String, JSONRowShape {
    case value, text, score
    static let schemaName = "pickedRow"
    static let listing = TypedJSON.Listing.picked
    var kind: JSONKind { self == .score ? .integer : .string }
    var required: Bool { true }
}
