import FoundationEssentials

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
