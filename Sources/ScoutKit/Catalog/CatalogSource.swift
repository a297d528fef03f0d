import Foundation

/// Where the catalog's two lists come from: the copy inside scout, or a server with the same endpoints.
public enum CatalogOrigin: Sendable {
    case builtin
    case server(URL)
}

/// The `movies` and `restaurants` sources: one list fetched whole, matched locally.
public struct CatalogSource: Source {
    public enum Kind: String, Sendable, CaseIterable {
        case movies, restaurants
    }

    public let kind: Kind
    let store: CatalogStore

    public init(kind: Kind, store: CatalogStore) {
        self.kind = kind
        self.store = store
    }

    public var name: String { kind.rawValue }
    public var selection: SelectionMode { kind == .movies ? .single : .multiple }
    public var defaultGroup: String? { kind == .restaurants ? "cuisine" : nil }

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

/// Loads each catalog list once per process, from inside scout or from `SCOUT_CATALOG_URL`.
public actor CatalogStore {
    let origin: CatalogOrigin
    let fetcher: HTTPFetcher
    let offline: Bool
    var loaded: [CatalogSource.Kind: [Item]] = [:]

    public init(origin: CatalogOrigin, offline: Bool = false, fetcher: HTTPFetcher = HTTPFetcher()) {
        self.origin = origin
        self.offline = offline
        self.fetcher = fetcher
    }

    func items(_ kind: CatalogSource.Kind) async throws(SourceError) -> [Item] {
        if let items = loaded[kind] { return items }
        let data: Data
        switch origin {
        case .builtin:
            data = Data((kind == .movies ? BuiltinCatalog.moviesJSON : BuiltinCatalog.restaurantsJSON).utf8)
        case .server(let base):
            if offline {
                throw .notConfigured("offline: the catalog at \(base.absoluteString) is not asked; leave --offline out, or unset SCOUT_CATALOG_URL for the built-in catalog")
            }
            let url = base.appendingPathComponent(kind.rawValue)
            let response = try await fetcher.get(url)
            guard response.status == 200 else { throw .http(status: response.status, url: url.absoluteString) }
            data = response.body
        }
        let items = try CatalogDecoder.decode(kind, from: data)
        loaded[kind] = items
        return items
    }
}

/// Decodes the catalog API's two shapes into items. A record that cannot be read costs that record only.
public enum CatalogDecoder {
    public static func decode(_ kind: CatalogSource.Kind, from data: Data) throws(SourceError) -> [Item] {
        let decoder = JSONDecoder()
        do {
            switch kind {
            case .movies:
                return try decoder.decode([Lenient<Movie>].self, from: data).compactMap(\.value).map(\.item)
            case .restaurants:
                let root = try decoder.decode(RestaurantsRoot.self, from: data)
                return root.cuisines.flatMap { cuisine in
                    cuisine.restaurants.compactMap(\.value).map { $0.item(cuisine: cuisine.name) }
                }
            }
        } catch {
            throw .undecodable(what: "the \(kind.rawValue) catalog", reason: Self.describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted: return "not valid JSON"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        default: return "unreadable"
        }
    }

    struct Movie: Decodable {
        var id: FlexibleString
        var title: String
        var genre: FlexibleString?
        var director: FlexibleString?
        var year: FlexibleString?

        var item: Item {
            var fields: [Item.Field] = []
            if let year { fields.append(.init("year", year.value)) }
            if let genre { fields.append(.init("genre", genre.value)) }
            if let director { fields.append(.init("director", director.value)) }
            return Item(id: "movies:\(id.value)", title: title, fields: fields)
        }
    }

    struct RestaurantsRoot: Decodable {
        var cuisines: [Cuisine]
    }

    struct Cuisine: Decodable {
        var name: String
        var restaurants: [Lenient<Restaurant>]
    }

    struct Restaurant: Decodable {
        var id: FlexibleString
        var name: String
        var city: FlexibleString?
        var price_level: Int?
        var rating: FlexibleString?

        func item(cuisine: String) -> Item {
            var fields: [Item.Field] = [.init("cuisine", cuisine)]
            if let city { fields.append(.init("city", city.value)) }
            if let price_level, (1...4).contains(price_level) {
                fields.append(.init("price", String(repeating: "$", count: price_level)))
            }
            if let rating { fields.append(.init("rating", rating.value)) }
            return Item(id: "restaurants:\(id.value)", title: name, fields: fields)
        }
    }
}

/// A value that decodes to nil instead of failing its whole array.
struct Lenient<Value: Decodable>: Decodable {
    var value: Value?
    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

/// A JSON string or number read as text: ids, years and ratings come as either.
struct FlexibleString: Decodable, Hashable {
    var value: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
            value = String(int)
        } else if let double = try? container.decode(Double.self) {
            value = String(double)
        } else {
            value = try container.decode(String.self)
        }
    }
}
