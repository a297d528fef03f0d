import FoundationEssentials

/// `--json` version 1's typed values, made in one place so that every command writes an item, a
/// favourite, a price or a date the same way: numbers as numbers, prices as an amount and a currency,
/// dates in ISO 8601, and no display strings (`album only`, `$$`, `1999–2001`).
enum TypedJSON {
    /// The version `--json` promises: fields are added, never renamed or retyped, without a new one.
    static let schema = 1

    /// An item of any source: `id`, `title`, `source`, then its fields typed, then `url`.
    static func item(_ item: Item) -> JSONObject<ItemField> {
        var object = JSONObject<ItemField>([
            .id: .string(item.id), .title: .string(item.title), .source: .string(item.sourceName),
        ])
        for field in item.fields {
            switch ItemField(rawValue: field.name) {
            case .year?:
                // `1999`, `1999–2001` (a series), `2017–` (still running).
                guard object[.year] == nil else { continue }
                let parts = field.value.split(separator: "–", omittingEmptySubsequences: false)
                object[.year] = Int(parts[0].prefix(4)).map(JSONValue.int) ?? .null
                if parts.count > 1 { object[.endYear] = Int(parts[1]).map(JSONValue.int) ?? .null }
            case .rating?:
                if object[.rating] == nil { object[.rating] = Double(field.value).map(JSONValue.double) ?? .null }
            case .price?:
                if object[.price] == nil { price(field.value, into: &object) }
            case nil:
                object.sourceField(field.name, field.value)
            default:
                // A source field named as another typed one (`url`, `row`) is the item's own: not written.
                continue
            }
        }
        object[.url] = item.url.map(JSONValue.string) ?? .null
        return object
    }

    /// An item as a row of a listing: its fields, its marks, and its row number when it has one.
    static func row(_ item: Item, row: Int? = nil, selected: Bool, favourite: Bool) -> JSONObject<ItemField> {
        var object = Self.item(item)
        object[.selected] = .bool(selected)
        object[.favourite] = .bool(favourite)
        if let row { object[.row] = .int(row) }
        return object
    }

    /// A price as the sources give it: `1.29 USD`, `free`, `album only` (iTunes), `$$` (a restaurant's
    /// level); a level is `priceLevel`, and a price that is not for sale on its own is null with `albumOnly`.
    static func price(_ text: String, into object: inout JSONObject<ItemField>) {
        if !text.isEmpty, text.allSatisfy({ $0 == "$" }) {
            (object[.price], object[.priceLevel]) = (.null, .int(text.count))
        } else if text == "album only" {
            (object[.price], object[.albumOnly]) = (.null, .bool(true))
        } else if text.lowercased() == "free" {
            object[.price] = JSONObject<PriceField>([.amount: .double(0), .currency: .null]).value
        } else {
            let parts = text.split(separator: " ")
            object[.price] =
                parts.first.flatMap({ Double($0) }).map { amount in
                    JSONObject<PriceField>([
                        .amount: .double(amount), .currency: parts.count > 1 ? .string(String(parts[1])) : .null,
                    ]).value
                } ?? .null
        }
    }

    static func date(_ date: Date) -> JSONValue { .string(ISODate.string(date)) }

    /// What a listing's rows are, so that a reader knows their fields whatever command listed them.
    enum Listing: String, CaseIterable {
        case results, favourites, history, denied, sessions, sources, picked, diary, ratings, watchlist, saved, devices,
            offers
    }

    /// A listing: its rows under `items`, `total` (nil where the source does not say), and what they are,
    /// named by their shape.
    static func listing<Row: JSONRowShape>(_ rows: [JSONObject<Row>], total: Int?) -> [OutputField: JSONValue] {
        [
            .listing: .string(Row.listing.rawValue), .items: .array(rows.map(\.value)),
            .total: total.map(JSONValue.int) ?? .null,
        ]
    }

    /// The kind of an error, for scripts to tell one from another: kebab-case, stable across versions.
    static func code(of error: any Error) -> String {
        switch error {
        case let error as UsageError: return error.code
        case let error as SourceError:
            switch error {
            case .timedOut: return "timed-out"
            case .unreachable: return "unreachable"
            case .redirectLoop: return "redirect-loop"
            case .http(let status, _): return status == 404 ? "not-found" : "http-\(status)"
            case .undecodable: return "bad-answer"
            case .tooLarge: return "too-large"
            case .cancelled: return "cancelled"
            case .rejected: return "rejected"
            case .throttled: return "throttled"
            case .notConfigured, .noLibrary: return "not-configured"
            case .insecure: return "insecure"
            case .proxy: return "proxy"
            }
        case let error as StoreError:
            switch error {
            case .writeFailed: return "write-failed"
            case .busy: return "busy"
            case .unreadable: return "unreadable"
            }
        default: return "failed"
        }
    }
}
