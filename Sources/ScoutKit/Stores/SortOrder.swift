/// How results are ordered: a key and a direction.
public struct SortOrder: Codable, Sendable, Equatable {
    public enum Key: String, Codable, Sendable, CaseIterable {
        case year, title, rating, relevance
    }

    public var key: Key
    public var descending: Bool

    public init(key: Key, descending: Bool? = nil) {
        self.key = key
        // Newest and best first; titles A to Z.
        self.descending = descending ?? (key == .year || key == .rating)
    }

    public var description: String {
        key == .relevance ? "relevance" : "\(key.rawValue) \(descending ? "desc" : "asc")"
    }
}
