import Foundation
@testable import ScoutKit
import Testing

/// A listing's ♥ marks come from the set of the favourites' id hashes in the cache folder while it is of
/// the favourites file's version, and from the file (the set written again) once the file has changed.
@Suite struct FavouriteMarksTests {
    static func items(_ ids: [String]) -> [Item] { ids.map { Item(id: $0, title: $0) } }

    @Test func marksComeFromTheSetWhileItIsOfTheFilesVersion() throws {
        let folder = try TempFolder()
        let (url, set) = (folder.file("favourites.json"), folder.file("cache/favourites.index"))
        func store() -> FavouritesStore { FavouritesStore(url: url, idIndex: set, store: FileStore(), warn: { _ in }) }
        #expect(store().favouriteIDs(among: ["movies:1"]) == [])
        #expect(try store().add(Self.items(["movies:1", "movies:2", "omdb:tt3"]), at: DamageTests.date) == 3)
        #expect(store().favouriteIDs(among: ["movies:1", "movies:9", "omdb:tt3"]) == ["movies:1", "omdb:tt3"])
        // The set as written: the header and the three hashes, sorted.
        let written = try Data(contentsOf: set)
        let words = written.withUnsafeBytes { raw in
            (0..<(raw.count / 8)).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) }
        }
        #expect(words.count == 9 && words[5] == 3)
        #expect(Array(words[6...]) == ["movies:1", "movies:2", "omdb:tt3"].map { FNV.hash($0) }.sorted())
        // Read from the set, not the file: a set of this version naming another id is believed.
        let stamp = try #require(FileStamp(url))
        try StampedHashSet.encode([FNV.hash("songs:42")], stamp: stamp).write(to: set)
        #expect(store().favouriteIDs(among: ["songs:42", "movies:1"]) == ["songs:42"])
        // The file changed (another scout added one): the set is of an old version, read again and rewritten.
        #expect(try store().add(Self.items(["songs:7"]), at: DamageTests.date) == 1)
        #expect(store().favouriteIDs(among: ["songs:42", "movies:1", "songs:7"]) == ["movies:1", "songs:7"])
        #expect(try Data(contentsOf: set).count == 8 * (6 + 4))
        // A damaged set is no set.
        try Data("garbage".utf8).write(to: set)
        #expect(store().favouriteIDs(among: ["movies:2", "songs:42"]) == ["movies:2"])
        #expect(store().contains("omdb:tt3") && !store().contains("omdb:tt4"))
    }
}
