import FoundationEssentials

/// The catalog's two lists, which its decoder and store read too.
public enum CatalogKind: String, Sendable, CaseIterable {
    case movies, restaurants

    /// The field a listing is grouped by when the user has not said.
    public var defaultGroup: String? { self == .restaurants ? "cuisine" : nil }
}

/// The `movies` and `restaurants` sources: one list fetched whole, matched locally.
public struct CatalogSource: Source {
    public typealias Kind = CatalogKind

    /// The variable that names a server answering for the catalog instead (the tests' fixture server).
    static let urlVariable = "SCOUT_CATALOG_URL"

    /// Both lists, grouped as they are read: restaurants by cuisine. Either may come from `SCOUT_CATALOG_URL`.
    public static let family = SourceFamily(
        names: Kind.allCases.map(\.rawValue), urlVariable: urlVariable, searchOptions: searchOptions,
        capabilities: { name in
            SourceCapabilities(
                kinds: [name == Kind.restaurants.rawValue ? "restaurant" : "movie"], paging: .whole,
                lookup: false, artwork: false, idPrefix: name,
                films: name == Kind.restaurants.rawValue ? .none : .all)
        },
        defaultGroup: { Kind(rawValue: $0)?.defaultGroup },
        make: { name, registry, _ in
            // The lists are loaded once a run, for both kinds: from scout, or from the server the variable names.
            let store = registry.shared {
                CatalogStore(
                    origin: registry.context.serviceURL(urlVariable).map(CatalogOrigin.server) ?? .builtin,
                    offline: registry.context.offline)
            }
            return Kind(rawValue: name).map { CatalogSource(kind: $0, store: store) }
        })

    public let kind: Kind
    let store: CatalogStore

    public init(kind: Kind, store: CatalogStore) {
        self.kind = kind
        self.store = store
    }

    public var name: String { kind.rawValue }
    public var selection: SelectionMode { kind == .movies ? .single : .multiple }

    public var origin: String {
        switch store.origin {
        case .builtin: "built-in catalog"
        case .server(let url): "catalog at \(url.absoluteString)"
        }
    }

    /// A search in the catalog costs no request, so one that found nothing is not remembered.
    public var remembersEmptySearches: Bool { false }

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
