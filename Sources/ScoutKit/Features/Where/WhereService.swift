import FoundationEssentials

/// Where to watch a film: TMDb's watch providers (JustWatch's data) in a country, for `where`, the end of `show`
/// and the watchlist. A film of any source is found on TMDb by its TMDb id, else its IMDb id (`/3/find`), else
/// its title and year (`/3/search/movie`); each answer is kept in the response cache and fresh for a day.
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

    /// What is known of one film where it is watched.
    enum Answer: Equatable, Sendable {
        case offers(WatchOffers)
        /// TMDb knows the film and nothing of it in the country.
        case nothingIn(country: String)
        /// TMDb does not know the film.
        case unknown
    }

    /// TMDb, its answers fresh for a day; nil without a key (unless offline: the cache answers without one).
    func tmdb() -> TMDbSource? {
        var settings = wiring.settings()
        settings.cacheTTL = max(settings.cacheTTL, Self.freshness)
        guard let source = try? sources.source(named: "tmdb", settings: settings) as? TMDbSource,
            source.usable || source.fetcher.offline
        else { return nil }
        return source
    }

    /// The country `where` answers for: the one named, else `set country`'s.
    func country(_ named: String?) throws(UsageError) -> String {
        guard let named else { return wiring.settings().country.uppercased() }
        let code = named.uppercased()
        guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw UsageError("--country takes a two-letter country code, such as --country GB")
        }
        return code
    }

    /// TMDb's id of `film`: its own, else found by its IMDb id (`imdb`, or the one its id holds), else (TMDb
    /// not knowing that IMDb id either) by its title and year; nil when TMDb does not know it.
    func tmdbID(of film: LibraryFilm, imdb: String?, in tmdb: TMDbSource) async throws(SourceError) -> (
        tv: Bool, id: String
    )? {
        if let own = TMDbSource.tmdbID(ofItem: film.id) { return own }
        if let imdb = imdb ?? film.imdbID, let found = try await tmdb.find(imdb: imdb) { return found }
        return try await tmdb.match(title: film.title, year: film.year).map { (false, $0) }
    }

    /// Where `film` is watched in `country`.
    func answer(for film: LibraryFilm, imdb: String?, country: String, in tmdb: TMDbSource) async throws(SourceError)
        -> Answer
    {
        guard let (tv, id) = try await tmdbID(of: film, imdb: imdb, in: tmdb) else { return .unknown }
        guard let details = try await tmdb.title(id, tv: tv) else { return .unknown }
        guard let providers = details.object("watch/providers"),
            let offers = WatchOffers.decode(providers, country: country), !offers.offers.isEmpty
        else { return .nothingIn(country: country) }
        return .offers(offers)
    }

    /// The film `word` names, and its item where one is on screen: a row of the results or of a library listing,
    /// or an id. A series is one too (TMDb knows where series stream); a song or a restaurant is refused.
    func film(_ word: String) async throws -> (film: LibraryFilm, item: Item?) {
        let item: Item?
        if word.contains(":") {
            item = screen.item(known: word)
        } else if case .results = screen.numbers {
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
        return (try await library.film(word), nil)
    }

    /// `where N|ID [--country CC]`: where the film is watched, every way, as one view.
    func whereToWatch(_ word: String, country named: String?) async throws -> Output {
        let country = try country(named)
        let (film, item) = try await film(word)
        guard let tmdb = tmdb() else { throw UsageError(Self.noKey(film, item: item)) }
        let answer = try await wiring.waiting("asking TMDb") {
            try await self.answer(for: film, imdb: item?[field: "imdb"], country: country, in: tmdb)
        }
        return Output(showing: WhereView(film: film, country: country, answer: answer))
    }

    /// Without a TMDb key: what iTunes says of an iTunes film (its price), and how to get a key.
    static func noKey(_ film: LibraryFilm, item: Item?) -> String {
        let price = item.flatMap { $0.sourceName == "itunes" ? $0[field: "price"] : nil }
        return (price.map { "iTunes sells \(Text.brief(film.label)) for \($0); " } ?? "")
            + "where to watch needs a TMDb key: set TMDB_API_KEY (a free one comes from themoviedb.org/settings/api)"
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
            let answer = try await answer(for: film, imdb: imdb, country: country, in: tmdb)
            return (WhereView.lines(answer, country: country), nil)
        } catch .cancelled {
            return ([], nil)
        } catch {
            return ([], "where to watch it could not be asked of TMDb (\(error))")
        }
    }
}
