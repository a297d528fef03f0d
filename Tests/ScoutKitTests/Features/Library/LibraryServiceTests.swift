import Foundation
import Testing
@testable import ScoutKit

/// The library as a service, as `rate`, `seen`, `want`, `diary` and the rest are handed it: its store in a
/// temporary folder, a screen of three rows, the films its words name, and what each command says, word for
/// word.
@MainActor @Suite struct LibraryServiceTests {
    nonisolated static let noon = Date(timeIntervalSince1970: 1_795_000_000) // Wed 2026-11-18 11:06:40 UTC
    static let rows = [
        Item(id: "movies:7", title: "Heat", fields: [.init("year", "1995")]),
        Item(id: "movies:9", title: "Alien", fields: [.init("year", "1979")]),
        Item(id: "itunes:5", title: "Heat Waves", fields: [.init("kind", "song")]),
    ]

    /// The library over a fresh home in `folder`, beside the favourites, with `screen` on the window.
    /// What `line` says when its command is handed `library`.
    static func run(_ line: String, _ library: LibraryService) async throws -> [String] {
        let words = try #require(try Tokenizer.commands(line).first)
        let command = try #require(try CommandTable.parse(words) as? any ServiceCommand<LibraryService>)
        return try await command.run(with: library).lines
    }

    /// Whatever is not a film is refused in one wording that says what it is: iTunes' kind in lower case (its
    /// albums' is `Album`), a restaurant, or the source it is from; iTunes' films and OMDb's are films.
    @Test func whatIsNoFilmIsRefusedSayingWhatItIs() {
        func refusal(_ item: Item) -> String {
            do throws(UsageError) {
                return "kept: " + (try LibraryService.film(item)).id
            } catch { return error.description }
        }
        let tail = ": the library keeps films (search --in movies, films, omdb or tmdb)"
        #expect(
            refusal(Item(id: "itunes:1", title: "Red", fields: [.init("kind", "Album")])) == "Red is an album" + tail)
        #expect(
            refusal(Item(id: "itunes:2", title: "Dune", fields: [.init("kind", "ebook")])) == "Dune is an ebook" + tail)
        #expect(
            refusal(Item(id: "itunes:3", title: "Wild", fields: [.init("kind", "music-video")]))
                == "Wild is a music video" + tail)
        #expect(refusal(Item(id: "restaurants:4", title: "Jiro", fields: [])) == "Jiro is a restaurant" + tail)
        #expect(
            refusal(Item(id: "itunes:5", title: "Heat", fields: [.init("kind", "feature-movie")])) == "kept: itunes:5")
        #expect(refusal(Item(id: "omdb:tt0078748", title: "Alien", fields: [])) == "kept: omdb:tt0078748")
    }

    @Test func filmsAreNamedByTheRowsOnScreenThenByTheLastListingOrByTheirIds() async throws {
        let folder = try TempFolder()
        let screen = RowsScreen(Self.rows)
        let services = Services.made(in: folder, at: Self.noon, screen: screen)
        let (library, favourites) = (services.library, services.favourites)
        _ = try favourites.store.addOrTag(
            [Item(id: "movies:11", title: "Ran", fields: [.init("year", "1985")])], at: Self.noon)
        let said = { (line: String) async throws -> [String] in try await Self.run(line, library) }
        // The results' rows, until a listing numbers its films.
        #expect(try await said("rate 1 4") == ["Rated Heat (1995) ★★★★."])
        #expect(try await said("seen 2 2026-11-01") == ["Logged Alien (1979) on 2026-11-01."])
        #expect(try await said("rate 2 3.5") == ["Rated Alien (1979) ★★★½."])
        await #expect(
            throws: UsageError(
                "Heat Waves is a song: the library keeps films (search --in movies, films, omdb or tmdb)")
        ) { try await said("want 3") }
        #expect(
            try await said("ratings") == ["1. ★★★★   Heat (1995)  [movies:7]", "2. ★★★½   Alien (1979)  [movies:9]"])
        #expect(screen.numbered.last?.listing == "ratings")
        #expect(try await said("rate 2 5") == ["Rated Alien (1979) ★★★★★."], "row 2 of the ratings, not of the results")
        #expect(try await said("diary") == ["November 2026", "1. 01 Sun         Alien (1979)"])
        await #expect(throws: UsageError.notFound("there is no row 3: the diary shows rows 1 to 1")) {
            try await said("want 3")
        }
        // An id: of the results, or of a favourite not on the screen.
        #expect(try await said("rate movies:9 none") == ["Cleared the rating of Alien (1979)."])
        #expect(try await said("want movies:11") == ["Added Ran (1985) to the watchlist."])
        #expect(try await said("want movies:11") == ["Ran (1985) is already on the watchlist."])
        // `watchlist` is handed the services (its --streaming asks the where feature): its listing is the library's.
        let watchlist = try library.watchlist().lines
        #expect(watchlist == ["1. Ran (1985)  added 2026-11-18  [movies:11]"])
        #expect(screen.numbered.map(\.listing) == ["ratings", "the diary", "the watchlist"])
        #expect(try await said("unwant 1") == ["Took Ran (1985) off the watchlist."])
        #expect(
            try library.cards(["movies:9"]).lines == [
                "1. Alien (1979)", "   Id:        movies:9", "   Seen:      on 2026-11-01",
            ])
        withExtendedLifetime((screen, services)) {} // held unowned by the services, as by the shell state
    }
}
