import FoundationEssentials

/// What the numbers on screen name (`ShellState.rowsOnScreen`).
enum RowsOnScreen: Equatable {
    case results
    /// The films of a listing, by row: `listing` names it in errors (`the diary`).
    case films(listing: String, ids: [String])
}

/// The library's shared operations: which film `N` or an id names, reading stars, and writing events.
extension ShellState {
    /// The film `word` names: a row of the listing on screen (the results, or the last diary, ratings,
    /// watchlist or fav listing), or an id that scout knows from the results, the selection, the
    /// favourites or the library.
    func libraryFilm(_ word: String) async throws -> LibraryFilm {
        if word.contains(":") {
            if let item = results.items.first(where: { $0.id == word })
                ?? session.selections.first(where: { $0.id == word })
                ?? favourites.all().first(where: { $0.id == word })?.item
            {
                return try known(LibraryFilm(try Self.film(item)))
            }
            if let film = try library.library().films[word] { return film }
            throw UsageError.notFound(
                "scout does not know \(Text.brief(word)): search for it first, then name it by its row")
        }
        let row = try CommandSpec.Arguments.row(word)
        switch rowsOnScreen {
        case .films(let listing, let ids):
            guard row <= ids.count else {
                throw UsageError.notFound(
                    ids.isEmpty
                        ? "\(listing) shows no rows" : "there is no row \(row): \(listing) shows rows 1 to \(ids.count)"
                )
            }
            let id = ids[row - 1]
            if let film = try library.library().films[id] { return film }
            if let favourite = favourites.all().first(where: { $0.id == id }) {
                return LibraryFilm(try Self.film(favourite.item))
            }
            throw UsageError.notFound("\(id) is no longer in \(listing): list it again")
        case .results:
            if let problem = try await prepareResults(upTo: row) { warnings.add(problem) }
            return try known(LibraryFilm(try Self.film(try item(atRow: row))))
        }
    }

    /// The item, when it is a film: the library (and Letterboxd) keep films, not restaurants, songs or books.
    static func film(_ item: Item) throws(UsageError) -> Item {
        switch item.sourceName {
        case "movies", "omdb", "letterboxd": return item
        case "itunes" where item[field: "kind"] == "feature-movie": return item
        case "itunes":
            let kind = (item[field: "kind"] ?? "item").replacing("-", with: " ")
            let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            throw UsageError(
                "\(Text.brief(item.title)) is \(article) \(kind): the library keeps films (search --in films or "
                    + "--in omdb)")
        default:
            throw UsageError(
                "\(Text.brief(item.title)) is from \(item.sourceName): the library keeps films (search --in movies, "
                    + "films or omdb)")
        }
    }

    /// The film the library already has under another id (the same folded title and year: an IMDb export's
    /// `omdb:tt0078748` for the catalog's Alien), else `film`: one film, rated and logged once.
    func known(_ film: LibraryFilm) throws -> LibraryFilm {
        let library = try library.library()
        guard library.films[film.id] == nil, let id = library.film(matching: film), var known = library.films[id] else {
            return film
        }
        known.learn(film)
        return known
    }

    /// `want` and `unwant`: the film onto the watchlist or off it, unless it is there or not already.
    func changeWatchlist(_ target: String, want: Bool) async throws -> Output {
        let film = try await libraryFilm(target)
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
        output.json[want ? "added" : "removed"] = .int(changed ? 1 : 0)
        output.json["id"] = .string(film.id)
        return output
    }

    /// Stars as the library shows them: `★★★½`, or `3.5` on a terminal without such glyphs (TERM=dumb).
    func starText(_ stars: Double) -> String {
        if plainGlyphs { return stars == stars.rounded() ? String(Int(stars)) : String(stars) }
        return String(repeating: "★", count: Int(stars)) + (stars != stars.rounded(.down) ? "½" : "")
    }

    /// Whether the terminal is one to draw plain ASCII for (`TERM=dumb`): `#` bars, stars as numbers.
    var plainGlyphs: Bool { context.environment["TERM"] == "dumb" }

    /// Appends the event `make` gives for the film (nil: nothing to change), reading the library under the
    /// lock first.
    @discardableResult
    func record(
        _ op: LibraryEvent.Operation, _ film: LibraryFilm,
        _ make: (Library, inout LibraryEvent) throws -> Bool = { _, _ in true }
    ) throws -> Library {
        var after = Library()
        try library.update { library, device in
            after = library
            var event = LibraryEvent(device: device, time: context.now(), op: op, film: film)
            guard try make(library, &event) else { return [] }
            after.apply(event)
            return [event]
        }
        return after
    }
}

/// Stars, as `rate` and `ratings --min` read them.
enum Stars {
    /// Stars as `rate` and `ratings --min` take them: 0.5 to 5 in halves (`4`, `3.5`, `4,5`, `★★★½`).
    static func parse(_ text: String) throws(UsageError) -> Double {
        let glyphs = text.filter { $0 == "★" || $0 == "½" }
        let value: Double? =
            !glyphs.isEmpty && glyphs.count == text.count
            ? Double(glyphs.filter { $0 == "★" }.count) + (glyphs.contains("½") ? 0.5 : 0)
            : Double(text.replacing(",", with: "."))
        guard let value, value >= 0.5, value <= 5, (value * 2).rounded() == value * 2 else {
            throw UsageError("\"\(Text.brief(text))\" is not a rating: give 0.5 to 5 stars in halves, such as 3.5")
        }
        return value
    }
}
