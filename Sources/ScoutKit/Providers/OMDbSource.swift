import FoundationEssentials

/// OMDb: `?s=` searches (10 a page, up to 100 pages), `?i=&plot=full` details. OMDb reports its errors
/// in the body (`"Response":"False"`), with HTTP 200 or 401.
public struct OMDbSource: Source {
    public static let pageSize = 10
    public static let maxPages = 100
    public static let types = ["movie", "series", "episode"]

    /// The variable that names a server answering for OMDb instead (the tests' fixture server).
    static let urlVariable = "SCOUT_OMDB_URL"

    /// One source, ids `omdb:` and the IMDb id, pages of 10 with a count, details and posters.
    public static let family = SourceFamily(
        names: ["omdb"], urlVariable: urlVariable, searchOptions: searchOptions,
        capabilities: { _ in
            // Games come back too, though --type cannot ask for them.
            SourceCapabilities(
                kinds: types + ["game"], paging: .paged(size: pageSize, maxPages: maxPages),
                lookup: true, artwork: true, idPrefix: "omdb", films: .all)
        },
        make: { name, registry, settings in
            // `OMDB_API_KEY` wins over the key in the settings.
            name == "omdb"
                ? OMDbSource(
                    base: registry.context.serviceURL(urlVariable) ?? defaultBase,
                    key: registry.context.omdbKey ?? settings.omdbKey,
                    fetcher: registry.fetcher(settings)) : nil
        })

    /// Where OMDb answers, unless `SCOUT_OMDB_URL` says otherwise.
    static let defaultBase = URL(string: "https://www.omdbapi.com") ?? URL(fileURLWithPath: "/")

    let base: URL
    let key: String?
    let fetcher: CachingFetcher

    init(base: URL, key: String?, fetcher: CachingFetcher) {
        self.base = base
        self.key = key
        self.fetcher = fetcher
    }

    public var name: String { "omdb" }
    public var selection: SelectionMode { .multiple }
    public var columns: [String] { ["year", "kind"] }

    public var origin: String {
        usable ? "OMDb at \(base.absoluteString)" : "OMDb: no API key (set omdb-key KEY, or OMDB_API_KEY)"
    }
    /// Whether it has a key to send, from `OMDB_API_KEY` or the settings.
    public var usable: Bool { key != nil }
    public var searchHint: String { SourceFamily.searchHint(Self.searchOptions, spelled: ["--type": Self.types]) }

    static let missingKey =
        "OMDb needs an API key: set omdb-key KEY (or OMDB_API_KEY); a free key comes from omdbapi.com/apikey.aspx"

    public static let searchOptions: [CommandSpec.Option] = [
        .init(
            "--type", value: "T", help: "movie, series or episode", values: .words(types), sources: ["omdb"],
            owner: "omdb"),
        .init("--year", value: "YYYY", help: "that year only", sources: ["omdb"], owner: "omdb"),
    ]

    public func validate(_ query: SearchQuery) throws(UsageError) {
        try Self.validate(query.options)
        guard !query.terms.trimmedSpaces().isEmpty else {
            throw UsageError("omdb needs words to search for")
        }
    }

    /// Checks `--type` and `--year` before any request.
    public static func validate(_ options: [String: String]) throws(UsageError) {
        if let type = options["type"], !types.contains(type.lowercased()) {
            throw UsageError("--type takes movie, series or episode")
        }
        if let year = options["year"] {
            guard let value = Int(year), (1850...2200).contains(value) else {
                throw UsageError("--year takes a year from 1850 to 2200, such as --year 1982")
            }
        }
        for option in options.keys where !["type", "year"].contains(option) {
            throw UsageError("--\(option) does not apply to omdb: it takes --type and --year")
        }
    }

    public func search(_ query: SearchQuery, page: Int) async throws(SourceError) -> ResultPage {
        var items = [(name: "s", value: query.terms)]
        if let type = query.options["type"] { items.append(("type", type.lowercased())) }
        if let year = query.options["year"] { items.append(("y", year)) }
        items.append(("page", String(page)))
        let answer = try await get(items)
        let (results, total) = try Self.decodeSearch(answer.body, status: answer.status)
        let pages = min(Self.maxPages, (total + Self.pageSize - 1) / Self.pageSize)
        return ResultPage(
            items: results, total: min(total, Self.maxPages * Self.pageSize), hasMore: page < pages, note: answer.note)
    }

    public func details(of item: Item) async throws(SourceError) -> Item {
        let id = item.id.split(separator: ":").last.map(String.init) ?? ""
        let answer = try await get([("i", id), ("plot", "full")])
        let root = try Self.parse(answer.body)
        try Self.checkError(root, status: answer.status)
        return JSONFields(root).flatMap(Self.detail) ?? item
    }

    private func get(_ items: [(name: String, value: String)]) async throws(SourceError) -> FetchedAnswer {
        // Offline, no key is needed: the cache's keys leave it out, and nothing is sent.
        guard let key = key.flatMap({ $0.isEmpty ? nil : $0 }) ?? (fetcher.offline ? "-" : nil) else {
            throw .notConfigured(Self.missingKey)
        }
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        if components?.path.isEmpty == true { components?.path = "/" }
        // The key is left out of the cache's key, so that it is never written to disk.
        components?.percentEncodedQuery = QueryString.make(items + [("apikey", "-")])
        let cacheKey = components?.url?.absoluteString
        components?.percentEncodedQuery = QueryString.make(items + [("apikey", key)])
        guard let url = components?.url, let cacheKey else {
            throw .notConfigured("SCOUT_OMDB_URL is not a usable URL")
        }
        let answer = try await fetcher.get(url, service: "OMDb", cacheKey: cacheKey)
        // OMDb puts its errors in JSON bodies with 200 or 401; any other status is the server's own.
        guard answer.status == 200 || answer.status == 401 else { throw .http(status: answer.status, url: "OMDb") }
        return answer
    }

    static func parse(_ body: Data) throws(SourceError) -> JSONAnswer {
        try JSONFields.parse(body, from: "OMDb")
    }

    /// OMDb's errors as lines a user can act on. "Movie not found!" is not an error: it is no results.
    static func checkError(_ root: JSONAnswer, status: Int) throws(SourceError) {
        guard let json = JSONFields(root), json.text("Response")?.lowercased() == "false" else {
            if status != 200 { throw .http(status: status, url: "OMDb") }
            return
        }
        let error = json.text("Error") ?? "unknown error"
        switch error {
        case "Movie not found!", "Series not found!", "Episode not found!": return
        case "Too many results.":
            throw .rejected(
                "OMDb found too many results: narrow the search with --year YYYY or --type movie|series|episode, or "
                    + "more words"
            )
        case "Invalid API key!":
            throw .rejected(
                "OMDb says the API key is invalid: set omdb-key KEY (or OMDB_API_KEY) to the key OMDb sent you")
        case "No API key provided.":
            throw .notConfigured(missingKey)
        case "Request limit reached!":
            throw .rejected(
                "OMDb's daily request limit for this key is reached: try again tomorrow, or use --offline for cached "
                    + "answers"
            )
        case "Incorrect IMDb ID.":
            throw .rejected("OMDb does not know that IMDb id: search again, the result may have moved")
        default:
            let oneLine = error.split(whereSeparator: \.isNewline).joined(separator: " ")
            throw .rejected("OMDb says: \(oneLine.count > 120 ? oneLine.prefix(119) + "…" : oneLine)")
        }
    }

    /// The items of a search page and OMDb's count of all results.
    public static func decodeSearch(_ body: Data, status: Int = 200) throws(SourceError) -> (items: [Item], total: Int)
    {
        let root = try parse(body)
        try checkError(root, status: status)
        guard let json = JSONFields(root), let list = json.array("Search") else {
            if JSONFields(root)?.text("Response")?.lowercased() == "false" { return ([], 0) }
            throw .undecodable(what: "OMDb's answer", reason: "no Search list")
        }
        let items = list.compactMap { JSONFields($0).flatMap(summary) }
        return (items, Int(json.number("totalResults") ?? Double(items.count)))
    }

    /// The id scout gives the title IMDb knows as `imdb` (`tt0083658` is `omdb:tt0083658`): OMDb's items and
    /// the library's films imported from Letterboxd and IMDb share it, so a film is one film whichever brought it.
    static func itemID(imdb: String) -> String { "omdb:" + imdb }

    /// The IMDb id inside an item id `itemID(imdb:)` made; nil for any other id.
    static func imdb(ofItem id: String) -> String? { id.hasPrefix("omdb:tt") ? String(id.dropFirst(5)) : nil }

    static func summary(_ json: JSONFields) -> Item? {
        guard let id = json.text("imdbID"), let title = json.text("Title") else { return nil }
        var item = Item(id: itemID(imdb: id), title: title, url: "https://www.imdb.com/title/\(id)/")
        item.add("year", json.text("Year"))
        item.add("kind", json.text("Type"))
        item.add("poster", json.text("Poster"))
        return item
    }

    /// A `?i=` answer, old format or new: every field but the title may be missing or "N/A".
    static func detail(_ json: JSONFields) -> Item? {
        guard var item = summary(json) else { return nil }
        for (name, key) in [
            ("rated", "Rated"), ("released", "Released"), ("runtime", "Runtime"), ("genre", "Genre"),
            ("director", "Director"), ("writer", "Writer"), ("actors", "Actors"), ("plot", "Plot"),
            ("language", "Language"), ("country", "Country"), ("awards", "Awards"),
            ("seasons", "totalSeasons"), ("box office", "BoxOffice"),
        ] {
            item.add(name, json.text(key))
        }
        if let rating = json.number("imdbRating") { item.add("rating", Text.decimal(rating, places: 1)) }
        item.add("votes", json.text("imdbVotes"))
        item.add("metascore", json.text("Metascore"))
        let ratings = (json.array("Ratings") ?? []).compactMap(JSONFields.init)
            .compactMap { r -> String? in r.text("Value").map { "\(r.text("Source") ?? "?"): \($0)" } }
        item.add("ratings", ratings.isEmpty ? nil : ratings.joined(separator: "; "))
        return item
    }
}
