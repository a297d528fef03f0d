import Foundation
import Testing
@testable import ScoutKit

/// Favourites as a service, as `fav` and `pick fav` are handed it: its store in a temporary folder, a screen
/// that shows two rows, each operation, what each says word for word, and the bytes of its files.
@MainActor @Suite struct FavouritesServiceTests {
    nonisolated static let noon = Date(timeIntervalSince1970: 1_795_000_000) // 2026-11-18 11:06:40 UTC
    static let heat = Item(id: "movies:7", title: "Heat", fields: [.init("year", "1995"), .init("genre", "Crime")])
    static let alien = Item(id: "movies:9", title: "Alien", fields: [.init("year", "1979")])

    @Test func rowsOnScreenAreKeptTaggedListedAndRemoved() throws {
        let folder = try TempFolder()
        let screen = RowsScreen([Self.heat, Self.alien])
        let services = Services.made(in: folder, at: Self.noon, screen: screen)
        let favourites = services.favourites
        #expect(favourites.list().lines == ["No favourites yet: fav add RANGES keeps rows."])
        #expect(screen.numbered.isEmpty, "an empty listing leaves the numbers with the rows still on screen")
        #expect(throws: UsageError("nothing to add: fav add N keeps row N, or select rows first")) {
            try favourites.add(nil, tags: [])
        }
        #expect(
            try favourites.add(try RangeSpec.parse("1-2"), tags: ["weekend"]).lines == [
                "♥ Added 2 favourites tagged #weekend:", "  Heat (1995, Crime)", "  Alien (1979)",
            ])
        #expect(
            try favourites.add(try RangeSpec.parse("2"), tags: ["scary"]).lines == [
                "♥ Alien (1979) was already a favourite: now tagged #scary."
            ])
        #expect(
            favourites.list().lines == [
                "1. Heat (1995, Crime)  [movies:7]  #weekend", "2. Alien (1979)  [movies:9]  #weekend #scary",
            ])
        #expect(screen.numbered.map(\.listing) == ["fav"])
        #expect(screen.numbered.map(\.ids) == [["movies:7", "movies:9"]])
        #expect(favourites.search("SCARY").lines == ["2. Alien (1979)  [movies:9]  #weekend #scary"])
        #expect(favourites.search("heist").lines == ["No favourite matches \"heist\"."])
        #expect(try favourites.retag("1", removing: ["Weekend"]).lines == ["Took #weekend off Heat (1995, Crime)."])
        #expect(throws: UsageError("Heat has no tag #weekend: fav shows each favourite's tags")) {
            try favourites.retag("movies:7", removing: ["weekend"])
        }
        #expect(
            try favourites.show(2).lines == [
                "(the detail of movies:9)", "Added Wed 18 Nov 2026, 11:06 · tags: #weekend #scary",
            ])
        #expect(
            try favourites.show(ids: ["movies:9", "movies:7"]).lines.filter { $0.hasPrefix("(") } == [
                "(the detail of movies:7)", "(the detail of movies:9)",
            ])
        #expect(throws: UsageError.notFound("there is no favourite 3: fav lists 1 to 2")) { try favourites.show(3) }
        #expect(throws: UsageError.notFound("there is no favourite 5: fav lists 1 to 2")) {
            try favourites.remove("1,5")
        }
        #expect(try favourites.remove("movies:9").lines == ["Removed Alien (1979) from the favourites."])
        #expect(favourites.pickerCorpus().candidates.map(\.text) == ["Heat (1995, Crime)  [movies:7]"])
        withExtendedLifetime((screen, services)) {}
    }

    @Test func theFilesHoldWhatIsKeptAndComeBack() throws {
        let folder = try TempFolder()
        let screen = RowsScreen([Self.heat])
        let services = Services.made(in: folder, at: Self.noon, screen: screen)
        let favourites = services.favourites
        _ = try favourites.add(try RangeSpec.parse("1"), tags: ["sci fi"])
        #expect(try favourites.export(to: "f.csv", force: false).lines == ["Exported 1 favourite to f.csv."])
        let csv = try String(contentsOf: folder.file("f.csv"), encoding: .utf8)
        #expect(
            csv == "id,title,source,added_at,tags,url,year,genre\r\n"
                + "movies:7,Heat,movies,2026-11-18T11:06:40Z,'sci fi',,1995,Crime\r\n")
        #expect(throws: UsageError("f.csv already exists: fav export f.csv --force replaces it; nothing was written")) {
            try favourites.export(to: "f.csv", force: false)
        }
        #expect(throws: UsageError("there is no folder out/: make it first (mkdir -p out/); nothing was written")) {
            try favourites.export(to: "out/f.csv", force: false)
        }
        _ = try favourites.remove("1")
        #expect(favourites.list().lines == ["No favourites yet: fav add RANGES keeps rows."])
        let imported = try favourites.importFile(from: "f.csv")
        #expect(imported.lines == ["Imported 1 new favourite (0 already kept)."])
        #expect(favourites.list().lines == ["1. Heat (1995, Crime)  [movies:7]  #'sci fi'"])
        withExtendedLifetime((screen, services)) {} // held unowned by the services, as by the shell state
    }
}
