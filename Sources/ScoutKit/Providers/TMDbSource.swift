import FoundationEssentials

/// TMDb, The Movie Database (API v3): `/3/search/movie` and `/3/search/tv` (20 a page, a count, at most 500
/// pages), a film or a series by `/3/movie/ID` and `/3/tv/ID` with its credits and external ids appended (one
/// request), its poster at the image address `/3/configuration` gives.
///
/// The key goes as `api_key` (a v3 key, `TMDB_API_KEY`) or as a bearer token (v4's read access token,
/// `TMDB_READ_ACCESS_TOKEN`); neither is part of a cached answer's key, a log line or anything said.
public struct TMDbSource: Source {
    public static let pageSize = 20
    /// TMDb answers no page past 500.
    public static let maxPages = 500
    /// What `--type` takes: films, or series (TMDb's `tv`).
    public static let types = ["movie", "tv"]
    /// The kinds its items come back as, as OMDb says them: a film, a series.
    static let kinds = ["movie", "series"]

    /// The variable that names a server answering for TMDb instead (the tests' fixture server).
    static let urlVariable = "SCOUT_TMDB_URL"
    /// The variables that hold the key: a v3 API key, else a v4 read access token.
    static let keyVariable = "TMDB_API_KEY"
    static let tokenVariable = "TMDB_READ_ACCESS_TOKEN"

    /// What TMDb's terms ask a product that uses its API to say.
    public static let notice = "This product uses the TMDB API but is not endorsed or certified by TMDB."

    /// One source, ids `tmdb:550` (a film) and `tmdb:tv:1399` (a series), pages of 20 with a count, details and
    /// posters. Its requests are paced at 40 a second, 4 each 100 ms (TMDb's limit is about 50).
    public static let family = SourceFamily(
        names: ["tmdb"], urlVariable: urlVariable, searchOptions: searchOptions, notice: notice,
        capabilities: { _ in
            SourceCapabilities(
                kinds: kinds, paging: .paged(size: pageSize, maxPages: maxPages), lookup: true, artwork: true,
                idPrefix: "tmdb", films: .kinds(["movie"]))
        },
        make: { name, registry, settings in
            name == "tmdb"
                ? TMDbSource(
                    base: registry.context.serviceURL(urlVariable) ?? defaultBase,
                    credential: Credential(registry.context.environment) ?? settings.tmdbKey.map(Credential.saved),
                    fetcher: registry.fetcher(settings, pacer: registry.shared { Pacing() }.pacer)) : nil
        })

    /// Where TMDb answers, unless `SCOUT_TMDB_URL` says otherwise.
    static let defaultBase = URL(string: "https://api.themoviedb.org") ?? URL(fileURLWithPath: "/")

    /// TMDb's pacer, one a run, apart from iTunes' (the registry shares one value of each type): 40 requests a
    /// second, spread evenly rather than in a burst each second.
    final class Pacing {
        let pacer = Pacer(limit: 4, window: .milliseconds(100))
    }

    /// How scout proves itself to TMDb.
    enum Credential: Equatable {
        /// A v3 API key, sent as `api_key`.
        case key(String)
        /// A v4 read access token, sent as `Authorization: Bearer`.
        case token(String)

        /// `TMDB_API_KEY`, else `TMDB_READ_ACCESS_TOKEN`; nil when neither is set.
        init?(_ environment: [String: String]) {
            if let key = environment[keyVariable]?.trimmedSpaces(), !key.isEmpty {
                self = .key(key)
            } else if let token = environment[tokenVariable]?.trimmedSpaces(), !token.isEmpty {
                self = .token(token)
            } else {
                return nil
            }
        }

        /// `set tmdb-key`'s: a v3 key, or a read access token (a JSON web token: dotted parts).
        case saved(String)

        /// The key or token itself.
        var value: String {
            switch self {
            case .key(let value), .token(let value), .saved(let value): value
            }
        }

        /// Where it came from, as a message names it.
        var variable: String {
            switch self {
            case .key: TMDbSource.keyVariable
            case .token: TMDbSource.tokenVariable
            case .saved: "set tmdb-key"
            }
        }

        /// What it is, as a message names it.
        var noun: String {
            switch self {
            case .key: "API key"
            case .token: "read access token"
            case .saved(let saved): saved.contains(".") ? "read access token" : "API key"
            }
        }

        /// How it goes: a key as `api_key`, a token as a bearer token.
        var sent: (key: String?, token: String?) {
            switch self {
            case .key(let key): (key, nil)
            case .token(let token): (nil, token)
            case .saved(let saved): saved.contains(".") ? (nil, saved) : (saved, nil)
            }
        }
    }

    let base: URL
    let credential: Credential?
    let fetcher: CachingFetcher

    init(base: URL, credential: Credential?, fetcher: CachingFetcher) {
        self.base = base
        self.credential = credential
        self.fetcher = fetcher
    }

    public var name: String { "tmdb" }
    public var selection: SelectionMode { .multiple }
    public var columns: [String] { ["year", "rating"] }

    public var origin: String { usable ? "TMDb at \(base.absoluteString)" : "TMDb: " + Self.noKey }
    /// Whether it has a key to send.
    public var usable: Bool { credential != nil }
    public var searchHint: String { SourceFamily.searchHint(Self.searchOptions, spelled: ["--type": Self.types]) }

    static let noKey =
        "no API key (set tmdb-key KEY, or TMDB_API_KEY; a free one comes from themoviedb.org/settings/api)"
    static let missingKey =
        "TMDb needs an API key: set tmdb-key KEY (or TMDB_API_KEY); a free one comes from themoviedb.org/settings/api"

    public static let searchOptions: [CommandSpec.Option] = [
        .init("--type", value: "T", help: "movie or tv", values: .words(types), sources: ["tmdb"], owner: "tmdb"),
        .init("--year", value: "YYYY", help: "that year only", sources: ["tmdb"], owner: "tmdb"),
    ]

    public func validate(_ query: SearchQuery) throws(UsageError) {
        if let type = query.options["type"], !Self.types.contains(type.lowercased()) {
            throw UsageError("--type takes movie or tv in tmdb, such as --type tv")
        }
        if let year = query.options["year"] {
            guard let value = Int(year), (1850...2200).contains(value) else {
                throw UsageError("--year takes a year from 1850 to 2200, such as --year 1982")
            }
        }
        for option in query.options.keys where !["type", "year"].contains(option) {
            throw UsageError("--\(option) does not apply to tmdb: it takes --type and --year")
        }
        guard !query.terms.trimmedSpaces().isEmpty else { throw UsageError("tmdb needs words to search for") }
    }

    public func search(_ query: SearchQuery, page: Int) async throws(SourceError) -> ResultPage {
        let tv = query.options["type"]?.lowercased() == "tv"
        var items = [(name: "query", value: query.terms)]
        if let year = query.options["year"] { items.append((tv ? "first_air_date_year" : "year", year)) }
        items.append(("page", String(page)))
        guard let answer = try await get(tv ? "search/tv" : "search/movie", items, asking: "the search") else {
            return ResultPage(items: [], total: 0)
        }
        let (results, total, pages) = try Self.decodeSearch(answer.body, tv: tv)
        let reachable = min(total, Self.maxPages * Self.pageSize)
        return ResultPage(
            items: results, total: reachable, hasMore: page < min(pages, Self.maxPages), note: answer.note)
    }

    public func details(of item: Item) async throws(SourceError) -> Item {
        guard let (tv, id) = Self.tmdbID(ofItem: item.id) else { return item }
        guard let json = try await title(id, tv: tv) else {
            throw .rejected("TMDb does not know that \(tv ? "series" : "film"): search again, it may have been removed")
        }
        guard var detail = Self.detail(json, tv: tv) else {
            throw .undecodable(what: "TMDb's answer", reason: "no id or title")
        }
        if let path = json.text("poster_path") { detail.add("poster", await imageBase() + path) }
        return detail
    }

    /// What a film's or a series' details are asked with: its credits, its ids elsewhere and where it is watched,
    /// appended in the one request that `show` and `where` share (the second is answered by the cache).
    static let appended = "credits,external_ids,watch/providers"

    /// TMDb's film `id` (or series, with `tv`) with what `appended` names; nil when TMDb does not know it (404,
    /// `status_code` 34). A film may be named by its IMDb id (`tt0137523`), as TMDb takes it: one request where
    /// `/3/find` and then the film would be two.
    func title(_ id: String, tv: Bool) async throws(SourceError) -> JSONFields? {
        let digits = id.hasPrefix("tt") && !tv ? id.dropFirst(2) : Substring(id)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let answer = try await get(
            (tv ? "tv/" : "movie/") + id, [("append_to_response", Self.appended)],
            asking: tv ? "that series" : "that film", absent: true)
        guard let answer else { return nil }
        guard let json = JSONFields(try Self.parse(answer.body)) else {
            throw .undecodable(what: "TMDb's answer", reason: "not an object")
        }
        return json
    }

    /// The names of the services TMDb knows films on in `country` (`/3/watch/providers/movie`), in its display
    /// order there.
    func services(in country: String) async throws(SourceError) -> [String] {
        let answer = try await get(
            "watch/providers/movie", [("watch_region", country.uppercased())], asking: "its list of services")
        return Self.services(answer.flatMap { try? Self.parse($0.body) }, country: country)
    }

    /// The same from the response cache alone, at once, whatever its age (what Tab offers); nil when it holds none.
    func cachedServices(in country: String) -> [String]? {
        guard let request = request("watch/providers/movie", [("watch_region", country.uppercased())]),
            let body = fetcher.cached(request.cacheKey)
        else { return nil }
        return Self.services(try? Self.parse(body), country: country)
    }

    /// The services of a `watch/providers/movie` answer, by their priority in `country` (`display_priorities`
    /// where the answer lists every country's, else `display_priority`), each name once.
    static func services(_ answer: JSONAnswer?, country: String) -> [String] {
        let listed = (answer.flatMap(JSONFields.init)?.array("results") ?? []).compactMap(JSONFields.init)
        var seen: Set<String> = []
        return listed.enumerated().compactMap { index, service -> (Double, Int, String)? in
            guard let name = service.text("provider_name") else { return nil }
            let priority =
                service.object("display_priorities")?.number(country.uppercased())
                ?? (service.object("display_priorities") == nil ? service.number("display_priority") : nil)
            guard let priority else { return nil }
            return (priority, index, oneLine(name))
        }
        .sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2).filter { seen.insert($0).inserted }
    }

    /// The countries TMDb knows (`/3/configuration/countries`), by ISO 3166-1 code (`GB`): their English names.
    func countries() async throws(SourceError) -> [String: String] {
        guard let answer = try await get("configuration/countries", [], asking: "its list of countries"),
            case .array(let listed) = try Self.parse(answer.body)
        else { return [:] }
        var countries: [String: String] = [:]
        for country in listed.compactMap(JSONFields.init) {
            guard let code = country.text("iso_3166_1") else { continue }
            countries[code.uppercased()] = country.text("english_name").map(Self.oneLine) ?? code
        }
        return countries
    }

    /// Whether `id` reads as an IMDb title id: `tt` and digits.
    static func isIMDbID(_ id: String) -> Bool {
        id.hasPrefix("tt") && id.count > 2 && id.dropFirst(2).allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The TMDb title IMDb knows as `imdb` (`/3/find`): its film, else its series; nil when TMDb has neither.
    func find(imdb: String) async throws(SourceError) -> (tv: Bool, id: String)? {
        guard Self.isIMDbID(imdb) else { return nil }
        let answer = try await get(
            "find/" + imdb, [("external_source", "imdb_id")], asking: "that IMDb id", absent: true)
        guard let answer, let json = JSONFields(try Self.parse(answer.body)) else { return nil }
        for (key, tv) in [("movie_results", false), ("tv_results", true)] {
            if let id = json.array(key)?.first.flatMap(JSONFields.init)?.id("id") { return (tv, id) }
        }
        return nil
    }

    /// TMDb's film of this title and year, found by a search of its title: the result of the same folded title (or
    /// original title) and year, else one a year apart (a festival's year against a release's); with no year, the
    /// first of the same title. Nil when none is.
    func match(title: String, year: Int?) async throws(SourceError) -> String? {
        guard !title.trimmedSpaces().isEmpty else { return nil }
        let answer = try await get("search/movie", [("query", title), ("page", "1")], asking: "the search")
        guard let answer else { return nil }
        let folded = Text.fold(title)
        let same = try Self.decodeSearch(answer.body).items.filter {
            Text.fold($0.title) == folded || $0[field: "original title"].map(Text.fold) == folded
        }
        let pick =
            year.map { year in
                same.first { $0.year == year } ?? same.first { $0.year.map { abs($0 - year) == 1 } ?? false }
            } ?? same.first
        return pick.flatMap { Self.tmdbID(ofItem: $0.id)?.id }
    }

    /// The address posters are asked at, with its size: `/3/configuration`'s secure base and its poster size
    /// nearest 342 pixels wide, read through the cache; TMDb's documented default when it cannot be had.
    func imageBase() async -> String {
        guard let answer = try? await get("configuration", [], asking: "its configuration"),
            let root = try? Self.parse(answer.body), let json = JSONFields(root)
        else { return Self.defaultImageBase }
        return Self.imageBase(json) ?? Self.defaultImageBase
    }

    static let defaultImageBase = "https://image.tmdb.org/t/p/w342"

    static func imageBase(_ configuration: JSONFields) -> String? {
        guard let images = configuration.object("images"),
            let base = images.text("secure_base_url") ?? images.text("base_url"), base.hasPrefix("http")
        else { return nil }
        let widths = images.names("poster_sizes").compactMap { size in
            size.hasPrefix("w") ? Int(size.dropFirst()).map { (size, $0) } : nil
        }
        guard let size = widths.min(by: { abs($0.1 - 342) < abs($1.1 - 342) })?.0 else { return nil }
        return (base.hasSuffix("/") ? base : base + "/") + size
    }

    /// One answer from TMDb, with the credential sent but never kept: the cache's key is the address without it.
    /// Throttled (429) with a short `Retry-After`, it waits as asked once and asks again. With `absent`, an answer
    /// that TMDb has nothing there (404, `status_code` 34) is nil rather than an error.
    private func get(
        _ path: String, _ items: [(name: String, value: String)], asking what: String, absent: Bool = false
    )
        async throws(SourceError) -> FetchedAnswer?
    {
        // Offline, no key is needed: nothing is sent.
        guard credential != nil || fetcher.offline else { throw .notConfigured(Self.missingKey) }
        guard let (url, cacheKey, headers) = request(path, items) else {
            throw .notConfigured("\(Self.urlVariable) is not a usable URL")
        }
        let kept: Set<Int> = absent ? [200, 404] : [200]
        var answer = try await fetcher.get(url, service: "TMDb", cacheKey: cacheKey, headers: headers, kept: kept)
        if answer.status == 429, let wait = answer.retryAfter.flatMap({ Int($0) }), (0...10).contains(wait) {
            do { try await Task.sleep(for: .seconds(wait)) } catch { throw .cancelled }
            answer = try await fetcher.get(url, service: "TMDb", cacheKey: cacheKey, headers: headers, kept: kept)
        }
        if absent, answer.status == 404,
            (try? Self.parse(answer.body)).flatMap(JSONFields.init)?.number("status_code") == 34
        {
            return nil
        }
        try Self.check(answer, credential: credential, asking: what)
        return answer
    }

    /// The address of a request with the credential in it, the key its answer is cached under (the address
    /// without it), and the headers that carry a token.
    private func request(_ path: String, _ items: [(name: String, value: String)]) -> (
        url: URL, cacheKey: String, headers: [String]
    )? {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        let prefix = components.map { $0.path.hasSuffix("/") ? String($0.path.dropLast()) : $0.path } ?? ""
        components?.path = prefix + "/3/" + path
        components?.percentEncodedQuery = items.isEmpty ? nil : QueryString.make(items)
        let cacheKey = components?.url?.absoluteString
        var headers: [String] = []
        if let key = credential?.sent.key {
            components?.percentEncodedQuery = QueryString.make(items + [("api_key", key)])
        }
        if let token = credential?.sent.token { headers = ["Authorization: Bearer \(token)"] }
        guard let url = components?.url, let cacheKey else { return nil }
        return (url, cacheKey, headers)
    }

    static func parse(_ body: Data) throws(SourceError) -> JSONAnswer {
        try JSONFields.parse(body, from: "TMDb")
    }

    /// TMDb's errors as lines a user can act on: its `status_code` says which (7 a bad key, 34 nothing there,
    /// 25 too many requests), a validation error lists what was wrong, and a status without a body is the
    /// server's own.
    static func check(_ answer: FetchedAnswer, credential: Credential?, asking what: String) throws(SourceError) {
        guard answer.status != 200 else { return }
        let json = (try? parse(answer.body)).flatMap(JSONFields.init)
        let code = json?.number("status_code").map(Int.init)
        switch (answer.status, code) {
        case (401, _) where code == 7 || code == 3 || code == 10:
            throw .rejected(
                "TMDb says the \(credential?.noun ?? "API key") in \(credential?.variable ?? keyVariable) is invalid: "
                    + "set it to the one on themoviedb.org/settings/api")
        case (404, 34):
            throw .rejected("TMDb does not know \(what): search again, it may have been removed")
        case (429, _), (_, 25):
            throw .throttled(service: "TMDb", retryAfter: answer.retryAfter)
        case (400, _), (422, _):
            let errors = json.map { $0.names("errors") } ?? []
            let said = errors.isEmpty ? json?.text("status_message") : errors.joined(separator: "; ")
            throw .rejected("TMDb refused \(what)\(said.map { ": \(oneLine($0))" } ?? ""); check the terms and options")
        case (401, _), (403, _):
            let said = json?.text("status_message").map { ": \(oneLine($0))" } ?? ""
            throw .rejected(
                "TMDb refused the request (HTTP \(answer.status))\(said); check \(credential?.variable ?? keyVariable)")
        default:
            throw .http(status: answer.status, url: "TMDb")
        }
    }

    /// A message from the server on one line, cut to 120 characters.
    static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 120 ? line.prefix(119) + "…" : line
    }

    /// The items of a search page, TMDb's count of all results and of its pages.
    public static func decodeSearch(_ body: Data, tv: Bool = false) throws(SourceError) -> (
        items: [Item], total: Int, pages: Int
    ) {
        let root = try parse(body)
        guard let json = JSONFields(root), let list = json.array("results") else {
            throw .undecodable(what: "TMDb's answer", reason: "no results list")
        }
        let items = list.compactMap { JSONFields($0).flatMap { summary($0, tv: tv) } }
        let total = json.number("total_results").map(Int.init) ?? items.count
        return (items, total, json.number("total_pages").map(Int.init) ?? 1)
    }

    /// The id scout gives TMDb's film 550 (`tmdb:550`) and series 1399 (`tmdb:tv:1399`).
    static func itemID(_ id: String, tv: Bool) -> String { tv ? "tmdb:tv:" + id : "tmdb:" + id }

    /// Whether an item id `itemID` made names a series, and TMDb's id in it; nil for any other id.
    static func tmdbID(ofItem id: String) -> (tv: Bool, id: String)? {
        guard id.hasPrefix("tmdb:") else { return nil }
        let rest = id.dropFirst(5)
        let tv = rest.hasPrefix("tv:")
        let number = tv ? rest.dropFirst(3) : rest
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber } ? (tv, String(number)) : nil
    }

    static func summary(_ json: JSONFields, tv: Bool) -> Item? {
        guard let id = json.id("id"), let title = json.text(tv ? "name" : "title") ?? json.text("title") else {
            return nil
        }
        var item = Item(
            id: itemID(id, tv: tv), title: title, url: "https://www.themoviedb.org/\(tv ? "tv" : "movie")/\(id)")
        item.add("year", json.text(tv ? "first_air_date" : "release_date").map { String($0.prefix(4)) })
        item.add("kind", tv ? "series" : "movie")
        // No votes, no rating: TMDb's 0 then means nobody voted.
        if let rating = json.number("vote_average"), (json.number("vote_count") ?? 0) > 0, rating > 0 {
            item.add("rating", Text.decimal(rating, places: 1))
        }
        if let original = json.text(tv ? "original_name" : "original_title"), original != title {
            item.add("original title", original)
        }
        return item
    }

    /// A `/3/movie/ID` or `/3/tv/ID` answer with `credits` and `external_ids` appended: what a film lover reads.
    /// Every field but the id and the title may be missing, null or empty.
    static func detail(_ json: JSONFields, tv: Bool) -> Item? {
        guard var item = summary(json, tv: tv) else { return nil }
        let runtime = tv ? (json.array("episode_run_time") ?? []).first.flatMap(number) : json.number("runtime")
        if let runtime, runtime > 0 { item.add("runtime", "\(Int(runtime)) min") }
        let genres = json.names("genres")
        item.add("genre", genres.isEmpty ? nil : genres.joined(separator: ", "))
        let credits = json.object("credits")
        let crew = (credits?.array("crew") ?? []).compactMap(JSONFields.init)
        let directors = crew.filter { $0.text("job") == "Director" }.compactMap { $0.text("name") }
        item.add("director", directors.isEmpty ? nil : unique(directors).joined(separator: ", "))
        let creators = json.names("created_by")
        item.add("creator", creators.isEmpty ? nil : creators.joined(separator: ", "))
        let cast = (credits?.array("cast") ?? []).compactMap(JSONFields.init)
            .sorted { ($0.number("order") ?? .infinity) < ($1.number("order") ?? .infinity) }
            .prefix(5).compactMap { $0.text("name") }
        item.add("actors", cast.isEmpty ? nil : cast.joined(separator: ", "))
        if tv, let seasons = json.number("number_of_seasons"), seasons > 0 { item.add("seasons", "\(Int(seasons))") }
        item.add("released", json.text(tv ? "first_air_date" : "release_date"))
        item.add("tagline", json.text("tagline"))
        item.add("plot", json.text("overview"))
        if let votes = json.number("vote_count"), votes > 0 { item.add("votes", Text.grouped(Int(votes))) }
        item.add("imdb", imdbID(in: json).flatMap { $0.hasPrefix("tt") ? $0 : nil })
        return item
    }

    /// The IMDb id a film's details give, as they are: its own `imdb_id`, else its appended `external_ids`'.
    static func imdbID(in details: JSONFields) -> String? {
        details.text("imdb_id") ?? details.object("external_ids")?.text("imdb_id")
    }

    private static func number(_ value: JSONAnswer) -> Double? {
        switch value {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
