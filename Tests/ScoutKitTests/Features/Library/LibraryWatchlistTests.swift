import Foundation
import Testing

@testable import ScoutKit

/// The watchlist as the fold leaves it, whatever order the events come in: a film seen after it was wanted
/// is off it (as `seen` takes it off on the device that logs it, and as Letterboxd does), and wanted again
/// after that, back on. Two films of one title and year that their ids tell apart stay two.
@Suite struct LibraryWatchlistTests {
    static let heat = LibraryFilm(
        id: "letterboxd:2bfi", title: "Heat", year: 1995, letterboxd: "https://boxd.it/2bfi")
    static let catalogHeat = LibraryFilm(id: "movies:126", title: "Heat", year: 1995)

    static func event(
        _ op: LibraryEvent.Operation, _ film: LibraryFilm, _ day: String, device: String, at second: Double
    ) -> LibraryEvent {
        LibraryEvent(
            device: device, time: Date(timeIntervalSince1970: 1_790_000_000 + second), op: op, film: film, date: day)
    }

    static func watchlist(_ library: Library) -> [String] {
        library.watchlist.map { "\(library.films[$0.film]?.label ?? $0.film) since \($0.added)" }
    }

    /// Every order of the events, each folded afresh.
    static func orders(_ events: [LibraryEvent]) -> [[LibraryEvent]] {
        guard let first = events.first else { return [[]] }
        return orders(Array(events.dropFirst())).flatMap { rest in
            (0...rest.count).map { index in
                var order = rest
                order.insert(first, at: index)
                return order
            }
        }
    }

    @Test func aFilmSeenOnAnotherDeviceComesOffTheWatchlistInEveryOrder() {
        // Device 1 imports Heat on the watchlist since 2020-09-24; device 2 logs the catalog's Heat on
        // 2026-11-20 before it has synced, so its `seen` took nothing off.
        let wanted = Self.event(.want, Self.heat, "2020-09-24", device: "one", at: 1)
        let seen = Self.event(.seen, Self.catalogHeat, "2026-11-20", device: "two", at: 2)
        for order in Self.orders([wanted, seen]) {
            let library = Library(order)
            #expect(Self.watchlist(library) == [])
            #expect(library.diary.map(\.date) == ["2026-11-20"])
        }
        // Wanted again after that viewing: back on, since the day it was wanted again.
        let again = Self.event(.want, Self.catalogHeat, "2026-11-21", device: "two", at: 3)
        for order in Self.orders([wanted, seen, again]) {
            #expect(Self.watchlist(Library(order)) == ["Heat (1995) since 2026-11-21"])
        }
    }

    @Test func aViewingBeforeTheWantLeavesItOn() {
        // Seen in 2019, wanted again in 2020 to see it again: on the watchlist, whatever the order.
        let seen = Self.event(.seen, Self.heat, "2019-05-01", device: "one", at: 5)
        let wanted = Self.event(.want, Self.heat, "2020-09-24", device: "two", at: 1)
        for order in Self.orders([seen, wanted]) {
            #expect(Self.watchlist(Library(order)) == ["Heat (1995) since 2020-09-24"])
        }
    }

    @Test func onOneDayTheLaterEventHolds() {
        // Logged today, then wanted again today: on; wanted, then logged the same day: off.
        let seen = Self.event(.seen, Self.heat, "2026-11-20", device: "one", at: 1)
        let wanted = Self.event(.want, Self.heat, "2026-11-20", device: "two", at: 2)
        let seenLater = Self.event(.seen, Self.heat, "2026-11-20", device: "one", at: 3)
        for order in Self.orders([seen, wanted]) {
            #expect(Self.watchlist(Library(order)) == ["Heat (1995) since 2026-11-20"])
        }
        for order in Self.orders([seen, wanted, seenLater]) {
            #expect(Self.watchlist(Library(order)) == [])
        }
    }

    @Test func twoWantsTheLaterOfWhichOutlivesAViewing() {
        // Two devices want it, one before a viewing and one after: on since the later want.
        let early = Self.event(.want, Self.heat, "2020-01-01", device: "one", at: 1)
        let seen = Self.event(.seen, Self.heat, "2021-06-01", device: "two", at: 2)
        let late = Self.event(.want, Self.heat, "2022-03-03", device: "two", at: 3)
        for order in Self.orders([early, seen, late]) {
            #expect(Self.watchlist(Library(order)) == ["Heat (1995) since 2022-03-03"])
        }
    }

    @Test func twoFilmsOfOneTitleAndYearWithTwoAddressesStayTwo() {
        let first = LibraryFilm(
            id: "letterboxd:A1b2", title: "Lost Country", year: 2023, letterboxd: "https://boxd.it/A1b2")
        let second = LibraryFilm(
            id: "letterboxd:C3d4", title: "Lost Country", year: 2023, letterboxd: "https://boxd.it/C3d4")
        let library = Library([
            Self.event(.want, first, "2024-01-02", device: "one", at: 1),
            Self.event(.want, second, "2024-03-04", device: "one", at: 2),
        ])
        #expect(
            Self.watchlist(library) == ["Lost Country (2023) since 2024-01-02", "Lost Country (2023) since 2024-03-04"])
        #expect(library.watchlist.map(\.film) == ["letterboxd:A1b2", "letterboxd:C3d4"])
        // Two IMDb ids: two films too.
        let imdb = Library([
            Self.event(
                .want, LibraryFilm(id: "omdb:tt0000001", title: "Twins", year: 1988), "2024-01-02", device: "one", at: 1
            ),
            Self.event(
                .want, LibraryFilm(id: "omdb:tt0000002", title: "Twins", year: 1988), "2024-01-03", device: "one", at: 2
            ),
        ])
        #expect(imdb.watchlist.map(\.film) == ["omdb:tt0000001", "omdb:tt0000002"])
    }

    @Test func titleAndYearStillJoinWhatNoIdTellsApart() {
        // An older export's address (letterboxd.com/film/…) and a newer one's (boxd.it/…) may be one film;
        // the catalog's Heat has no address at all.
        let old = LibraryFilm(
            id: "letterboxd:heat", title: "Heat", year: 1995, letterboxd: "https://letterboxd.com/film/heat/")
        let library = Library([
            Self.event(.want, old, "2020-01-01", device: "one", at: 1),
            Self.event(.want, Self.heat, "2020-01-01", device: "one", at: 2),
            Self.event(.want, Self.catalogHeat, "2020-01-01", device: "one", at: 3),
        ])
        #expect(Self.watchlist(library) == ["Heat (1995) since 2020-01-01"])
        #expect(library.films.count == 1)
    }
}
