import FoundationEssentials
import PropertyBased
import Testing

@testable import ScoutKit

/// A film keeps every id it is known by (TMDb's, IMDb's, Letterboxd's address), and the same film rated from
/// an OMDb result, a TMDb result and an import is one film with one rating, whatever order the events are
/// folded in (sync delivers another device's in any order); films of one title and year that ids tell apart
/// stay two.
@Suite struct LibraryIDsTests {
    /// Fight Club as each source names it: an OMDb result (its IMDb id), a TMDb result whose details gave the
    /// IMDb id (`LibraryFilm(item)` makes it `omdb:tt…`), a TMDb result rated offline (TMDb's id alone), a row of
    /// Letterboxd's export (its title, year and address), the row `export letterboxd` wrote (with tmdbID) read
    /// back, and the catalog's way of naming a film it has (by title and year, as an import lands it).
    static let fightClub: [(film: LibraryFilm, via: String?)] = [
        (LibraryFilm(id: "omdb:tt0137523", title: "Fight Club", year: 1999), nil),
        (LibraryFilm(id: "omdb:tt0137523", title: "Fight Club", year: 1999, tmdb: "550"), nil),
        (LibraryFilm(id: "tmdb:550", title: "Fight Club", year: 1999), nil),
        (
            LibraryFilm(
                id: "letterboxd:2a9q", title: "Fight Club", year: 1999, letterboxd: "https://boxd.it/2a9q"),
            "letterboxd"
        ),
        (
            LibraryFilm(
                id: "letterboxd:2a9q", title: "Fight Club", year: 1999, letterboxd: "https://boxd.it/2a9q",
                tmdb: "550"),
            "letterboxd"
        ),
        (LibraryFilm(id: "omdb:tt0137523", title: "Fight Club", year: 1999), "imdb"),
    ]

    /// A rating of Fight Club from a code: which way it is named, which day of 2020-01-01 to 2020-01-09, how
    /// many stars; its time is its place in the log.
    static func rating(_ code: Int, _ index: Int) -> LibraryEvent {
        let (film, via) = fightClub[code % fightClub.count]
        return LibraryEvent(
            device: "d", time: Date(timeIntervalSince1970: 1_600_000_000 + Double(index)), op: .rate, film: film,
            stars: Double((code / 54) % 10 + 1) / 2, date: "2020-01-0\((code / 6) % 9 + 1)", via: via)
    }

    /// The rating by hand: the greatest (day, where it came from: scout 2, Letterboxd 1, IMDb 0, time).
    static func newest(_ events: [LibraryEvent]) -> Double? {
        func source(_ via: String?) -> Int { via == nil ? 2 : via == "letterboxd" ? 1 : 0 }
        return events.max { a, b in
            (a.date ?? "", source(a.via), a.time) < (b.date ?? "", source(b.via), b.time)
        }?.stars
    }

    @Test func oneFilmWithOneRatingWhateverTheSourceAndTheOrder() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...9_999).array(of: 1...12), Gen.int(in: 0...1_000)) {
            codes, seed in
            let events = codes.enumerated().map { Self.rating($0.element, $0.offset) }
            var shuffled = events
            var generator = LibraryRatingTests.SplitMix(state: UInt64(seed))
            shuffled.shuffle(using: &generator)
            for order in [events, shuffled] {
                let library = Library(order)
                #expect(library.films.count == 1)
                #expect(library.ratings.values.map(\.stars) == [Self.newest(events)].compactMap { $0 })
                // Where any source gave the IMDb id, the film is known by it, with TMDb's id when any gave that.
                let film = library.films.values.first
                if events.contains(where: { $0.film.imdbID != nil }) { #expect(film?.id == "omdb:tt0137523") }
                if events.contains(where: { $0.film.tmdbID != nil }) { #expect(film?.tmdbID == "550") }
            }
        }
    }

    /// A film rated from a TMDb result while TMDb could not be asked for its IMDb id (`tmdb:550`), then from an
    /// OMDb result of another title: the two share no id and no title, and stay two; a later event that names
    /// both ids (the TMDb result rated again, its details read) makes them one, under the IMDb id, with the
    /// newer rating and both diary entries.
    @Test func aLaterEventWithBothIDsMakesTwoFilmsOne() {
        let time = { (second: Double) in Date(timeIntervalSince1970: 1_700_000_000 + second) }
        let events = [
            LibraryEvent(
                device: "a", time: time(1), op: .seen, film: LibraryFilm(id: "tmdb:550", title: "Fight Club"),
                stars: 4, date: "2024-05-01"),
            LibraryEvent(
                device: "b", time: time(2), op: .seen,
                film: LibraryFilm(id: "omdb:tt0137523", title: "Fight Club (1999)", year: 1999), stars: 3,
                date: "2025-01-01"),
            LibraryEvent(
                device: "a", time: time(3), op: .want,
                film: LibraryFilm(id: "omdb:tt0137523", title: "Fight Club", year: 1999, tmdb: "550"),
                date: "2025-06-01"),
        ]
        let apart = Library(events.prefix(2))
        #expect(apart.films.keys.sorted() == ["omdb:tt0137523", "tmdb:550"])
        for order in [events, [events[2], events[0], events[1]], [events[1], events[2], events[0]]] {
            let library = Library(order)
            #expect(library.films.keys.sorted() == ["omdb:tt0137523"])
            #expect(library.films["omdb:tt0137523"]?.tmdb == "550")
            #expect(library.diary.map(\.date).sorted() == ["2024-05-01", "2025-01-01"])
            #expect(library.diary.allSatisfy { $0.film == "omdb:tt0137523" })
            #expect(library.ratings["omdb:tt0137523"]?.stars == 3)
            #expect(library.watchlist.map(\.film) == ["omdb:tt0137523"])
        }
    }

    /// Two films of one title and year (Crash, 2004: Paul Haggis's and a TV film) that TMDb tells apart stay two,
    /// whichever source names them, as two IMDb ids do.
    @Test func filmsOfOneTitleAndYearThatTMDbTellsApartStayTwo() {
        let films = [
            LibraryFilm(id: "tmdb:1640", title: "Crash", year: 2004),
            LibraryFilm(id: "tmdb:999001", title: "Crash", year: 2004),
            LibraryFilm(id: "omdb:tt0375679", title: "Crash", year: 2004, tmdb: "1640"),
            LibraryFilm(id: "letterboxd:crash-2004-2", title: "Crash", year: 2004, tmdb: "999001"),
        ]
        let events = films.enumerated().map { index, film in
            LibraryEvent(
                device: "d", time: Date(timeIntervalSince1970: Double(index)), op: .rate, film: film,
                stars: Double(index + 1), date: "2024-01-0\(index + 1)")
        }
        for order in [events, events.reversed()] {
            let library = Library(order)
            #expect(library.films.count == 2)
            #expect(library.ratings["omdb:tt0375679"]?.stars == 3)
            let other = library.films.values.first { $0.tmdbID == "999001" }
            #expect(other.flatMap { library.ratings[$0.id]?.stars } == 4)
        }
    }

    /// A TMDb result's film: `omdb:tt…` with TMDb's id where its details gave the IMDb id, `tmdb:550` before.
    @Test func aTMDbResultIsKnownByItsIMDbIDOnceItsDetailsGiveIt() {
        var item = Item(id: "tmdb:550", title: "Fight Club", url: "https://www.themoviedb.org/movie/550")
        item.add("year", "1999")
        #expect(LibraryFilm(item).id == "tmdb:550")
        #expect(LibraryFilm(item).tmdbID == "550")
        item.add("imdb", "tt0137523")
        #expect(LibraryFilm(item) == LibraryFilm(id: "omdb:tt0137523", title: "Fight Club", year: 1999, tmdb: "550"))
        let series = Item(id: "tmdb:tv:1399", title: "Game of Thrones", url: "https://www.themoviedb.org/tv/1399")
        #expect(LibraryFilm(series).tmdbID == nil)
    }

    /// An event's film with its TMDb id is written and read back whole, by the byte reader and by JSONDecoder.
    @Test func theTMDbIDIsKeptInTheLog() throws {
        let event = LibraryEvent(
            id: "E1", device: "d", time: Date(timeIntervalSince1970: 1_700_000_000), op: .rate,
            film: LibraryFilm(id: "omdb:tt0137523", title: "Fight Club", year: 1999, tmdb: "550"), stars: 4)
        let line = try JSONEncoder.scoutLine.encode(event)
        #expect(String(decoding: line, as: UTF8.self).contains(#""tmdb":"550""#))
        #expect(JSONBytes.whole(line, { $0.libraryEvent() }) == event)
        #expect(try JSONDecoder.scout.decode(LibraryEvent.self, from: line) == event)
    }
}
