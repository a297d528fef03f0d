import Foundation
import Testing

@testable import ScoutKit

/// An imported diary entry is the export's nth of its film that day, and adds nothing where the film has
/// that many entries already: one export imported on two devices, or one device's export imported on
/// another, logs each entry once when their logs are folded together.
@Suite struct LibraryDiaryTests {
    static let alien = LibraryFilm(id: "movies:10", title: "Alien", year: 1979)
    static let heat = LibraryFilm(id: "movies:126", title: "Heat", year: 1995)

    static func seen(
        _ film: LibraryFilm, _ day: String, device: String, at second: Double, nth: Int? = nil
    ) -> LibraryEvent {
        var event = LibraryEvent(
            device: device, time: Date(timeIntervalSince1970: 1_790_000_000 + second), op: .seen, film: film,
            date: day, via: nth == nil ? nil : "letterboxd")
        event.nth = nth
        return event
    }

    static func rows(_ library: Library) -> [String] {
        library.diary.map { "\($0.date) \(library.films[$0.film]?.title ?? $0.film)" }
    }

    @Test func anExportImportedOnAnotherDeviceLogsEachEntryOnce() {
        // The laptop logs Alien twice on one day and Heat the next, exports, and the desktop imports that.
        let laptop = [
            Self.seen(Self.alien, "2026-11-01", device: "laptop", at: 1),
            Self.seen(Self.alien, "2026-11-01", device: "laptop", at: 2),
            Self.seen(Self.heat, "2026-11-02", device: "laptop", at: 3),
        ]
        let desktop = [
            Self.seen(Self.alien, "2026-11-01", device: "desktop", at: 10, nth: 1),
            Self.seen(Self.alien, "2026-11-01", device: "desktop", at: 10, nth: 2),
            Self.seen(Self.heat, "2026-11-02", device: "desktop", at: 10, nth: 1),
        ]
        let expected = ["2026-11-01 Alien", "2026-11-01 Alien", "2026-11-02 Heat"]
        #expect(Self.rows(Library(laptop + desktop)) == expected)
        // The same export imported on both: the first device's entries, once.
        let imported = desktop.map { event in
            var copy = event
            (copy.device, copy.id) = ("laptop", LibraryEvent.newID())
            return copy
        }
        #expect(Self.rows(Library(imported + desktop)) == expected)
        // Entries of an older scout's import carry no nth, and each is kept, as before.
        let older = desktop.map { event in
            var copy = event
            copy.nth = nil
            return copy
        }
        #expect(Self.rows(Library(laptop + older)) == expected + expected)
    }

    /// A Letterboxd film the library later learns the IMDb id of is one film: its entries count under the
    /// IMDb id, and an entry imported under that id on the same day is already there.
    @Test func anEntryCountsUnderTheFilmItLandsOn() {
        let letterboxd = LibraryFilm(id: "letterboxd:baby-driver", title: "Baby Driver", year: 2017)
        var imdb = LibraryFilm(id: "omdb:tt3890160", title: "Baby Driver", year: 2017)
        imdb.directors = ["Edgar Wright"]
        let events = [
            Self.seen(letterboxd, "2021-08-04", device: "laptop", at: 1, nth: 1),
            LibraryEvent(
                device: "laptop", time: Date(timeIntervalSince1970: 1_790_000_002), op: .rate, film: imdb, stars: 3.5,
                date: "2017-07-20", via: "imdb"),
            Self.seen(imdb, "2021-08-04", device: "desktop", at: 3, nth: 1),
            Self.seen(imdb, "2021-08-05", device: "desktop", at: 4, nth: 1),
        ]
        let library = Library(events)
        #expect(
            library.diary.map { "\($0.date) \($0.film)" } == ["2021-08-04 omdb:tt3890160", "2021-08-05 omdb:tt3890160"])
    }

    /// A catalog film exported, and imported on a device that did not know it, comes back as a Letterboxd film
    /// of its title and year: the devices' logs folded together make it one film, under the id that came first.
    @Test func aCatalogFilmAndItsLetterboxdRowAreOneFilm() {
        let row = LibraryFilm(id: "letterboxd:alien-1979", title: "Alien", year: 1979)
        let events = [
            Self.seen(Self.alien, "2026-11-01", device: "laptop", at: 1),
            Self.seen(row, "2026-11-01", device: "desktop", at: 2, nth: 1),
            Self.seen(row, "2026-11-03", device: "desktop", at: 3, nth: 1),
        ]
        #expect(
            Library(events).diary.map { "\($0.date) \($0.film)" } == ["2026-11-01 movies:10", "2026-11-03 movies:10"])
        let reversed = Library(
            Array(events.dropFirst()) + [Self.seen(Self.alien, "2026-11-04", device: "laptop", at: 4)])
        #expect(Set(reversed.diary.map(\.film)) == ["letterboxd:alien-1979"])
    }

    /// library.jsonl's line for an imported entry holds its nth, and the quick reader reads it as JSONDecoder
    /// does.
    @Test func theLineKeepsNth() throws {
        let event = Self.seen(Self.alien, "2026-11-01", device: "desktop", at: 10, nth: 2)
        let line = try JSONEncoder.scoutLine.encode(event)
        #expect(String(decoding: line, as: UTF8.self).contains(#""nth":2"#))
        let quick = line.withUnsafeBytes { raw in
            var reader = JSONBytes(raw)
            return reader.libraryEvent().flatMap { reader.atEnd ? $0 : nil }
        }
        #expect(quick == event)
        #expect(try JSONDecoder.scout.decode(LibraryEvent.self, from: line) == event)
    }

    static func change(
        _ op: LibraryEvent.Operation, _ film: LibraryFilm, entry: String, device: String, at second: Double,
        day: String? = nil, stars: Double? = nil
    ) -> LibraryEvent {
        var event = LibraryEvent(
            device: device, time: Date(timeIntervalSince1970: 1_790_000_000 + second), op: op, film: film,
            stars: stars, date: day)
        event.removes = [entry]
        return event
    }

    /// `diary rm` takes an entry back on every device, whichever device's import of the same export the
    /// fold keeps for it, and in whatever order the events come.
    @Test func anEntryTakenBackIsGoneOnEveryDevice() {
        let laptop = Self.seen(Self.alien, "2026-11-01", device: "laptop", at: 1, nth: 1)
        let desktop = Self.seen(Self.alien, "2026-11-01", device: "desktop", at: 2, nth: 1)
        let heat = Self.seen(Self.heat, "2026-11-02", device: "laptop", at: 3)
        // The laptop, before it synced, took its own entry back.
        let removal = Self.change(.unlog, Self.alien, entry: laptop.id, device: "laptop", at: 4)
        for order in [
            [laptop, desktop, heat, removal], [desktop, laptop, heat, removal], [removal, laptop, desktop, heat],
        ] {
            #expect(Self.rows(Library(order)) == ["2026-11-02 Heat"])
        }
        // The same export imported again does not bring it back.
        let again = Self.seen(Self.alien, "2026-11-01", device: "laptop", at: 5, nth: 1)
        #expect(Self.rows(Library([laptop, heat, removal, again])) == ["2026-11-02 Heat"])
        // A seen logged afresh (no nth) does.
        let logged = Self.seen(Self.alien, "2026-11-01", device: "laptop", at: 6)
        #expect(Self.rows(Library([laptop, heat, removal, logged])) == ["2026-11-02 Heat", "2026-11-01 Alien"])
    }

    /// An edited entry's day and stars are the entry's; the film's rating is made again from what stands:
    /// the newest by its day, so an entry moved back before a rating leaves that rating, and one taken back
    /// gives the rating to the entry before it.
    @Test func anEditedOrRemovedEntryRatesTheFilmAsItStands() {
        var first = Self.seen(Self.alien, "2026-10-01", device: "laptop", at: 1)
        first.stars = 3
        var second = Self.seen(Self.alien, "2026-11-01", device: "laptop", at: 2)
        second.stars = 5
        #expect(Library([first, second]).ratings[Self.alien.id]?.stars == 5)
        let edit = Self.change(
            .edit, Self.alien, entry: second.id, device: "laptop", at: 3, day: "2026-11-03", stars: 2)
        let edited = Library([first, second, edit])
        #expect(edited.diary.map { "\($0.date) \($0.stars ?? 0)" } == ["2026-10-01 3.0", "2026-11-03 2.0"])
        #expect(edited.ratings[Self.alien.id] == Library.Rating(stars: 2, day: "2026-11-03"))
        let removal = Self.change(.unlog, Self.alien, entry: second.id, device: "desktop", at: 4)
        #expect(
            Library([first, second, edit, removal]).ratings[Self.alien.id]
                == Library.Rating(stars: 3, day: "2026-10-01"))
        // A rating given on a later day holds over the entry's stars, edited or not.
        let rate = LibraryEvent(
            device: "laptop", time: Date(timeIntervalSince1970: 1_790_000_000 + 5), op: .rate, film: Self.alien,
            stars: 4, date: "2026-11-10")
        #expect(Library([first, second, rate, edit]).ratings[Self.alien.id]?.stars == 4)
    }
}
