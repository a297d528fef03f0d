import FoundationEssentials

/// A kept item: a snapshot of its fields, so `fav` and `fav show` work offline, with its tags and
/// when it was added.
public struct Favourite: Codable, Sendable, Equatable {
    /// The same favourite: the same item, tags and date of adding. Which add it was (`addID`) is sync's to
    /// compare, and a round trip through a CSV export makes a new one.
    public static func == (a: Favourite, b: Favourite) -> Bool {
        (a.id, a.title, a.source, a.fields) == (b.id, b.title, b.source, b.fields)
            && (a.url, a.addedAt, a.tags) == (b.url, b.addedAt, b.tags)
    }

    public var id: String
    public var title: String
    public var source: String
    public var fields: [Item.Field]
    public var url: String?
    public var addedAt: Date
    public var tags: [String]
    /// This add's own id: a favourite removed and added again is another add, which sync tells from the
    /// first (a removal made elsewhere meanwhile took back only the first). None in files before sync.
    public var addID: String?

    public init(item: Item, addedAt: Date, tags: [String] = []) {
        id = item.id
        title = item.title
        source = item.sourceName
        fields = item.fields
        url = item.url
        self.addedAt = addedAt
        self.tags = tags
        addID = LibraryEvent.newID()
    }

    init(
        id: String, title: String, source: String, fields: [Item.Field], url: String?, addedAt: Date, tags: [String],
        addID: String? = nil
    ) {
        (self.id, self.title, self.source, self.fields, self.url, self.addedAt, self.tags) = (
            id, title, source, fields, url, addedAt, tags
        )
        self.addID = addID
    }

    public var item: Item { Item(id: id, title: title, fields: fields, url: url) }

    enum CodingKeys: String, CodingKey { case id, title, source, fields, url, addedAt, tags, addID }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? id
        source = try c.decodeIfPresent(String.self, forKey: .source) ?? String(id.prefix { $0 != ":" })
        fields = try c.decodeIfPresent([Item.Field].self, forKey: .fields) ?? []
        url = try c.decodeIfPresent(String.self, forKey: .url)
        addedAt = try c.decodeIfPresent(Date.self, forKey: .addedAt) ?? Date(timeIntervalSince1970: 0)
        tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
        addID = try c.decodeIfPresent(String.self, forKey: .addID)
    }
}
