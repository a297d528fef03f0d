import Foundation
import ScoutTestSupport
import Testing
@testable import ScoutKit

/// TMDb's readers on its real answers: those recorded in ../shared/realdata/tmdb (read from there) and the
/// ones TMDb clients recorded, in Fixtures/world/tmdb (SOURCES.md says whose).
@Suite(.enabled(if: !RealData.isSkipped, "SCOUT_SKIP_REALDATA=1 skips the tests of the recorded real data"))
struct TMDbTests {
    static func recorded(_ name: String) throws -> Data {
        try Data(contentsOf: RealData.require().appendingPathComponent("tmdb/\(name)"))
    }

    static func world(_ name: String) throws -> Data {
        try Data(contentsOf: FixtureServer.fixtures.appendingPathComponent("world/tmdb/\(name)"))
    }

    static func answer(_ body: Data, status: Int, retryAfter: String? = nil) -> FetchedAnswer {
        FetchedAnswer(status: status, body: body, retryAfter: retryAfter, note: nil)
    }

    @Test func aSearchReadsAsTheListShowsIt() throws {
        let (items, total, pages) = try TMDbSource.decodeSearch(Self.recorded("search-movie.json"))
        #expect(total == 1 && pages == 1)
        #expect(
            items == [
                Item(
                    id: "tmdb:21778", title: "RRRrrrr!!!",
                    fields: [.init("year", "2004"), .init("kind", "movie"), .init("rating", "6.3")],
                    url: "https://www.themoviedb.org/movie/21778")
            ])
    }

    /// Pages of twenty with TMDb's counts; a film without a release date has no year (`""` is absent), and an
    /// original title unlike the title is kept.
    @Test func pagesOfManyResultsKeepTheirQuirks() throws {
        let (first, total, pages) = try TMDbSource.decodeSearch(Self.world("search_movie_earth_page1.json"))
        let (second, _, _) = try TMDbSource.decodeSearch(Self.world("search_movie_earth_page2.json"))
        #expect(first.count == 20 && second.count == 20 && total == 1241 && pages == 63)
        #expect(first.prefix(3).map(\.title) == ["22 vs. Earth", "Scorched Earth", "After Earth"])
        #expect(Set(first.map(\.id)).isDisjoint(with: second.map(\.id)))
        let (fightClub, _, _) = try TMDbSource.decodeSearch(Self.world("search_movie_fight_club_page1.json"))
        let undated = fightClub.filter { $0.year == nil }
        #expect(undated.count == 2)
        #expect(undated.allSatisfy { $0[field: "year"] == nil })
        let russian = try #require(fightClub.first { $0.title == "Fight Club (Russian version)" })
        #expect(russian[field: "original title"] == "Бойцовский клуб (русская версия)")
    }

    /// A series search: `name` and `first_air_date`, kind `series`; one without a date or votes shows neither.
    @Test func aSeriesSearchReadsNamesAndFirstAirDates() throws {
        let (items, _, _) = try TMDbSource.decodeSearch(
            Self.world("search_tv_game_of_thrones_page1.json"), tv: true)
        #expect(items.map(\.id) == ["tmdb:tv:1399", "tmdb:tv:206584", "tmdb:tv:94997", "tmdb:tv:224372"])
        #expect(items[0].fields == [.init("year", "2011"), .init("kind", "series"), .init("rating", "8.4")])
        #expect(items[3].fields == [.init("kind", "series")])
    }

    /// A film's details with its credits and external ids appended, as `show` lists them.
    @Test func aFilmsDetailsAreWhatAFilmLoverReads() throws {
        var details = JSONAnswer.object(try Self.objectOf(Self.recorded("movie-details.json")))
        let credits = try TMDbSource.parse(Self.world("movie_550_credits.json"))
        let ids = try TMDbSource.parse(Self.recorded("movie-external-ids.json"))
        if case .object(var members) = details {
            members["credits"] = credits
            members["external_ids"] = ids
            details = .object(members)
        }
        let item = try #require(JSONFields(details).flatMap { TMDbSource.detail($0, tv: false) })
        #expect(item.id == "tmdb:550" && item.title == "Fight Club")
        #expect(
            item.fields.map { "\($0.name): \($0.value)" } == [
                "year: 1999", "kind: movie", "rating: 8.4", "runtime: 139 min", "genre: Drama",
                "director: David Fincher",
                "actors: Edward Norton, Brad Pitt, Helena Bonham Carter, Meat Loaf, Jared Leto",
                "released: 1999-10-15", "tagline: Mischief. Mayhem. Soap.",
                "plot: " + (JSONFields(details)?.text("overview") ?? ""), "votes: 27,917", "imdb: tt0137523",
            ])
    }

    /// A series' details: its creators, seasons, no runtime when `episode_run_time` is empty.
    @Test func aSeriesDetailsNameItsCreators() throws {
        let root = try TMDbSource.parse(Self.world("tv_1399.json"))
        let item = try #require(JSONFields(root).flatMap { TMDbSource.detail($0, tv: true) })
        #expect(item.id == "tmdb:tv:1399" && item.title == "Game of Thrones")
        #expect(item[field: "creator"] == "David Benioff, D.B. Weiss")
        #expect(item[field: "seasons"] == "8")
        #expect(item[field: "runtime"] == nil && item[field: "director"] == nil)
        #expect(item[field: "genre"] == "Sci-Fi & Fantasy, Drama, Action & Adventure")
    }

    /// The poster's address: `/3/configuration`'s secure base and its size nearest 342 pixels.
    @Test func postersComeFromTheConfigurationsBase() throws {
        let root = try TMDbSource.parse(Self.world("configuration.json"))
        let configuration = try #require(JSONFields(root))
        #expect(TMDbSource.imageBase(configuration) == "https://image.tmdb.org/t/p/w342")
        #expect(TMDbSource.imageBase(configuration) == TMDbSource.defaultImageBase)
    }

    /// TMDb's recorded errors, each as the line a user reads.
    @Test func everyRecordedErrorIsOneLineThatSaysWhatToDo() throws {
        func said(_ body: Data, status: Int, credential: TMDbSource.Credential?, asking: String = "the search")
            -> String
        {
            do {
                try TMDbSource.check(Self.answer(body, status: status), credential: credential, asking: asking)
                return "(no error)"
            } catch {
                return error.description
            }
        }
        let invalid = try Self.recorded("invalid-api-key.json")
        #expect(
            said(invalid, status: 401, credential: .key("k"))
                == "TMDb says the API key in TMDB_API_KEY is invalid: set it to the one on themoviedb.org/settings/api")
        #expect(
            said(invalid, status: 401, credential: .token("t"))
                == "TMDb says the read access token in TMDB_READ_ACCESS_TOKEN is invalid: set it to the one on "
                + "themoviedb.org/settings/api")
        #expect(
            said(try Self.recorded("resource-not-found.json"), status: 404, credential: .key("k"), asking: "that film")
                == "TMDb does not know that film: search again, it may have been removed")
        #expect(
            said(try Self.recorded("validation-error.json"), status: 422, credential: .key("k"))
                == "TMDb refused the search: query must be provided; check the terms and options")
        #expect(
            said(try Self.world("search_movie_busy_page1.json"), status: 429, credential: .key("k"))
                == "TMDb is limiting requests: try again in a minute")
        #expect(
            said(Data("<html>down</html>".utf8), status: 503, credential: .key("k"))
                == "TMDb is unavailable (HTTP 503): try again later")
        #expect(said(Data(), status: 200, credential: .key("k")) == "(no error)")
    }

    @Test func theKeyComesFromTheEnvironmentTheV3KeyFirst() {
        #expect(TMDbSource.Credential([:]) == nil)
        #expect(TMDbSource.Credential(["TMDB_API_KEY": " ", "TMDB_READ_ACCESS_TOKEN": ""]) == nil)
        #expect(TMDbSource.Credential(["TMDB_READ_ACCESS_TOKEN": "eyJ"]) == .token("eyJ"))
        #expect(TMDbSource.Credential(["TMDB_API_KEY": "abc", "TMDB_READ_ACCESS_TOKEN": "eyJ"]) == .key("abc"))
    }

    @Test func itemIDsNameAFilmOrASeries() {
        #expect(TMDbSource.tmdbID(ofItem: "tmdb:550")! == (false, "550"))
        #expect(TMDbSource.tmdbID(ofItem: "tmdb:tv:1399")! == (true, "1399"))
        for other in ["tmdb:", "tmdb:tv:", "tmdb:55a", "omdb:tt0137523", "tmdb:tv:../1"] {
            #expect(TMDbSource.tmdbID(ofItem: other) == nil, "\(other)")
        }
    }

    static func objectOf(_ data: Data) throws -> [String: JSONAnswer] {
        guard case .object(let members) = try TMDbSource.parse(data) else { return [:] }
        return members
    }
}
