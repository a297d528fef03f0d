import Foundation
import Testing
@testable import ScoutKit

/// `fav tag`, `fav untag`, `fav rm` and `fav export --force` as the parser reads them, and the store's tagging.
@Suite struct FavouriteCommandTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func tagAndUntagTakeRangesOrAnIdThenTags() throws {
        #expect(
            try CommandTable.parse(["fav", "tag", "1-3", "rewatch"]) as? FavCommand.Tag
                == FavCommand.Tag(named: "1-3", tags: ["rewatch"]))
        #expect(
            try CommandTable.parse(["fav", "tag", "1", "3", "rewatch", "Rewatch", "best"]) as? FavCommand.Tag
                == FavCommand.Tag(named: "1 3", tags: ["rewatch", "best"]))
        #expect(
            try CommandTable.parse(["fav", "tag", "2", "2024"]) as? FavCommand.Tag
                == FavCommand.Tag(named: "2", tags: ["2024"]))
        #expect(
            try CommandTable.parse(["fav", "untag", "movies:12", "1", "x"]) as? FavCommand.Untag
                == FavCommand.Untag(named: "movies:12", tags: ["1", "x"]))
        #expect(try CommandTable.parse(["fav", "rm", "1-2"]) as? FavCommand.Remove == FavCommand.Remove(named: "1-2"))
        #expect(throws: UsageError.self) { try CommandTable.parse(["fav", "tag", "1"]) }
        #expect(throws: UsageError.self) { try CommandTable.parse(["fav", "tag", "first", "x"]) }
        #expect(throws: UsageError.self) { try CommandTable.parse(["fav", "tag", "1", "a;b"]) }
        #expect(throws: UsageError.self) { try CommandTable.parse(["fav", "add", "1", "--tag", " "]) }
        #expect(throws: UsageError.self) { try CommandTable.parse(["fav", "rm", "movies:1", "2"]) }
    }

    @Test func exportTakesForce() throws {
        #expect(
            try CommandTable.parse(["fav", "export", "f.csv", "--force"]) as? FavCommand.Export
                == FavCommand.Export(path: "f.csv", force: true))
        #expect(
            try CommandTable.parse(["fav", "export", "--force", "f.csv"]) as? FavCommand.Export
                == FavCommand.Export(path: "f.csv", force: true))
        #expect(
            try CommandTable.parse(["fav", "export"]) as? FavCommand.Export
                == FavCommand.Export(path: nil, force: false))
        #expect(throws: UsageError.self) { try CommandTable.parse(["fav", "export", "--force"]) }
        #expect(throws: UsageError.self) { try CommandTable.parse(["fav", "export", "f.csv", "--forse"]) }
    }

    @Test func theExampleOfHelpFavParses() throws {
        let example = try #require(CommandTable.spec("fav")?.example)
        for words in try Tokenizer.commands(example) { _ = try CommandTable.parse(words) }
    }

    @Test func addTagsFavouritesAlreadyKeptAndRetagChangesOnlyWhatIsAsked() throws {
        let folder = try TempFolder()
        let store = FavouritesStore(url: folder.file("favourites.json"), store: FileStore(), warn: { _ in })
        let a = Item(id: "movies:1", title: "A"), b = Item(id: "movies:2", title: "B")
        let first = try store.addOrTag([a], at: Self.now)
        #expect(first.added.map(\.id) == ["movies:1"])
        let second = try store.addOrTag([a, b], tags: ["rewatch"], at: Self.now)
        #expect(second.added.map(\.id) == ["movies:2"])
        #expect(second.tagged.map(\.changed) == [["rewatch"]])
        let third = try store.addOrTag([a], tags: ["REWATCH"], at: Self.now)
        #expect(third.unchanged.map(\.id) == ["movies:1"])
        #expect(store.all().map(\.tags) == [["rewatch"], ["rewatch"]])
        let untagged = try store.retag(ids: ["movies:2"], removing: ["Rewatch"])
        #expect(untagged.map(\.changed) == [["rewatch"]])
        #expect(store.all().map(\.tags) == [["rewatch"], []])
        let gone = try store.remove(ids: ["movies:1"])
        #expect(gone.map(\.title) == ["A"])
    }
}
