import Foundation
import Testing
@testable import ScoutKit

/// The quick favourites reader and writer against Foundation's coders: the same bytes written, the same
/// value read, and every file in another shape left to JSONDecoder.
@Suite struct FavouritesCodecTests {
    /// Text that JSON must escape or keep as it is: every control character, quotes, slashes, wide and
    /// combining characters, a line separator, an emoji outside the first plane.
    static let awkward =
        (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\"\\/ \u{7F} é e\u{301} 東京 \u{2028} 😀 \u{1B}[2J"

    static let sample = FavouritesFile(favourites: [
        Favourite(
            item: Item(
                id: "movies:tt0078748", title: "Alien",
                fields: [.init("Year", "1979"), .init("Director", "Ridley Scott")],
                url: "https://www.imdb.com/title/tt0078748/"), addedAt: Date(timeIntervalSince1970: 1_795_000_000.75),
            tags: ["sci-fi", "1970s"]),
        Favourite(
            item: Item(id: "restaurants:12", title: awkward, fields: [.init(awkward, awkward)]),
            addedAt: Date(timeIntervalSince1970: 0)),
        Favourite(
            item: Item(id: "songs:\(awkward)", title: "", fields: []),
            addedAt: Date(timeIntervalSince1970: 253_402_300_799.9), tags: [awkward, ""]),
        // Added on 2000-02-29.
        Favourite(
            item: Item(id: "podcasts:1", title: "leap day", url: ""),
            addedAt: Date(timeIntervalSince1970: 951_782_400)),
    ])

    @Test func writesTheBytesJSONEncoderWrites() throws {
        for file in [Self.sample, FavouritesFile(), FavouritesFile(favourites: [Self.sample.favourites[3]])] {
            let expected = try JSONEncoder.scout.encode(file)
            let written = FavouritesCodec.encode(file)
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        }
    }

    @Test func readsWhatJSONDecoderReads() throws {
        for file in [Self.sample, FavouritesFile()] {
            let data = FavouritesCodec.encode(file)
            let fast = try #require(FavouritesCodec.decode(data))
            #expect(fast == (try JSONDecoder.scout.decode(FavouritesFile.self, from: data)))
            #expect(fast.favourites.map(\.title) == file.favourites.map(\.title))
            #expect(
                fast.favourites.map(\.addedAt.timeIntervalSince1970)
                    == file.favourites.map { $0.addedAt.timeIntervalSince1970.rounded(.down) })
        }
        // Compact JSON, keys in any order, escapes in values, nulls and absent keys: still the quick path.
        let compact =
            #"{"version":1,"favourites":[{"title":"A\u00e9\ud83d\ude00\/","id":"movies:1","url":null,"#
            + #""addedAt":"2024-02-29T23:59:59Z"},{"id":"x:2"}]}"#
        let fast = try #require(FavouritesCodec.decode(Data(compact.utf8)))
        #expect(fast == (try JSONDecoder.scout.decode(FavouritesFile.self, from: Data(compact.utf8))))
        #expect(fast.favourites.first?.title == "Aé😀/")
        #expect(fast.favourites.last?.source == "x")
    }

    /// `fav add` to a file in scout's layout writes the new favourites in before the end of the list: the
    /// same bytes as writing the whole longer list, through the store as well; any other layout is read whole.
    @Test func addingInPlaceWritesWhatTheWholeListWouldBe() throws {
        let extra = [
            Favourite(
                item: Item(id: "movies:tt0090605", title: "Aliens \"2\"", fields: [.init("Year", "1986")]),
                addedAt: Date(timeIntervalSince1970: 1_800_000_000), tags: ["sequel"])
        ]
        let longer = FavouritesFile(favourites: Self.sample.favourites + extra)
        #expect(
            FavouritesCodec.appending(extra, to: FavouritesCodec.encode(Self.sample) + Data("\n".utf8))
                == (try JSONEncoder.scout.encode(longer)) + Data("\n".utf8))
        #expect(
            FavouritesCodec.appending(extra, to: FavouritesCodec.encode(FavouritesFile()) + Data("\n".utf8)) == nil,
            "an empty list is written whole")
        #expect(FavouritesCodec.appending(extra, to: Data(#"{"favourites":[{"id":"a:1"}],"version":1}"#.utf8)) == nil)

        let folder = try TempFolder()
        let url = folder.file("favourites.json")
        let store = FavouritesStore(url: url, store: FileStore(), warn: { _ in })
        try store.add(Self.sample.favourites.map(\.item), at: Date(timeIntervalSince1970: 1_795_000_000))
        let before = store.all()
        #expect(
            try store.add([extra[0].item, Self.sample.favourites[0].item], tags: ["sequel"], at: extra[0].addedAt) == 1)
        // The add has an id of its own, new each time (sync tells a removal and re-add from the first add by it).
        let added = try #require(store.all().last?.addID)
        #expect(added != extra[0].addID && added.count == 36)
        var expected = extra
        expected[0].addID = added
        #expect(
            try Data(contentsOf: url) == (try JSONEncoder.scout.encode(FavouritesFile(favourites: before + expected)))
                + Data("\n".utf8))
        #expect(store.all() == before + extra)
        #expect(try store.add([extra[0].item], at: Date()) == 0, "already kept")

        // Compact JSON written by another tool: read whole, written whole.
        try Data(#"{"version":1,"favourites":[{"id":"movies:1","title":"One"}]}"#.utf8).write(to: url)
        let other = FavouritesStore(url: url, store: FileStore(), warn: { _ in })
        #expect(try other.add([extra[0].item], at: extra[0].addedAt) == 1)
        #expect(other.all().map(\.id) == ["movies:1", "movies:tt0090605"])
        #expect(
            try Data(contentsOf: url) == (try JSONEncoder.scout.encode(FavouritesFile(favourites: other.all())))
                + Data("\n".utf8))
    }

    /// Shapes scout never writes: nil from the quick reader, and JSONDecoder (through the store) reads them.
    @Test func leavesOtherShapesToJSONDecoder() throws {
        let others = [
            #"{"favourites":[{"id":"movies:1","rating":5}],"version":1}"#, // a key scout does not write
            #"{"favourites":[{"\u0069d":"movies:1"}],"version":1}"#, // an escape in a key
            #"{"favourites":[{"id":"movies:1","addedAt":"2024-01-01T10:00:00+01:00"}],"version":1}"#, // an offset
            #"{"favourites":[{"id":"movies:1"}],"version":1.0}"#, // a version with a fraction
            #"{"favourites":[{"id":"movies:1"}],"version":2,"extra":[]}"#, // another top-level key
            "\u{FEFF}" + #"{"favourites":[],"version":1}"#, // a byte-order mark
        ]
        let folder = try TempFolder()
        let url = folder.file("favourites.json")
        let file = FavouritesStore.stateFile(url, store: FileStore())
        for text in others {
            let data = Data(text.utf8)
            #expect(FavouritesCodec.decode(data) == nil, "\(text)")
            let foundation = try? JSONDecoder.scout.decode(FavouritesFile.self, from: data)
            try data.write(to: url)
            var warnings: [String] = []
            #expect(file.load { warnings.append($0) } == foundation, "\(text)")
            #expect(warnings.isEmpty == (foundation != nil), "\(text): \(warnings)")
        }
    }

    /// Damage the quick reader must refuse: cut at every offset, a raw control character, invalid UTF-8,
    /// a lone surrogate, a duplicate key, trailing bytes, impossible dates.
    @Test func refusesWhatJSONDecoderRefuses() throws {
        let data = FavouritesCodec.encode(Self.sample)
        for offset in 0..<(data.count - 1) {
            if let fast = FavouritesCodec.decode(data.prefix(offset)) {
                Issue.record("cut at \(offset) read as \(fast.favourites.count) favourites")
            }
        }
        // Typed step by step: one literal of Data sums took the type checker past its limit on a busy machine.
        let head = Data(#"{"favourites":[{"id":"a"#.utf8), tail = Data(#""}],"version":1}"#.utf8)
        let newline: Data = head + Data([0x0A]) + tail
        let notUTF8: Data = head + Data([0xC3, 0x28]) + tail
        let refused: [Data] = [
            newline,
            notUTF8,
            Data(#"{"favourites":[{"id":"a\ud800"}],"version":1}"#.utf8),
            Data(#"{"favourites":[{"id":"a","id":"b"}],"version":1}"#.utf8),
            Data(#"{"favourites":[],"version":1} x"#.utf8),
            Data(#"{"favourites":[],"version":01}"#.utf8),
            Data(#"{"favourites":[{"id":"a","addedAt":"2023-02-29T00:00:00Z"}],"version":1}"#.utf8),
            Data(#"{"favourites":[{"id":"a","addedAt":"2023-01-01T24:00:00Z"}],"version":1}"#.utf8),
            Data(#"{"favourites":[{"id":"a",}],"version":1}"#.utf8),
        ]
        for damaged in refused {
            #expect(FavouritesCodec.decode(damaged) == nil, "\(String(decoding: damaged, as: UTF8.self))")
        }
    }
}
