/// One result of a search: a film, a restaurant, a song.
///
/// `id` names its source (`movies:12`, `itunes:1440833098`), so selections, favourites and history
/// refer to an item whatever row it sits on. `fields` is the snapshot a favourite or a selection keeps,
/// in the order the source shows them.
public struct Item: Codable, Sendable, Hashable {
    public var id: String
    public var title: String
    public var fields: [Field]
    public var url: String?

    public struct Field: Codable, Sendable, Hashable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(id: String, title: String, fields: [Field] = [], url: String? = nil) {
        self.id = id
        self.title = title
        self.fields = fields
        self.url = url
    }

    public subscript(field name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The source named by the id's prefix: `movies` for `movies:12`.
    public var sourceName: String {
        String(id.prefix { $0 != ":" })
    }

    /// The year as a number, from values such as `1999`, `1999–2001` or `2017–`.
    public var year: Int? {
        guard let text = self[field: "year"] else { return nil }
        return Int(text.prefix(4))
    }

    public var rating: Double? {
        self[field: "rating"].flatMap { Double($0) }
    }

    /// Everything a query or a filter is matched against, folded for comparison.
    public var searchText: String {
        Text.fold(([title] + fields.map(\.value)).joined(separator: " "))
    }
}
