import FoundationEssentials

/// One past search as `history` shows it: what was searched, how many results, what was chosen.
public struct HistoryEntry: Sendable, Equatable {
    public var id: String
    public var time: Date
    public var source: String
    public var terms: String
    public var filters: [String: String]
    public var count: Int
    public var chosen: [Chosen]

    public struct Chosen: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
    }

    public var query: SearchQuery { SearchQuery(source: source, terms: terms, options: filters) }
}
