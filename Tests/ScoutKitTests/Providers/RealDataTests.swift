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

    /// The answers these tests read are the ones recorded: each test below runs over every one of them.
    @Test func theRecordedDataIsThere() throws {
        #expect(
            try RealData.files("itunes").map(\.lastPathComponent) == [
                "lookup_album_entity_song_collection_plus_tracks_GB.json",
                "lookup_artist_by_id_slayer_GB.json",
                "lookup_artist_entity_album_artist_plus_collections_GB.json",
                "lookup_empty_resultCount0_GB.json",
                "lookup_podcast_by_id_single_result.json",
                "lookup_podcast_episodes_limit1000_raw_body.json",
                "movie_search_feature-movie_star_wars.json",
                "search_album_collection_taylor_swift_lover.json",
                "search_artistTerm_jimi_hendrix_albums_compilations_GB.json",
                "search_audiobook_single.json",
                "search_ebook_moby_dick_no_wrapperType.json",
                "search_movie_deadpool_rental_prices.json",
                "search_musicArtist_slayer_artists_56_GB.json",
                "search_musicVideo_single_no_collection.json",
                "search_songs_taylor_swift_50.json",
                "software_search_50_results.json",
            ])
        #expect(
            try RealData.files("omdb").map(\.lastPathComponent) == [
                "detail_array_legacy_pre2017_format_no_ratings.json",
                "detail_movie_batman_begins_tt0372784.json",
                "detail_movie_blade_runner_tt0083658.json",
                "detail_movie_compact_raw_battle_of_algiers_tt0058946.json",
                "detail_movie_na_heavy_tt1508951.json",
                "detail_movie_plot_full_two_ratings_tt0390521.json",
                "detail_movie_spider-verse_tt4633694.json",
                "detail_series_breakout_kings_tt1590961_compact.json",
                "error_incorrect_imdb_id.json",
                "error_invalid_api_key.json",
                "error_movie_not_found.json",
                "error_no_api_key_provided.json",
                "error_request_limit_reached.json",
                "error_syntax_error_query_too_long.json",
                "error_too_many_results.json",
                "search_batman_page1.json",
                "search_money_open_ended_series_year.json",
                "search_super_page1.json",
                "search_xxx_page.json",
            ])
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
        // Reading only the members an item uses gives the items reading every member gives.
        #expect(items == (try ITunesSource.decodeTree(body)), "\(file.lastPathComponent)")
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
        let said: String
        do {
            let (items, total) = try OMDbSource.decodeSearch(body)
            said = items.isEmpty && total == 0 ? "(no results)" : "\(items.count) items of \(total)"
        } catch {
            said = error.description
        }
        #expect(said == Self.omdbErrorLines[file.lastPathComponent], "\(file.lastPathComponent)")
    }

    /// What a user reads for each of OMDb's recorded errors: one line that says what to do, or no results.
    static let omdbErrorLines = [
        "error_incorrect_imdb_id.json": "OMDb does not know that IMDb id: search again, the result may have moved",
        "error_invalid_api_key.json":
            "OMDb says the API key is invalid: set omdb-key KEY (or OMDB_API_KEY) to the key OMDb sent you",
        "error_movie_not_found.json": "(no results)",
        "error_no_api_key_provided.json":
            "OMDb needs an API key: set omdb-key KEY (or OMDB_API_KEY); a free key comes from omdbapi.com/apikey.aspx",
        "error_request_limit_reached.json":
            "OMDb's daily request limit for this key is reached: try again tomorrow, or use --offline for cached "
            + "answers",
        "error_syntax_error_query_too_long.json":
            "OMDb says: Syntax error near '\"' in the full-text search condition '\""
            + String(repeating: "x", count: 61) + "…",
        "error_too_many_results.json":
            "OMDb found too many results: narrow the search with --year YYYY or --type movie|series|episode, or "
            + "more words",
    ]

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
