/// `where`'s answer for one film: a line naming the film, the country and whose data it is, then each way to
/// watch it with its services, and the page that lists them; `--json` gives the offers as rows.
struct WhereView: OutputView {
    var film: LibraryFilm
    var country: String
    var answer: WhereService.Answer

    /// The label-and-value lines of an answer, as `show` ends with them and `where` lists them.
    static func lines(_ answer: WhereService.Answer, country: String) -> [(label: String, value: String)] {
        switch answer {
        case .offers(let offers):
            var lines = [("Watch in", "\(offers.country), \(offers.credit)")]
            for way in WatchOffers.Way.allCases {
                let services = offers.services(way)
                if !services.isEmpty { lines.append((way.label, services.joined(separator: ", "))) }
            }
            if let link = offers.link { lines.append(("More", link)) }
            return lines
        case .nothingIn(let country):
            return [
                (
                    "Watch",
                    "nowhere known in \(country) (\(WatchOffers.justWatch)): where N --country CC looks in another"
                )
            ]
        case .unknown:
            return [("Watch", "not known: TMDb does not know this film by its ids, title or year")]
        }
    }

    func lines(fitting width: Int?) -> [StyledLine] {
        var view = ListingView()
        view.say("\(film.label)")
        let lines = Self.lines(answer, country: country)
        let labelWidth = lines.map { DisplayWidth.of($0.label) }.max() ?? 0
        for (label, value) in lines {
            view.parts.append(
                .prose("  " + DisplayWidth.pad(label + ":", to: labelWidth + 1) + " " + value, indent: labelWidth + 4))
        }
        return view.lines(fitting: width)
    }

    var json: [OutputField: JSONValue] {
        let offers: WatchOffers? = if case .offers(let offers) = answer { offers } else { nil }
        var rows: [JSONObject<WatchOfferField>] = []
        if let offers {
            rows = offers.offers.map { offer in
                // Prices only where the data gives them (iTunes'), as TMDb's rows have none.
                var row = JSONObject<WatchOfferField>([
                    .way: .string(offer.way.rawValue), .service: .string(offer.service),
                    .serviceID: offer.serviceID.map(JSONValue.int) ?? .null,
                ])
                if offer.price != nil || offer.hdPrice != nil {
                    row[.price] = offer.price.map(JSONValue.double) ?? .null
                    row[.hdPrice] = offer.hdPrice.map(JSONValue.double) ?? .null
                    row[.currency] = offers.currency.map(JSONValue.string) ?? .null
                }
                return row
            }
        }
        var json = TypedJSON.listing(rows, total: rows.count)
        json[.id] = .string(film.id)
        json[.title] = .string(film.title)
        json[.country] = .string(country)
        if let link = offers?.link { json[.url] = .string(link) }
        json[.found] = .bool(answer != .unknown)
        json[.credit] = .string(offers?.credit ?? WatchOffers.justWatch)
        return json
    }
}

/// One way to watch a film on one service, as `where --json` lists it.
enum WatchOfferField: String, JSONRowShape {
    case way, service, serviceID, price, hdPrice, currency
    static let schemaName = "watchOffer"
    static let listing = TypedJSON.Listing.offers
    var kind: JSONKind {
        switch self {
        case .way: .words(WatchOffers.Way.allCases.map(\.rawValue))
        case .service: .string
        case .serviceID: .integerOrNull
        case .price, .hdPrice: .numberOrNull
        case .currency: .stringOrNull
        }
    }
    var required: Bool { ![.price, .hdPrice, .currency].contains(self) }
}
