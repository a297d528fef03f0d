import Foundation
import ScoutTestSupport
import Testing
@testable import ScoutKit

/// Every recorded real response in ../shared/realdata decodes (read from there, never copied here).
/// Without the folder each test fails saying so (the parameterized ones once, from their arguments);
/// `SCOUT_SKIP_REALDATA=1` skips them.
@Suite(.enabled(if: !RealData.isSkipped, "SCOUT_SKIP_REALDATA=1 skips the tests of the recorded real data"))
struct RealDataTests {
    static var folder: URL { RealData.folder }

    @Test func theRecordedDataIsThere() throws {
        #expect(try RealData.files("itunes").count >= 16)
        #expect(try RealData.files("omdb").count >= 10)
    }

    @Test(arguments: try RealData.files("itunes"))
    func everyITunesResultDecodes(_ file: URL) throws {
        let body = try Data(contentsOf: file)
        let items = try ITunesSource.decode(body)
        let root = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        let results = root?["results"] as? [[String: Any]] ?? []
        #expect(items.count == results.count, "\(file.lastPathComponent)")
        #expect(Set(items.map(\.id)).count >= items.count - 1, "ids are stable and distinct")
        #expect(items.allSatisfy { $0.id.hasPrefix("itunes:") && !$0.title.isEmpty && $0[field: "kind"] != nil })
    }

    /// Scout's byte reader reads every recorded answer itself (no fall-back) into what `JSONDecoder` reads.
    @Test(arguments: try RealData.files("itunes") + RealData.files("omdb"))
    func theByteReaderReadsEveryAnswerAsJSONDecoderDoes(_ file: URL) throws {
        let body = try Data(contentsOf: file)
        let quick = try #require(JSONBytes.whole(body) { $0.answer(depth: 0) }, "\(file.lastPathComponent)")
        let decoded = try JSONDecoder().decode(JSONAnswer.self, from: body)
        #expect(Self.same(quick) == Self.same(decoded), "\(file.lastPathComponent)")
    }

    /// A whole number as an integer, whichever way it was written (`-1.0`: JSONDecoder reads it as an
    /// Int64, the byte reader as the double it was written as; every field reads them alike).
    static func same(_ value: JSONAnswer) -> JSONAnswer {
        switch value {
        case .number(let number) where number == number.rounded() && abs(number) < 1e15: .integer(Int64(number))
        case .array(let list): .array(list.map(same))
        case .object(let object): .object(object.mapValues(same))
        default: value
        }
    }

    @Test func iTunesQuirksReadAsAUserWouldWantThem() throws {
        try RealData.require()
        func load(_ name: String) throws -> [Item] {
            try ITunesSource.decode(Data(contentsOf: Self.folder.appendingPathComponent("itunes/\(name)")))
        }
        let songs = try load("search_songs_taylor_swift_50.json")
        #expect(songs.contains { $0[field: "price"] == "album only" })
        let ebook = try load("search_ebook_moby_dick_no_wrapperType.json")
        #expect(ebook.first?[field: "kind"] == "ebook")
        #expect(ebook.first?[field: "price"] == "Free" || ebook.first?[field: "price"] == "free")
        let episodes = try load("lookup_podcast_episodes_limit1000_raw_body.json")
        #expect(episodes.contains { (Int64($0.id.dropFirst(7)) ?? 0) > Int64(Int32.max) })
        let audiobook = try load("search_audiobook_single.json")
        #expect(audiobook.first?[field: "kind"] == "audiobook")
        let movies = try load("movie_search_feature-movie_star_wars.json")
        #expect(Set(movies.compactMap { $0[field: "kind"] }) == ["feature-movie", "audiobook"])
    }

    @Test(arguments: try RealData.files("omdb", prefix: "detail_"))
    func everyOMDbDetailDecodes(_ file: URL) throws {
        let root = try OMDbSource.parse(Data(contentsOf: file))
        var objects = [root]
        if case .array(let list) = root { objects = list }
        let items = objects.compactMap { JSONFields($0).flatMap(OMDbSource.detail) }
        #expect(items.count == objects.count, "\(file.lastPathComponent)")
        #expect(items.allSatisfy { $0.id.hasPrefix("omdb:tt") && $0.year != nil })
        // "N/A" is absent, never shown.
        #expect(items.allSatisfy { $0.fields.allSatisfy { $0.value != "N/A" } })
    }

    @Test(arguments: try RealData.files("omdb", prefix: "error_"))
    func everyOMDbErrorIsOneActionableLine(_ file: URL) throws {
        let body = try Data(contentsOf: file)
        do {
            let (items, total) = try OMDbSource.decodeSearch(body)
            // Only "not found" reads as an empty answer.
            #expect(items.isEmpty && total == 0)
            #expect(file.lastPathComponent.contains("not_found"))
        } catch {
            let line = error.description
            #expect(!line.contains("\n") && line.count < 200)
            #expect(line.contains(":"), "says what to do: \(line)")
        }
    }

    @Test func omdbYearsAndRatings() throws {
        try RealData.require()
        let series = try OMDbSource.parse(
            Data(
                contentsOf: Self.folder.appendingPathComponent(
                    "omdb/detail_series_breakout_kings_tt1590961_compact.json")))
        let item = try #require(JSONFields(series).flatMap(OMDbSource.detail))
        #expect(item[field: "year"] == "2011–2012")
        #expect(item.year == 2011)
        #expect(item[field: "seasons"] == "2")
        #expect(item[field: "director"] == nil)
    }
}

@Suite struct PacerTests {
    @Test func requestsPastTheLimitWaitForTheWindow() async {
        let pacer = Pacer(limit: 3, window: .milliseconds(300))
        let start = ContinuousClock.now
        for _ in 0..<3 { await pacer.wait() }
        #expect(ContinuousClock.now - start < .milliseconds(100), "the first three go at once")
        await pacer.wait()
        #expect(ContinuousClock.now - start >= .milliseconds(300), "the fourth waits for the window")
    }
}
