import FoundationEssentials

/// The library as a feature: the store (`library.jsonl`, an event log), which film `N` or an id names,
/// stars as they are shown, and writing events; its listings are in `LibraryService+Listings`. `diary`,
/// `ratings`, `watchlist`, `rate`, `seen`, `want`, `unwant`, `note`, `stats`, `import` and `export` are
/// handed it.
@MainActor final class LibraryService {
    let store: LibraryStore
    let wiring: ServiceWiring
    /// The rows on screen and the results, which `rate 3 4` and `seen movies:12` name films by.
    unowned let screen: any Screen
    /// A favourite is a film the library can name by its id.
    private let favourites: FavouritesService
    /// The entries the last diary listing of this run showed, by row: what `diary rm N` and `diary edit N`
    /// name (nil: none was shown, and N is a row as `diary` lists them).
    var listedEntries: [String]?
    /// The film with the ids TMDb knows it by besides its own (`WhereService.ids(of:)`).
    private let lookUpIDs: (LibraryFilm) async -> LibraryFilm

    init(
        wiring: ServiceWiring, screen: any Screen, favourites: FavouritesService,
        lookUpIDs: @escaping (LibraryFilm) async -> LibraryFilm = { $0 }
    ) {
        self.wiring = wiring
        self.screen = screen
        self.favourites = favourites
        self.lookUpIDs = lookUpIDs
        let paths = wiring.context.paths
        store = LibraryStore(
            url: paths.libraryFile, deviceFile: paths.deviceFile, indexFolder: paths.cache,
            store: wiring.context.fileStore, warn: wiring.warn)
    }

    /// The library as its events make it (the details, Tab's rows and where to watch read it).
    func library() throws -> Library { try store.library() }

    /// The film `word` names: a row of the listing on screen (the results, or the last diary, ratings,
    /// watchlist or fav listing), or an id that scout knows from the results, the selection, the
    /// favourites or the library (any id it knows the film by: `tmdb:550`, `tt0137523`).
    func film(_ word: String) async throws -> LibraryFilm {
        let word = TMDbSource.isIMDbID(word) ? OMDbSource.itemID(imdb: word) : word
        if word.contains(":") {
            if let item = screen.item(known: word) ?? favourites.favourite(word)?.item {
                return try await known(LibraryFilm(try Self.film(item)))
            }
            if let film = try store.library().film(named: word) { return try await known(film) }
            throw UsageError.notFound(
                "scout does not know \(Text.brief(word)): search for it first, then name it by its row")
        }
        let row = try CommandSpec.Positional.row(word)
        switch screen.numbers {
        case .films(let listing, let ids):
            guard row <= ids.count else {
                throw UsageError.notFound(
                    ids.isEmpty
                        ? "\(listing) shows no rows" : "there is no row \(row): \(listing) shows rows 1 to \(ids.count)"
                )
            }
            let id = ids[row - 1]
            if let film = try store.library().films[id] { return try await known(film) }
            if let favourite = favourites.favourite(id) {
                return try await known(LibraryFilm(try Self.film(favourite.item)))
            }
            throw UsageError.notFound("\(id) is no longer in \(listing): list it again")
        case .results:
            return try await known(LibraryFilm(try Self.film(try await screen.itemShown(atRow: row))))
        }
    }

    /// The item, when it is a film: the library (and Letterboxd) keep films, not restaurants, songs or books.
    /// Each source says which of its items are films (`SourceCapabilities.films`); a film an import added (a
    /// Letterboxd id) is one too.
    static func film(_ item: Item) throws(UsageError) -> Item {
        let kind = item[field: "kind"]
        let capabilities = SourceRegistry.capabilities(ofItemsIn: item.sourceName)
        if item.sourceName == "letterboxd" || capabilities?.films.hold(kind: kind) == true { return item }
        throw UsageError("\(what(item)): the library keeps films (search --in \(filmSources))")
    }

    /// What an item is, in words: `Sukiyabashi Jiro is a restaurant`, `Moby Dick is an ebook`.
    static func what(_ item: Item) -> String {
        let kind = item[field: "kind"]
        let capabilities = SourceRegistry.capabilities(ofItemsIn: item.sourceName)
        // What it is, in words: its kind (`a song`, `an ebook`), the one kind its source serves (`a restaurant`),
        // else its source.
        let what: String
        if let named = kind ?? capabilities.flatMap({ $0.kinds.count == 1 ? $0.kinds[0] : nil }) {
            let words = named.lowercased().replacing("-", with: " ")
            what = (words.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + words
        } else {
            what = "from \(item.sourceName)"
        }
        return "\(Text.brief(item.title)) is \(what)"
    }

    /// The sources whose items may be films, as a message names them: `movies, films, omdb or tmdb`.
    static let filmSources: String = {
        let names = SourceRegistry.names.filter { name in
            guard let capabilities = SourceRegistry.family(of: name)?.capabilities(name) else { return false }
            return capabilities.kinds.contains { capabilities.films.hold(kind: $0) }
        }
        return names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") : names.joined()
    }()

    /// The film as the library will hold it, with every id it is known by: under the id it lands on (the film
    /// TMDb knows by the same id, or the film of the same title and year it is one with), else the film the
    /// library has of the same folded title and year (an IMDb export's `omdb:tt0078748` for the catalog's Alien);
    /// one film, rated and logged once.
    func known(_ film: LibraryFilm) async throws -> LibraryFilm {
        let film = await lookUpIDs(film)
        var library = try store.library()
        if library.films[film.id] == nil, library.landing(of: film) == (film.id, nil),
            let id = library.film(matching: film), var known = library.films[id]
        {
            known.learn(film)
            return known
        }
        return library.films[library.adopt(film)] ?? film
    }

    /// `want` and `unwant`: the film onto the watchlist or off it, unless it is there or not already.
    func want(_ target: String, want: Bool) async throws -> Output {
        let film = try await film(target)
        var changed = false
        try record(want ? .want : .unwant, film) { library, event in
            changed = library.isWanted(film.id) != want
            if !want { event.removes = library.wantIDs(film.id) }
            return changed
        }
        var output = Output()
        switch (want, changed) {
        case (true, true): output.say("Added \(film.label) to the watchlist.")
        case (true, false): output.say("\(film.label) is already on the watchlist.")
        case (false, true): output.say("Took \(film.label) off the watchlist.")
        case (false, false): output.say("\(film.label) is not on the watchlist.")
        }
        output.json[want ? .added : .removed] = .int(changed ? 1 : 0)
        output.json[.id] = .string(film.id)
        return output
    }

    /// Stars as the library shows them: `★★★½`, or `3.5` on a terminal without such glyphs (TERM=dumb).
    func starText(_ stars: Double) -> String {
        if plainGlyphs { return stars == stars.rounded() ? String(Int(stars)) : String(stars) }
        return String(repeating: "★", count: Int(stars)) + (stars != stars.rounded(.down) ? "½" : "")
    }

    /// Whether the terminal is one to draw plain ASCII for (`TERM=dumb`): `#` bars, stars as numbers.
    var plainGlyphs: Bool { wiring.context.environment["TERM"] == "dumb" }

    /// Appends the event `make` gives for the film (nil: nothing to change), reading the library under the
    /// lock first.
    @discardableResult
    func record(
        _ op: LibraryEvent.Operation, _ film: LibraryFilm,
        _ make: (Library, inout LibraryEvent) throws -> Bool = { _, _ in true }
    ) throws -> Library {
        var after = Library()
        try store.update { library, device in
            after = library
            // What is asked of the library is asked of the film as it will be: one with those it lands on.
            _ = after.adopt(film)
            var event = LibraryEvent(device: device, time: wiring.context.now(), op: op, film: film)
            guard try make(after, &event) else { return [] }
            after.apply(event)
            return [event]
        }
        return after
    }
}
