import Foundation
import ScoutTestSupport
import Testing
@testable import ScoutKit

/// Where a film is watched, read from TMDb's real `watch/providers` answer for Fight Club (96 countries,
/// recorded in ../shared/realdata/tmdb).
@Suite(.enabled(if: !RealData.isSkipped, "SCOUT_SKIP_REALDATA=1 skips the tests of the recorded real data"))
struct WhereTests {
    static func providers() throws -> JSONFields {
        let data = try Data(contentsOf: RealData.require().appendingPathComponent("tmdb/movie-watch-providers.json"))
        return try #require(JSONFields(TMDbSource.parse(data)))
    }

    /// Each way's services in TMDb's display order (not the answer's), each once, and the page of them all.
    @Test func aCountrysOffersAreEachWayInDisplayOrder() throws {
        let offers = try #require(WatchOffers.decode(Self.providers(), country: "gb"))
        #expect(offers.country == "GB")
        #expect(offers.link == "https://www.themoviedb.org/movie/550-fight-club/watch?locale=GB")
        #expect(
            offers.services(.stream) == [
                "Netflix", "Disney Plus", "MUBI", "MUBI Amazon Channel", "Netflix basic with Ads",
            ])
        #expect(
            offers.services(.rent) == [
                "Apple TV", "Amazon Video", "Google Play Movies", "Microsoft Store", "YouTube", "Rakuten TV",
            ])
        #expect(offers.services(.free).isEmpty && offers.services(.ads).isEmpty)
        #expect(offers.offers.first == WatchOffers.Offer(way: .stream, service: "Netflix", serviceID: 8))
    }

    /// Every country of the answer reads, each with its link; the few with free or with-ads offers keep them; a
    /// country the answer does not name is nil, not an empty answer.
    @Test func everyCountryReadsAndAnUnnamedOneIsNil() throws {
        let providers = try Self.providers()
        let data = try Data(contentsOf: RealData.require().appendingPathComponent("tmdb/movie-watch-providers.json"))
        guard case .object(let root) = try TMDbSource.parse(data), case .object(let results) = root["results"] else {
            Issue.record("no results object")
            return
        }
        let countries = results.keys
        #expect(countries.count == 96)
        var ways: Set<WatchOffers.Way> = []
        for country in countries {
            let offers = try #require(WatchOffers.decode(providers, country: country), "\(country)")
            #expect(offers.link?.hasSuffix("locale=\(country)") == true, "\(country)")
            for way in WatchOffers.Way.allCases {
                #expect(Set(offers.services(way)).count == offers.services(way).count, "\(country) \(way)")
            }
            ways.formUnion(offers.offers.map(\.way))
        }
        #expect(ways == Set(WatchOffers.Way.allCases))
        #expect(
            countries.filter { WatchOffers.decode(providers, country: $0)?.services(.free).isEmpty == false }.count == 2
        )
        #expect(WatchOffers.decode(providers, country: "ZZ") == nil)
    }

    /// What `show` ends with and `where` lists, for each kind of answer.
    @Test func theLinesSayEachWayAndWhatIsNotKnown() throws {
        let offers = try #require(WatchOffers.decode(Self.providers(), country: "BR"))
        #expect(
            WhereView.lines(.offers(offers), country: "BR").map { "\($0.label): \($0.value)" } == [
                "Watch in: BR, from JustWatch, via TMDb", "Stream: Netflix, Star Plus, Netflix basic with Ads",
                "More: https://www.themoviedb.org/movie/550-fight-club/watch?locale=BR",
            ])
        #expect(
            WhereView.lines(.nothingIn(country: "ZZ"), country: "ZZ").map(\.value) == [
                "nowhere known in ZZ (from JustWatch, via TMDb): where N --country CC looks in another"
            ])
        #expect(WhereView.lines(.unknown, country: "GB").map(\.label) == ["Watch"])
    }
}

/// Your services, matched as a person types them.
@Suite struct StreamingServicesTests {
    @Test func namesMatchAsTyped() {
        for (name, service) in [
            ("netflix", "Netflix"), ("NETFLIX", "Netflix basic with Ads"), ("disney+", "Disney Plus"),
            ("Disney Plus", "Disney Plus"), ("disneyplus", "Disney Plus"), ("apple tv+", "Apple TV Plus"),
            ("appletv+", "Apple TV Plus"), ("amazon prime", "Amazon Prime Video"), ("mubi", "MUBI Amazon Channel"),
            ("Paramount+", "Paramount Plus"),
        ] {
            #expect(StreamingServices.matches(name, service), "\(name) is \(service)")
        }
        for (name, service) in [
            ("max", "maxdome Store"), ("prime", "Amazon Prime Video"), ("apple", "Amazon Video"), ("", "Netflix"),
            ("+", "Disney Plus"), ("disney+", "Disney"),
        ] {
            #expect(!StreamingServices.matches(name, service), "\(name) is not \(service)")
        }
    }

    @Test func aListIsReadOnceEachAndShownAsGiven() {
        let services = StreamingServices(list: " netflix,  MUBI , , Netflix, disney+")
        #expect(services.names == ["netflix", "MUBI", "disney+"])
        #expect(services.list == "netflix, MUBI, disney+")
        #expect(StreamingServices(list: "none").names.isEmpty && StreamingServices(list: "").names.isEmpty)
        // For each name, the first service that is it, in TMDb's order.
        #expect(
            services.theirs(among: ["Netflix", "Disney Plus", "MUBI", "MUBI Amazon Channel", "Netflix basic with Ads"])
                == ["Netflix", "Disney Plus", "MUBI"])
        let unknown = StreamingServices(["neflix", "netflix"]).unknown(among: ["Netflix", "MUBI"])
        #expect(unknown.map(\.name) == ["neflix"] && unknown.map(\.nearest) == ["Netflix"])
    }

    /// TMDb's list of every service (a priority for each country it is in) gives a country's, in its order.
    @Test(.enabled(if: !RealData.isSkipped, "SCOUT_SKIP_REALDATA=1 skips the tests of the recorded real data"))
    func aCountrysServicesComeInItsOrder() throws {
        let data = try Data(
            contentsOf: RealData.require().appendingPathComponent("tmdb/watch-provider-movie-list.json"))
        let list = try TMDbSource.parse(data)
        let gb = TMDbSource.services(list, country: "GB")
        #expect(gb.count > 50 && Set(gb).count == gb.count)
        #expect(gb.contains("Netflix") && gb.contains("BBC iPlayer") && !gb.contains("Hulu"))
        #expect(TMDbSource.services(list, country: "ZZ").isEmpty)
    }
}
