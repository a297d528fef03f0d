import FoundationEssentials

/// The `movies` and `restaurants` sources: one list fetched whole, matched locally.
public struct CatalogSource: Source {
    public enum Kind: String, Sendable, CaseIterable {
        case movies, restaurants

        /// The field a listing is grouped by when the user has not said.
        public var defaultGroup: String? { self == .restaurants ? "cuisine" : nil }
    }

    public let kind: Kind
    let store: CatalogStore

    public init(kind: Kind, store: CatalogStore) {
        self.kind = kind
        self.store = store
    }

    public var name: String { kind.rawValue }
    public var selection: SelectionMode { kind == .movies ? .single : .multiple }
    public var defaultGroup: String? { kind.defaultGroup }

    public static let searchOptions: [CommandSpec.Option] = []

    public func validate(_ query: SearchQuery) throws(UsageError) {
        if let option = query.options.keys.sorted().first {
            throw UsageError("--\(option) does not apply to \(name): the catalog takes only terms and --in")
        }
    }
    public var columns: [String] {
        switch kind {
        case .movies: ["year", "genre", "director"]
        case .restaurants: ["city", "price", "rating"]
        }
    }

    public func search(_ query: SearchQuery, page: Int) async throws(SourceError) -> ResultPage {
        let all = try await store.items(kind)
        let items = Self.match(query.terms, in: all, kind: kind)
        return ResultPage(items: items, total: items.count)
    }

    public func details(of item: Item) async throws(SourceError) -> Item {
        item
    }

    /// The catalog's matching rule. Every word of the query must occur in an item's text; for restaurants,
    /// a query that matches a cuisine's name keeps all of that cuisine's restaurants.
    static func match(_ terms: String, in items: [Item], kind: Kind) -> [Item] {
        let words = Text.words(terms)
        if words.isEmpty { return items }
        return items.filter { item in
            if kind == .restaurants, let cuisine = item[field: "cuisine"], Text.matches(words, in: Text.fold(cuisine)) {
                return true
            }
            return Text.matches(words, in: item.searchText)
        }
    }
}

