import FoundationEssentials

/// Decodes the catalog API's two shapes into items. A record that cannot be read costs that record only.
public enum CatalogDecoder {
    public static func decode(_ kind: CatalogKind, from data: Data) throws(SourceError) -> [Item] {
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

    /// The fields a record has, in the order given; one it lacks is left out.
    static func fields(_ named: KeyValuePairs<String, String?>) -> [Item.Field] {
        named.compactMap { name, value in value.map { Item.Field(name, $0) } }
    }

    struct Movie: Decodable {
        var id: FlexibleString
        var title: String
        var genre, director, year: FlexibleString?

        var item: Item {
            Item(
                id: "movies:\(id.value)", title: title,
                fields: CatalogDecoder.fields(["year": year?.value, "genre": genre?.value, "director": director?.value])
            )
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
        var city, rating: FlexibleString?
        var price_level: Int?

        func item(cuisine: String) -> Item {
            let price = price_level.flatMap { (1...4).contains($0) ? String(repeating: "$", count: $0) : nil }
            return Item(
                id: "restaurants:\(id.value)", title: name,
                fields: CatalogDecoder.fields([
                    "cuisine": cuisine, "city": city?.value, "price": price, "rating": rating?.value,
                ]))
        }
    }
}
