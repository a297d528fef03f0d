import FoundationEssentials

/// The iTunes Search API: one source per media kind, paged by offset and limit, details by `/lookup`.
public struct ITunesSource: Source {
    /// The scout source names, the `media`/`entity` they search, and the `kind` their items come back with.
    public static let kinds: [(name: String, media: String, entity: String?, items: [String])] = [
        ("songs", "music", "song", ["song"]), ("albums", "music", "album", ["Album", "Compilation"]),
        ("artists", "music", "musicArtist", ["Artist"]), ("music-videos", "musicVideo", "musicVideo", ["music-video"]),
        ("podcasts", "podcast", "podcast", ["podcast"]), ("films", "movie", "movie", ["feature-movie"]),
        ("audiobooks", "audiobook", "audiobook", ["audiobook"]), ("ebooks", "ebook", "ebook", ["ebook"]),
        ("apps", "software", "software", ["software"]),
    ]

    /// The variable that names a server answering for iTunes instead (the tests' fixture server).
    static let urlVariable = "SCOUT_ITUNES_URL"

    /// One source per kind, every id `itunes:`, pages of `limit` for as long as they come back full (iTunes
    /// gives no count), each looked up by id for `show`. Its options come last in `help search`.
    public static let family = SourceFamily(
        names: kinds.map(\.name), urlVariable: urlVariable, searchOptions: searchOptions, optionsRank: 1,
        capabilities: { name in
            SourceCapabilities(
                kinds: kinds.first { $0.name == name }?.items ?? [], paging: .paged(size: limit, maxPages: nil),
                lookup: true, artwork: true, idPrefix: "itunes", films: .kinds(["feature-movie"]))
        },
        make: { name, registry, settings in
            // One pacer for every iTunes kind, across the run: about 20 requests a minute in all.
            ITunesSource(
                name: name, base: registry.context.serviceURL(urlVariable) ?? defaultBase,
                fetcher: registry.fetcher(settings, pacer: registry.shared { Pacer() }),
                country: settings.country, lang: settings.lang)
        })

    /// Where the iTunes Search API answers, unless `SCOUT_ITUNES_URL` says otherwise.
    static let defaultBase = URL(string: "https://itunes.apple.com") ?? URL(fileURLWithPath: "/")

    public let name: String
    let media: String
    let entity: String?
    let base: URL
    let fetcher: CachingFetcher
    let country: String
    let lang: String
    /// Results a request asks for.
    public static let limit = 50

    init?(name: String, base: URL, fetcher: CachingFetcher, country: String, lang: String) {
        guard let kind = Self.kinds.first(where: { $0.name == name }) else { return nil }
        self.name = name
        media = kind.media
        entity = kind.entity
        self.base = base
        self.fetcher = fetcher
        self.country = country
        self.lang = lang
    }

    public var selection: SelectionMode { .multiple }
    public var origin: String { "iTunes at \(base.absoluteString)" }

    /// The settings' country and language unless the search names them, as `search` sends them.
    public func effectiveOptions(of query: SearchQuery, settings: Settings) -> [String: String] {
        var options = query.options
        options["country"] = options["country"] ?? settings.country
        options["lang"] = options["lang"] ?? settings.lang
        return options
    }

    public static let searchOptions: [CommandSpec.Option] = [
        .init(
            "--country", value: "CC", help: "the store's country, such as GB", values: .words(Settings.countries),
            sources: kinds.map(\.name), owner: "iTunes"),
        .init(
            "--lang", value: "L", help: "en_us or ja_jp", values: .words(Settings.languages),
            sources: kinds.map(\.name), owner: "iTunes"),
    ]

    public func validate(_ query: SearchQuery) throws(UsageError) {
        for option in query.options.keys.sorted() where !["country", "lang"].contains(option) {
            throw UsageError("--\(option) does not apply to \(name): iTunes takes --country and --lang")
        }
        // The same checks as set country and set lang, before any request.
        if let country = query.options["country"] { _ = try Settings.storeCountry(country) }
        if let lang = query.options["lang"] { _ = try Settings.storeLanguage(lang) }
        guard !query.terms.trimmedSpaces().isEmpty else {
            throw UsageError("\(name) needs words to search for")
        }
    }

    public var columns: [String] {
        switch name {
        case "artists": ["genre"]
        case "apps": ["artist", "genre", "price"]
        default: ["artist", "year", "price"]
        }
    }

    public func search(_ query: SearchQuery, page: Int) async throws(SourceError) -> ResultPage {
        var components = URLComponents(url: base.appendingPathComponent("search"), resolvingAgainstBaseURL: false)
        var items = [(name: "term", value: query.terms), ("media", media)]
        if let entity { items.append(("entity", entity)) }
        items += [
            ("country", query.options["country"] ?? country), ("lang", query.options["lang"] ?? lang),
            ("limit", String(Self.limit)), ("offset", String((page - 1) * Self.limit)),
        ]
        components?.percentEncodedQuery = QueryString.make(items)
        guard let url = components?.url else { throw .notConfigured("SCOUT_ITUNES_URL is not a usable URL") }
        let answer = try await get(url)
        let results = try Self.decode(answer.body)
        return ResultPage(items: results, total: nil, hasMore: results.count >= Self.limit, note: answer.note)
    }

    /// An answer of iTunes' with a status scout reads (200); throttled with a short `Retry-After`, asked again
    /// once after waiting as asked.
    private func get(_ url: URL) async throws(SourceError) -> FetchedAnswer {
        var answer = try await fetcher.get(url, service: "iTunes")
        if answer.status == 429 || answer.status == 403, let wait = answer.retryAfter.flatMap({ Int($0) }),
            (0...10).contains(wait)
        {
            do { try await Task.sleep(for: .seconds(wait)) } catch { throw .cancelled }
            answer = try await fetcher.get(url, service: "iTunes")
        }
        try Self.checkStatus(answer)
        return answer
    }

    /// What the iTunes Store asks to rent and to buy a film, in standard and high definition, in its currency,
    /// and the film's page there.
    struct FilmPrices: Sendable, Equatable {
        var rent, rentHD, buy, buyHD: Double?
        var currency: String?
        var url: String?
    }

    /// The store's prices of a film, found by a search of its title as `films` searches: the iTunes film `id`
    /// names (`itunes:N`), else the film of the same folded title and year (or a year apart: a festival's year
    /// against a release's); nil when the store has none, or asks no price for it.
    func filmPrices(id: String?, title: String, year: Int?) async throws(SourceError) -> FilmPrices? {
        var components = URLComponents(url: base.appendingPathComponent("search"), resolvingAgainstBaseURL: false)
        components?.percentEncodedQuery = QueryString.make([
            ("term", title), ("media", "movie"), ("entity", "movie"), ("country", country),
            ("limit", String(Self.limit)),
        ])
        guard let url = components?.url else { throw .notConfigured("SCOUT_ITUNES_URL is not a usable URL") }
        let results =
            (JSONFields(try JSONFields.parse(try await get(url).body, from: "iTunes"))?.array("results") ?? [])
            .compactMap(JSONFields.init).filter { $0.text("kind") == "feature-movie" }
        let folded = Text.fold(title)
        func released(_ json: JSONFields) -> Int? { json.text("releaseDate").flatMap { Int($0.prefix(4)) } }
        let same = results.filter { $0.text("trackName").map(Text.fold) == folded }
        let named = id.flatMap { id in results.first { $0.id("trackId").map { "itunes:" + $0 } == id } }
        var film = named ?? same.first
        if let year, named == nil {
            film =
                same.first { released($0) == year } ?? same.first { released($0).map { abs($0 - year) == 1 } ?? false }
        }
        guard let film else { return nil }
        func price(_ key: String) -> Double? { film.number(key).flatMap { $0 > 0 ? $0 : nil } }
        let prices = FilmPrices(
            rent: price("trackRentalPrice"), rentHD: price("trackHdRentalPrice"), buy: price("trackPrice"),
            buyHD: price("trackHdPrice"), currency: film.text("currency").map(TMDbSource.oneLine),
            url: film.text("trackViewUrl").flatMap { $0.hasPrefix("https://") ? $0 : nil })
        return [prices.rent, prices.rentHD, prices.buy, prices.buyHD].contains { $0 != nil } ? prices : nil
    }

    public func details(of item: Item) async throws(SourceError) -> Item {
        let id = item.id.split(separator: ":").last.map(String.init) ?? ""
        var components = URLComponents(url: base.appendingPathComponent("lookup"), resolvingAgainstBaseURL: false)
        components?.percentEncodedQuery = QueryString.make([("id", id), ("country", country)])
        guard let url = components?.url else { return item }
        return try Self.decode(try await get(url).body).first { $0.id == item.id } ?? item
    }

    static func checkStatus(_ answer: FetchedAnswer) throws(SourceError) {
        switch answer.status {
        case 200: return
        case 400:
            let message = (try? JSONFields.parse(answer.body, from: "iTunes")).flatMap(JSONFields.init)?.text(
                "errorMessage")
            throw .rejected("iTunes rejected the search\(message.map { ": \($0)" } ?? ""); check the terms and options")
        case 403, 429:
            throw .throttled(service: "iTunes", retryAfter: answer.retryAfter)
        default:
            throw .http(status: answer.status, url: "iTunes")
        }
    }

    /// Every item of a `/search` or `/lookup` body. An item that cannot be read costs that item.
    /// The results are read as records of the members `item` reads, straight from the bytes; an answer the
    /// byte reader does not read whole is read as a tree, or said not to be JSON.
    public static func decode(_ body: Data) throws(SourceError) -> [Item] {
        if let records = JSONBytes.whole(body, { $0.records(under: "results", itemNames) }) {
            return records.compactMap { item(JSONFields($0)) }
        }
        return try decodeTree(body)
    }

    /// Every member of every result read into a tree of values: what `decode` falls back on, and what a test
    /// compares it with.
    static func decodeTree(_ body: Data) throws(SourceError) -> [Item] {
        let root = try JSONFields.parse(body, from: "iTunes")
        guard let results = JSONFields(root)?.array("results") else {
            throw .undecodable(what: "iTunes's answer", reason: "no results list")
        }
        return results.compactMap { JSONFields($0).flatMap(item) }
    }

    /// Every member of a result that `item` reads.
    static let itemNames = JSONRecord.Names([
        "wrapperType", "collectionId", "trackId", "artistId", "collectionName", "trackName", "artistName", "kind",
        "collectionType", "artistType", "releaseDate", "primaryGenreName", "genres", "averageUserRating",
        "contentAdvisoryRating", "trackContentRating", "longDescription", "description", "artworkUrl100",
        "artworkUrl60", "artworkUrl600", "artworkUrl30", "trackViewUrl", "collectionViewUrl", "artistLinkUrl",
        "artistViewUrl", "currency", "trackPrice", "collectionPrice", "price", "formattedPrice",
    ])

    static func item(_ json: JSONFields) -> Item? {
        let wrapper = json.text("wrapperType")
        let rawID: String?
        let title: String?
        switch wrapper {
        case "collection", "audiobook":
            rawID = json.id("collectionId") ?? json.id("trackId")
            title = json.text("collectionName") ?? json.text("trackName")
        case "artist":
            rawID = json.id("artistId")
            title = json.text("artistName")
        default:
            rawID = json.id("trackId") ?? json.id("collectionId") ?? json.id("artistId")
            title = json.text("trackName") ?? json.text("collectionName") ?? json.text("artistName")
        }
        guard let rawID, let title else { return nil }
        var item = Item(id: "itunes:\(rawID)", title: title)
        item.add(
            "kind", json.text("kind") ?? json.text("collectionType") ?? json.text("artistType") ?? wrapper ?? "ebook")
        if wrapper != "artist" { item.add("artist", json.text("artistName")) }
        if let collection = json.text("collectionName"), collection != title { item.add("collection", collection) }
        item.add("year", json.text("releaseDate").map { String($0.prefix(4)) })
        item.add("genre", json.text("primaryGenreName") ?? json.names("genres").first)
        item.add("price", price(json))
        if let rating = json.number("averageUserRating") { item.add("rating", Text.decimal(rating, places: 1)) }
        item.add("advisory", json.text("contentAdvisoryRating") ?? json.text("trackContentRating"))
        item.add("description", (json.text("longDescription") ?? json.text("description")).map(Text.plain))
        item.add(
            "artwork",
            json.text("artworkUrl100") ?? json.text("artworkUrl60") ?? json.text("artworkUrl600")
                ?? json.text("artworkUrl30"))
        item.url =
            json.text("trackViewUrl") ?? json.text("collectionViewUrl") ?? json.text("artistLinkUrl")
            ?? json.text("artistViewUrl")
        return item
    }

    /// `-1` marks a track sold only with its album; `0` is free.
    static func price(_ json: JSONFields) -> String? {
        let currency = json.text("currency").map { " \($0)" } ?? ""
        for key in ["trackPrice", "collectionPrice", "price"] {
            guard let value = json.number(key) else { continue }
            if value < 0 { return "album only" }
            if value == 0 { return "free" }
            return Text.decimal(value, places: 2) + currency
        }
        return json.text("formattedPrice")
    }
}
