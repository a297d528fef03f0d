import FoundationEssentials
import PropertyBased
import Testing

@testable import ScoutKit

/// A film's rating is the one given last by its day (a rating over a diary entry's stars on one day, then
/// the later event), whatever order the events are folded in: exports imported in either order, and logs
/// that reach a device in any order, give the same ratings.
@Suite struct LibraryRatingTests {
    static let films = (1...4).map { LibraryFilm(id: "omdb:tt000000\($0)", title: "Film \($0)", year: 2000 + $0) }

    /// An event from a code: which film, rate or seen, which day of 2020-01-01 to 2020-01-09, how many
    /// stars (0 clears a rating, or logs an unrated entry), and its time (distinct for every event).
    static func event(_ code: Int, _ index: Int) -> LibraryEvent {
        let film = films[code % 4]
        let op: LibraryEvent.Operation = (code / 4) % 2 == 0 ? .rate : .seen
        let day = "2020-01-0\((code / 8) % 9 + 1)"
        let halves = (code / 72) % 11
        return LibraryEvent(
            device: "d", time: Date(timeIntervalSince1970: 1_600_000_000 + Double(index)), op: op, film: film,
            stars: halves == 0 ? nil : Double(halves) / 2, date: day, via: op == .rate ? "imdb" : nil)
    }

    /// The rating by hand: the greatest (day, rating over entry, time) among the rates and rated entries.
    static func expected(_ events: [LibraryEvent]) -> [String: Double] {
        var best: [String: (key: (String, Int, Date), stars: Double?)] = [:]
        for event in events where event.op == .rate || event.stars != nil {
            let key = (event.date ?? "", event.op == .rate ? 1 : 0, event.time)
            if let known = best[event.film.id], known.key > key { continue }
            best[event.film.id] = (key, event.stars)
        }
        return best.compactMapValues(\.stars)
    }

    @Test func theNewestRatingHoldsWhateverTheOrder() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...9_999).array(of: 1...40), Gen.int(in: 0...1_000)) {
            codes, seed in
            let events = codes.enumerated().map { Self.event($0.element, $0.offset) }
            var shuffled = events
            var generator = SplitMix(state: UInt64(seed))
            shuffled.shuffle(using: &generator)
            let inOrder = Library(events).ratings.mapValues(\.stars)
            #expect(inOrder == Self.expected(events))
            #expect(Library(shuffled).ratings.mapValues(\.stars) == inOrder)
        }
    }

    /// Baby Driver, from two real exports of one person: 5 stars on Letterboxd on 2021-08-04, 7/10 on IMDb
    /// on 2017-07-20. The Letterboxd film is known by title and year, the IMDb one by its id; they are one
    /// film, and the 2021 rating holds in either order.
    @Test func aLetterboxdFilmAndItsIMDbTwinKeepTheNewerRating() {
        let letterboxd = LibraryEvent(
            device: "d", time: Date(timeIntervalSince1970: 1), op: .rate,
            film: LibraryFilm(id: "letterboxd:baby-driver", title: "Baby Driver", year: 2017), stars: 5,
            date: "2021-08-04", via: "letterboxd")
        let imdb = LibraryEvent(
            device: "d", time: Date(timeIntervalSince1970: 2), op: .rate,
            film: LibraryFilm(id: "omdb:tt3890160", title: "Baby Driver", year: 2017), stars: 3.5,
            date: "2017-07-20", via: "imdb")
        for events in [[letterboxd, imdb], [imdb, letterboxd]] {
            let library = Library(events)
            #expect(library.ratings.mapValues(\.stars) == ["omdb:tt3890160": 5])
            #expect(library.films.keys.sorted() == ["omdb:tt3890160"])
        }
    }

    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
