import Foundation
@testable import ScoutKit
import Testing

@Suite struct DenyIndexTests {
    @Test func theIndexAnswersLikeTheListAndIsRebuiltWhenStaleOrDamaged() throws {
        let folder = try TempFolder()
        let list = folder.file("denylist.txt"), index = folder.file("denylist.index")
        let deny = DenyListStore(url: list, indexURL: index, store: FileStore(), warn: { _ in })
        #expect(try deny.match("anything") == nil, "no list, no index, nothing refused")
        try deny.add(["Star  Wars", "Café", "東京 drift", "x"])
        #expect(try deny.match("star wars episode iv") == "Star Wars")
        #expect(try deny.match("CAFE society") == "Café")
        #expect(try deny.match("東京 DRIFT 2") == "東京 drift")
        #expect(try deny.match("xylophone") == "x", "the contract's prefix rule, literally")
        #expect(try deny.match("star trek") == nil)
        #expect(FileManager.default.fileExists(atPath: index.path))

        // Another scout's change makes the index stale: the next look-up sees it.
        try DenyListStore(url: list, indexURL: index, store: FileStore(), warn: { _ in }).add(["trek"])
        #expect(try deny.match("trekkies") == "trek")
        // A damaged or foreign index is built again, quietly.
        for junk in [Data(), Data(repeating: 0xFF, count: 200), Data("SCDENY01".utf8) + Data(count: 48)] {
            try junk.write(to: index)
            #expect(
                try DenyListStore(url: list, indexURL: index, store: FileStore(), warn: { _ in }).match("café au lait")
                    == "Café")
        }
        try deny.remove("x")
        #expect(try deny.match("xylophone") == nil)
    }
}

@Suite struct HistoryLogTests {
    @Test func theByteScanFindsExactlyWhatDecodingEveryRecordFinds() throws {
        let folder = try TempFolder()
        let history = HistoryStore(url: folder.file("history.jsonl"), store: FileStore(), warn: { _ in })
        let terms = [
            "Alien", "STAR wars", "amélie", "Amelie poulain", "東京 story", "say \"hi\"", "back\\slash", "tab\there",
            "kubrick", "Kubrick's films", "star   trek", "café", "CAFE",
        ]
        for (n, term) in terms.enumerated() {
            let filters = n % 3 == 0 ? ["type": "movie"] : [:]
            try history.recordSearch(
                id: "s\(n)", query: SearchQuery(source: n % 2 == 0 ? "movies" : "omdb", terms: term, options: filters),
                count: n, at: DamageTests.date)
            if n % 4 == 0 {
                try history.recordDone(search: "s\(n)", chosen: [DamageTests.items[n % 3]], at: DamageTests.date)
            }
        }
        let log = try history.log()
        let all = try history.entries()
        #expect(log.count == terms.count && all.map(\.terms) == terms)
        #expect(all[4].chosen.map(\.title) == ["Café Ñandú 東京"], "a done record is found by the id it names")
        for needle in [
            "alien", "ALIEN", "star", "wars", "amelie", "Amélie", "cafe", "café", "東京", "hi", "\"hi\"", "slash", "\\",
            "kubrick", "kubrick's", "omdb", "movies", "star trek", "r w", "", "zzz", "type", "movie",
        ] {
            let expected = all.enumerated().filter {
                Text.fold("\($0.element.source) \($0.element.terms)").contains(Text.fold(needle))
            }.map { $0.offset + 1 }
            #expect(log.matching(needle) == expected, "\(needle)")
        }
    }
}

@Suite struct FavouriteIDScanTests {
    @Test func theIDScanAgreesWithTheDecoderOnEveryCut() throws {
        let folder = try TempFolder()
        let favourites = FavouritesStore(url: folder.file("favourites.json"), store: FileStore(), warn: { _ in })
        var items = DamageTests.items
        items.append(
            Item(
                id: "omdb:tt0000001", title: "id \"id\": {nested} [brackets]",
                fields: [.init("id", "not:this"), .init("Note", "\"id\" : \"fake\"")]))
        try favourites.add(items, tags: ["id"], at: DamageTests.date)
        let sample = try Data(contentsOf: folder.file("favourites.json"))
        #expect(FavouritesStore.scanIDs(sample) == Set(items.map(\.id)))
        var agreed = 0
        for offset in 0...sample.count {
            let cut = sample.prefix(offset)
            let decoded = (try? JSONDecoder.scout.decode(FavouritesFile.self, from: cut)).map {
                Set($0.favourites.map(\.id))
            }
            if let scanned = FavouritesStore.scanIDs(cut) {
                #expect(decoded == nil || decoded == scanned, "cut at \(offset)")
                agreed += 1
            }
        }
        #expect(agreed >= 1)
    }
}
