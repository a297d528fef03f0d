import Foundation
import Testing
@testable import ScoutKit

/// The quick session reader and writer against Foundation's coders: the same bytes written, the same
/// value read, every cut refused, and every file in another shape left to JSONDecoder.
@Suite struct SessionCodecTests {
    static let awkward = FavouritesCodecTests.awkward

    /// Sessions with every field set and unset, each view, awkward text and many selections.
    static var samples: [SessionModel] {
        var empty = SessionModel()
        empty.query = SearchQuery(source: "movies", terms: "")
        var sorted = SessionModel()
        sorted.sort = SortOrder(key: .title)
        sorted.view = .detail(id: "movies:1")
        return [full(selections: 200), SessionModel(), empty, sorted]
    }

    static func full(selections: Int) -> SessionModel {
        var full = SessionModel()
        full.lastVisited = Date(timeIntervalSince1970: 1_795_000_000)
        full.source = "omdb"
        full.query = SearchQuery(
            source: "omdb", terms: awkward, options: ["year": "1999", "type": "movie", "country": awkward])
        full.filter = awkward
        full.sort = SortOrder(key: .rating, descending: false)
        full.group = "year"
        full.page = 7
        full.selections = (0..<selections).map { n in
            Item(
                id: "restaurants:\(n)", title: n == 3 ? awkward : "Restaurant \(n)",
                fields: n % 5 == 0 ? [] : [.init("Cuisine", "Thai"), .init("City", n == 7 ? awkward : "Bangkok")],
                url: n % 2 == 0 ? nil : "https://example.com/\(n)")
        }
        full.view = .detail(id: awkward)
        full.searchID = "DA7A1361-6D65-4F71-B542-7C49987EF345"
        return full
    }

    @Test func writesTheBytesJSONEncoderWrites() throws {
        for session in Self.samples {
            let expected = try JSONEncoder.scout.encode(session)
            #expect(
                String(decoding: SessionCodec.encode(session), as: UTF8.self)
                    == String(decoding: expected, as: UTF8.self))
        }
    }

    @Test func readsWhatJSONDecoderReads() throws {
        for session in Self.samples {
            let data = try JSONEncoder.scout.encode(session)
            let fast = try #require(SessionCodec.decode(data))
            #expect(fast == session)
            #expect(fast == (try JSONDecoder.scout.decode(SessionModel.self, from: data)))
        }
        // Compact, keys in any order, nulls for defaults, an old file without most keys: still the quick path.
        for text in [
            #"{"page":null,"source":"songs","selections":null,"query":{"terms":"x","options":{},"source":"songs"},"#
                + #""view":{"list":{}}}"#,
            #"{"schemaVersion":1}"#, "{}",
            #"{"selections":[{"title":"A\u00e9","id":"movies:1","fields":[{"value":"1979","name":"Year"}],"#
                + #""url":null}],"page":0}"#,
        ] {
            let data = Data(text.utf8)
            let fast = try #require(SessionCodec.decode(data), "\(text)")
            #expect(fast == (try JSONDecoder.scout.decode(SessionModel.self, from: data)), "\(text)")
        }
    }

    @Test func refusesEveryCutAndLeavesOtherShapesToJSONDecoder() throws {
        let data = try JSONEncoder.scout.encode(Self.full(selections: 8))
        for offset in 0..<(data.count - 1) where SessionCodec.decode(data.prefix(offset)) != nil {
            Issue.record("cut at \(offset) read as a session")
        }
        for text in [
            #"{"page":1,"page":2}"#, #"{"page":1.5}"#, #"{"view":{"list":{},"detail":{"id":"x"}}}"#,
            #"{"sort":{"key":"year"}}"#,
            #"{"lastVisited":"2024-01-01T10:00:00+01:00"}"#, #"{"selections":[{"id":"a","title":"b"}]}"#,
            #"{"theme":"dark"}"#,
        ] {
            #expect(SessionCodec.decode(Data(text.utf8)) == nil, "\(text)")
        }
    }
}
