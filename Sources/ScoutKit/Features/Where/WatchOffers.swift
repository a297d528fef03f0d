/// Where a film can be watched in one country, as TMDb hands on JustWatch's data: each way (stream, free, with
/// ads, rent, buy) with its services in TMDb's display order, and the page that lists them all.
struct WatchOffers: Sendable, Equatable {
    /// A way to watch, as TMDb's `watch/providers` names it.
    enum Way: String, CaseIterable, Sendable {
        case stream, free, ads, rent, buy

        /// Its key in TMDb's answer (`flatrate` is a subscription's).
        var key: String { self == .stream ? "flatrate" : rawValue }
        /// As a line of `where` and `show` names it.
        var label: String {
            switch self {
            case .stream: "Stream"
            case .free: "Free"
            case .ads: "With ads"
            case .rent: "Rent"
            case .buy: "Buy"
            }
        }
        /// Whether it is watched at no price beyond a subscription: what `watchlist --streaming` looks for.
        var isStreaming: Bool { self == .stream || self == .free || self == .ads }
    }

    /// One service offering the film one way.
    struct Offer: Sendable, Equatable {
        var way: Way
        var service: String
        /// TMDb's id of the service (Netflix is 8).
        var serviceID: Int?
        /// What it asks, in standard and high definition, where the data says (iTunes' prices do; TMDb's do not).
        var price: Double? = nil
        var hdPrice: Double? = nil
    }

    /// The ISO 3166-1 code of the country (`GB`).
    var country: String
    /// TMDb's page of every way to watch it there (JustWatch's links).
    var link: String?
    /// Every offer, by way in `Way`'s order, each way's services in TMDb's display order.
    var offers: [Offer]
    /// Whose data it is, wherever it is shown (TMDb's terms, and JustWatch's).
    var credit = Self.justWatch
    /// The currency of the prices.
    var currency: String?

    static let justWatch = "from JustWatch, via TMDb"
    static let iTunes = "iTunes' prices"

    /// The iTunes Store's offers of a film, where scout has no TMDb key: rent and buy, with their prices.
    init(country: String, iTunes prices: ITunesSource.FilmPrices) {
        self.country = country.uppercased()
        link = prices.url
        offers = [(Way.rent, prices.rent, prices.rentHD), (.buy, prices.buy, prices.buyHD)].compactMap {
            way, price, hd in
            price == nil && hd == nil ? nil : Offer(way: way, service: "iTunes", price: price, hdPrice: hd)
        }
        credit = Self.iTunes
        currency = prices.currency
    }

    init(country: String, link: String?, offers: [Offer]) {
        (self.country, self.link, self.offers) = (country, link, offers)
    }

    /// An offer as a line lists it: `Netflix`, `iTunes 3.99 USD (HD 4.99 USD)`.
    func text(_ offer: Offer) -> String {
        func amount(_ value: Double) -> String {
            Text.decimal(value, places: 2) + (currency.map { " " + $0 } ?? "")
        }
        switch (offer.price, offer.hdPrice) {
        case (let price?, let hd?) where hd != price: return "\(offer.service) \(amount(price)) (HD \(amount(hd)))"
        case (let price?, _): return "\(offer.service) \(amount(price))"
        case (nil, let hd?): return "\(offer.service) HD \(amount(hd))"
        case (nil, nil): return offer.service
        }
    }

    /// The services offering it `way`, in order, each with its price where the data gives one.
    func services(_ way: Way) -> [String] { offers.filter { $0.way == way }.map(text) }

    /// What a `watch/providers` object (a film's, or one appended to its details) says of `country`: nil when it
    /// says nothing of that country. A service without a name is passed over; a remote name is cut to a line.
    static func decode(_ providers: JSONFields, country: String) -> WatchOffers? {
        guard let entry = providers.object("results")?.object(country.uppercased()) else { return nil }
        var offers: [Offer] = []
        for way in Way.allCases {
            let listed = (entry.array(way.key) ?? []).compactMap(JSONFields.init).enumerated()
                .compactMap { index, service -> (priority: Double, index: Int, offer: Offer)? in
                    guard let name = service.text("provider_name") else { return nil }
                    let offer = Offer(
                        way: way, service: TMDbSource.oneLine(name),
                        serviceID: service.id("provider_id").flatMap { Int($0) })
                    return (service.number("display_priority") ?? .infinity, index, offer)
                }
                .sorted { ($0.priority, $0.index) < ($1.priority, $1.index) }
            var seen: Set<String> = []
            offers += listed.map(\.offer).filter { seen.insert($0.service).inserted }
        }
        let link = entry.text("link").flatMap { $0.hasPrefix("https://") || $0.hasPrefix("http://") ? $0 : nil }
        return WatchOffers(country: country.uppercased(), link: link, offers: offers)
    }
}
