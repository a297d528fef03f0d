import FoundationEssentials

/// Where to watch a film: TMDb's watch providers (JustWatch's data) in a country, for `where`, the end of `show`
/// and the watchlist. A film of any source is found on TMDb by its TMDb id, else its IMDb id (TMDb takes it in
/// place of its own, then `/3/find` for a series), else its title and year (`/3/search/movie`); each answer is
/// kept in the response cache and fresh for a day.
@MainActor final class WhereService {
    let wiring: ServiceWiring
    let sources: SourceRegistry
    /// The rows on screen and the results, which `where N` names films by.
    unowned let screen: any Screen
    let library: LibraryService

    init(wiring: ServiceWiring, sources: SourceRegistry, screen: any Screen, library: LibraryService) {
        (self.wiring, self.sources, self.screen, self.library) = (wiring, sources, screen, library)
    }

    /// How long an answer about where to watch is fresh: a day, as JustWatch's data changes.
    static let freshness = 86_400
    /// How many films of a watchlist are asked about at once (TMDb's pacer spaces their requests).
    nonisolated static let width = 8

    /// What is known of one film where it is watched.
    enum Answer: Equatable, Sendable {
        case offers(WatchOffers)
        /// TMDb knows the film and nothing of it in the country.
        case nothingIn(country: String)
        /// TMDb does not know the film.
        case unknown

        /// The services that stream it (by subscription, free or with ads), in order, each once.
        var streaming: [String] {
            guard case .offers(let offers) = self else { return [] }
            var seen: Set<String> = []
            return offers.offers.filter { $0.way.isStreaming && seen.insert($0.service).inserted }.map(\.service)
        }
    }

    /// TMDb, its answers fresh for a day (with `networkOnly`, every answer asked anew, as a watch asks); nil
    /// without a key (unless offline: the cache answers without one).
    func tmdb(networkOnly: Bool = false) -> TMDbSource? {
        var settings = wiring.settings()
        settings.cacheTTL = max(settings.cacheTTL, Self.freshness)
        settings.networkOnly = networkOnly
        guard let source = try? sources.source(named: "tmdb", settings: settings) as? TMDbSource,
            source.usable || source.fetcher.offline
        else { return nil }
        return source
    }

    /// The country `where` answers for: the one named, else `set country`'s.
    func country(_ named: String?) throws(UsageError) -> String {
        guard let named else { return wiring.settings().country.uppercased() }
        let code = named.uppercased()
        if code == "UK" { throw UsageError("the United Kingdom's code is GB (ISO 3166-1): use --country GB") }
        guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw UsageError("--country takes a two-letter country code, such as --country GB")
        }
        return code
    }

    /// TMDb's details of `film` with where it is watched: by its TMDb id (its id's, or the one the library learnt),
    /// else its IMDb id (`imdb`, or the one its id holds: as a film, then through `/3/find` for a series), else its
    /// title and year; nil when TMDb does not know it.
    nonisolated static func details(of film: LibraryFilm, imdb: String?, in tmdb: TMDbSource)
        async throws(SourceError) -> JSONFields?
    {
        if let (tv, id) = TMDbSource.tmdbID(ofItem: film.id) ?? film.tmdb.map({ (false, $0) }) {
            return try await tmdb.title(id, tv: tv)
        }
        if let imdb = imdb ?? film.imdbID {
            if let json = try await tmdb.title(imdb, tv: false) { return json }
            if let (tv, id) = try await tmdb.find(imdb: imdb), let json = try await tmdb.title(id, tv: tv) {
                return json
            }
        }
        guard let id = try await tmdb.match(title: film.title, year: film.year) else { return nil }
        return try await tmdb.title(id, tv: false)
    }

    /// The film with the ids TMDb knows it by: a TMDb film's IMDb id (it becomes `omdb:tt…`, as an OMDb result
    /// and an IMDb export name it) and a film of an IMDb id's TMDb id, from the details `show` and `where` ask for
    /// (one request, kept in the cache). The film as it was where TMDb has no key, cannot be reached or does not
    /// know it: its rating is not held up by a lookup, and the library joins the two when a later event says.
    func ids(of film: LibraryFilm) async -> LibraryFilm {
        guard film.isFilm, film.tmdbID == nil || film.imdbID == nil, let tmdb = tmdb() else { return film }
        var film = film
        if let tmdbID = film.tmdbID {
            let details = try? await tmdb.title(tmdbID, tv: false)
            if let imdb = details.flatMap(TMDbSource.imdbID), TMDbSource.isIMDbID(imdb) {
                film.id = OMDbSource.itemID(imdb: imdb)
                film.tmdb = tmdbID
            }
        } else if let imdb = film.imdbID, let details = try? await tmdb.title(imdb, tv: false) {
            film.tmdb = details.id("id")
        }
        return film
    }

    /// Where `film` is watched in `country`.
    nonisolated static func answer(for film: LibraryFilm, imdb: String?, country: String, in tmdb: TMDbSource)
        async throws(SourceError) -> Answer
    {
        guard let details = try await details(of: film, imdb: imdb, in: tmdb) else { return .unknown }
        return answer(from: details, country: country)
    }

    /// What TMDb's details of a film say of `country`.
    nonisolated static func answer(from details: JSONFields, country: String) -> Answer {
        guard let providers = details.object("watch/providers"),
            let offers = WatchOffers.decode(providers, country: country), !offers.offers.isEmpty
        else { return .nothingIn(country: country) }
        return .offers(offers)
    }

    /// Where each of `films` is watched in `country`, asked `width` at a time under TMDb's pacer; `done` hears
    /// how many have their answer after each. A film TMDb could not be asked about has its error.
    nonisolated static func answers(
        for films: [LibraryFilm], country: String, in tmdb: TMDbSource, done: @escaping @Sendable (Int) -> Void
    ) async -> [Result<Answer, SourceError>] {
        await withTaskGroup(of: (Int, Result<Answer, SourceError>).self) { group in
            var results = [Result<Answer, SourceError>](repeating: .failure(.cancelled), count: films.count)
            var next = 0
            var finished = 0
            func ask() {
                let index = next
                next += 1
                group.addTask {
                    do throws(SourceError) {
                        let answer = try await answer(for: films[index], imdb: nil, country: country, in: tmdb)
                        return (index, .success(answer))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            while next < min(width, films.count) { ask() }
            for await (index, result) in group {
                results[index] = result
                finished += 1
                done(finished)
                if next < films.count, !Task.isCancelled { ask() }
            }
            return results
        }
    }

    /// The film `word` names, and its item where one is on screen: a row of the results or of a library listing,
    /// or an id. A series is one too (TMDb knows where series stream); a song or a restaurant is refused.
    func film(_ word: String) async throws -> (film: LibraryFilm, item: Item?) {
        let item: Item?
        if word.contains(":") {
            item = screen.item(known: word)
        } else if case .results = screen.numbers, !word.hasPrefix("tt") {
            item = try await screen.itemShown(atRow: try CommandSpec.Positional.row(word))
        } else {
            item = nil
        }
        if let item {
            guard (try? LibraryService.film(item)) != nil || item[field: "kind"] == "series" else {
                throw UsageError("\(LibraryService.what(item)): where finds films and series")
            }
            return (LibraryFilm(item), item)
        }
        do {
            return (try await library.film(word), nil)
        } catch let error as UsageError {
            // An id TMDb can look up needs no search first: `tmdb:550`, `tmdb:tv:1399`, `omdb:tt0137523`, `tt0137523`.
            let id = word.hasPrefix("tt") ? OMDbSource.itemID(imdb: word) : word
            guard TMDbSource.tmdbID(ofItem: id) != nil || OMDbSource.imdb(ofItem: id).map(TMDbSource.isIMDbID) == true
            else {
                throw error
            }
            return (LibraryFilm(id: id, title: id), nil)
        }
    }

    /// `where N|ID [--country CC]`: where the film is watched, every way, as one view.
    func whereToWatch(_ word: String, country named: String?) async throws -> Output {
        let country = try country(named)
        let (known, item) = try await film(word)
        guard let tmdb = tmdb() else { return try await iTunesPrices(of: known, item: item, country: country) }
        let details = try await wiring.waiting("asking TMDb") {
            try await Self.details(of: known, imdb: item?[field: "imdb"], in: tmdb)
        }
        // A film named only by its id (`where tt0137523`) takes its title and year from TMDb.
        var film = known
        if film.title == film.id, let details, let found = TMDbSource.detail(details, tv: film.id.hasPrefix("tmdb:tv:"))
        {
            (film.title, film.year) = (found.title, found.year)
        }
        let answer = details.map { Self.answer(from: $0, country: country) } ?? .unknown
        // Nothing in a country TMDb does not know is a mistyped code, not a film without offers.
        if case .nothingIn = answer, let known = try? await tmdb.countries(), !known.isEmpty, known[country] == nil {
            throw UsageError("TMDb knows no country \(country): --country takes an ISO 3166-1 code, such as GB or FR")
        }
        return Output(showing: WhereView(film: film, country: country, answer: answer))
    }

    /// How to get a TMDb key, which where to watch on every service needs.
    static let noKey = "set tmdb-key KEY (a free one comes from themoviedb.org/settings/api)"

    /// Without a TMDb key, what can be said all the same: the iTunes Store's prices to rent and buy the film in
    /// the country (its own film, or one of the same title and year), and how to get a key for every service.
    func iTunesPrices(of film: LibraryFilm, item: Item?, country: String) async throws -> Output {
        let needsKey = "where to watch needs a TMDb key: \(Self.noKey)"
        guard film.isFilm, item?[field: "kind"] != "series", Settings.isStoreCountry(country.lowercased()) else {
            throw SourceError.notConfigured(needsKey)
        }
        var settings = wiring.settings()
        settings.country = country
        guard let store = try? sources.source(named: "films", settings: settings) as? ITunesSource else {
            throw SourceError.notConfigured(needsKey)
        }
        let prices: ITunesSource.FilmPrices?
        do {
            prices = try await wiring.waiting("asking iTunes") {
                try await store.filmPrices(
                    id: item?.sourceName == "itunes" ? item?.id : nil, title: film.title, year: film.year)
            }
        } catch let error as SourceError {
            throw SourceError.notConfigured("iTunes could not be asked (\(error)); \(needsKey)")
        }
        guard let prices else {
            throw SourceError.notConfigured(
                "iTunes has no price for \(Text.brief(film.label)) in \(country); \(needsKey)")
        }
        var output = Output(
            showing: WhereView(film: film, country: country, answer: .offers(.init(country: country, iTunes: prices))))
        output.say("Every other service needs a TMDb key: \(Self.noKey).")
        return output
    }

    /// The lines `show` ends with for a film: where it is watched in the settings' country, as `where` says
    /// it; none when it is not a film, TMDb has no key, or TMDb could not be asked (said as a warning).
    func lines(for item: Item) async -> (lines: [(label: String, value: String)], problem: String?) {
        guard let film = try? LibraryService.film(item) else { return ([], nil) }
        return await lines(for: LibraryFilm(film), imdb: item[field: "imdb"])
    }

    /// The same for a film of the library.
    func lines(for film: LibraryFilm, imdb: String?) async -> (
        lines: [(label: String, value: String)], problem: String?
    ) {
        guard let tmdb = tmdb(), film.isFilm else { return ([], nil) }
        let country = wiring.settings().country.uppercased()
        do {
            let answer = try await Self.answer(for: film, imdb: imdb, country: country, in: tmdb)
            return (WhereView.lines(answer, country: country), nil)
        } catch .cancelled {
            return ([], nil)
        } catch {
            return ([], "where to watch it could not be asked of TMDb (\(error))")
        }
    }

    // MARK: Your services and the watchlist

    /// `set services`' names.
    var services: StreamingServices { StreamingServices(wiring.settings().services) }

    /// What `set services NAMES` adds: the names that match no service TMDb knows in the country, with the
    /// nearest, when TMDb can say (its list is asked once a day); nothing without a key or offline.
    func checkServices(_ services: StreamingServices) async -> String? {
        guard !services.names.isEmpty, let tmdb = tmdb(), tmdb.usable else { return nil }
        let country = wiring.settings().country.uppercased()
        guard let known = try? await tmdb.services(in: country), !known.isEmpty else { return nil }
        let unknown = services.unknown(among: known)
        guard !unknown.isEmpty else { return nil }
        let named = unknown.map { "\"\($0.name)\"" + ($0.nearest.map { " (did you mean \($0)?)" } ?? "") }
        return "TMDb knows no service in \(country) called \(named.joined(separator: " or ")): "
            + (unknown.count == 1 ? "it is kept, and matches" : "they are kept, and match")
            + " nothing until a service of that name streams there"
    }

    /// The services TMDb knows in the settings' country, as Tab offers them for `set services` (spaces dropped:
    /// `disneyplus`), from the cache alone; before TMDb's list was first asked (by `set services`), the services
    /// most people have.
    func cachedServiceNames() -> [String] {
        guard let known = tmdb()?.cachedServices(in: wiring.settings().country) else { return Self.commonServices }
        return known.map { StreamingServices.words($0).joined() }
    }

    static let commonServices = [
        "netflix", "amazonprimevideo", "disneyplus", "max", "hulu", "appletvplus", "paramountplus", "peacock", "mubi",
        "crunchyroll", "criterionchannel",
    ]

    /// `watchlist --streaming` (`only`: the films that stream on one of your services, with them) or
    /// `--where` (every film, with where it streams): each film asked side by side, a progress line meanwhile.
    func watchlist(streamingOnly: Bool) async throws -> Output {
        let (films, results, country) = try await askAboutTheWatchlist(networkOnly: false)
        guard !films.isEmpty else { return try self.library.watchlist() }
        let (mine, total) = (services, films.count)
        try Task.checkCancellation()
        var column: [String: String] = [:]
        var streams: [String: [String]] = [:]
        var failed: [String] = []
        for (film, result) in zip(films, results) {
            switch result {
            case .success(let answer):
                let streaming = answer.streaming
                let yours = mine.names.isEmpty ? streaming : mine.theirs(among: streaming)
                streams[film.id] = streamingOnly ? yours : streaming
                column[film.id] = streamingOnly ? "on " + yours.joined(separator: ", ") : Self.column(answer)
            case .failure(.cancelled):
                throw SourceError.cancelled
            case .failure(let error):
                failed.append(error.description)
                column[film.id] = "not known: TMDb could not be asked"
            }
        }
        let shown = streamingOnly ? Set(streams.filter { !$0.value.isEmpty }.keys) : nil
        var output = try self.library.watchlist(
            column: column, streaming: streams, only: shown,
            empty: "None of the \(total) films on the watchlist streams "
                + (mine.names.isEmpty ? "in \(country) now." : "on your services in \(country) now (\(mine.list)).")
        )
        if streamingOnly, mine.names.isEmpty, shown?.isEmpty == false {
            output.say("On any service in \(country): set services NAME, … keeps to yours.")
        }
        if let first = failed.first {
            output.warn("TMDb could not be asked about \(failed.count) of the films (\(first)): try again later")
        }
        if shown?.isEmpty != true { output.say("Where to watch: \(WatchOffers.justWatch).") }
        return output
    }

    /// What `watch streaming` and `check` see: each watchlist film that streams now on one of your services (on
    /// any, without `set services`), an item a film and service (`omdb:tt0137523@Netflix`), and each film's
    /// label, to name one that has gone. TMDb is asked anew, as every watch asks its source. A film TMDb could not
    /// be asked about fails the look: a check that half looked would say films left that did not.
    func streamingNow() async throws -> StreamingLook {
        let (films, results, country) = try await askAboutTheWatchlist(networkOnly: true)
        let mine = services
        var look = StreamingLook(country: country, services: mine.list, items: [], films: [:])
        for (film, result) in zip(films, results) {
            let streaming = try result.get().streaming
            look.films[film.id] = film
            for service in mine.names.isEmpty ? streaming : mine.theirs(among: streaming) {
                var item = Item(id: StreamingLook.id(film: film.id, service: service), title: film.title)
                item.add("year", film.year.map(String.init))
                item.add("on", service)
                look.items.append(item)
            }
        }
        return look
    }

    /// Where each film of the watchlist is watched in the settings' country, asked side by side with a progress
    /// line meanwhile (with `networkOnly`, every answer anew); no key is one line that says how to get one.
    private func askAboutTheWatchlist(networkOnly: Bool) async throws -> (
        films: [LibraryFilm], results: [Result<Answer, SourceError>], country: String
    ) {
        guard let tmdb = tmdb(networkOnly: networkOnly) else {
            throw SourceError.notConfigured("where to watch needs a TMDb key: \(Self.noKey)")
        }
        let library = try self.library.library()
        let films = library.watchlist.compactMap { library.films[$0.film] }
        let country = wiring.settings().country.uppercased()
        let (progress, total) = (wiring.context.progress, films.count)
        let results = await Self.answers(for: films, country: country, in: tmdb) { done in
            progress?("asking TMDb: \(done) of \(total) films")
        }
        progress?(nil)
        return (films, results, country)
    }

    /// What `watchlist --where` says of a film: where it streams, else where it is rented or bought.
    static func column(_ answer: Answer) -> String {
        switch answer {
        case .offers(let offers):
            let streaming = answer.streaming
            if !streaming.isEmpty { return "stream: " + streaming.joined(separator: ", ") }
            let other = (offers.services(.rent) + offers.services(.buy)).reduce(into: [String]()) {
                if !$0.contains($1) { $0.append($1) }
            }
            return "rent or buy: " + other.prefix(3).joined(separator: ", ") + (other.count > 3 ? "…" : "")
        case .nothingIn(let country): return "nowhere known in \(country)"
        case .unknown: return "not known to TMDb"
        }
    }
}
