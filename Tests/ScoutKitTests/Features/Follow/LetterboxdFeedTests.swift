import FoundationEssentials
import ScoutTestSupport
import Testing

@testable import ScoutKit

/// The feed reader on feeds of the two shapes Letterboxd has served (`Fixtures/world/letterboxd`, written after
/// real ones: 2026's with TMDb ids and likes, 2020's without), and on what the network hands back instead.
@Suite struct LetterboxdFeedTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: FixtureServer.fixtures.appendingPathComponent("world/letterboxd/\(name)"))
    }

    static func at(_ text: String) -> Date? { ISODate.date(text) }

    @Test func aFeedOf2026() throws {
        let feed = try LetterboxdFeed.read(try Self.fixture("anna.xml"))
        #expect(feed.member == "anna" && feed.name == "Anna K.")
        #expect(feed.lists == 1 && feed.shows == 1 && feed.problems == [])
        let expected: [LetterboxdFeed.Entry] = [
            .init(
                guid: "letterboxd-review-5550010", title: "Past Lives", year: 2023, day: "2026-11-12", stars: 4.5,
                liked: true, tmdb: "666277", link: "https://letterboxd.com/anna/film/past-lives/",
                review: "Don't watch it alone.\nThe bar scene & the last shot: twenty years in one look.",
                published: Self.at("2026-11-12T20:12:33Z")),
            .init(
                guid: "letterboxd-watch-5550009", title: "Sirāt", year: 2025, day: "2026-11-10", stars: 3,
                tmdb: "1151272", link: "https://letterboxd.com/anna/film/sirat/",
                published: Self.at("2026-11-11T09:40:02Z")),
            // A rewatch, unrated (no memberRating: not zero stars); its page ends in /1/.
            .init(
                guid: "letterboxd-watch-5550008", title: "Paddington 2", year: 2017, day: "2026-11-08",
                rewatch: true, liked: true, tmdb: "346648", link: "https://letterboxd.com/anna/film/paddington-2/1/",
                published: Self.at("2026-11-08T21:05:44Z")),
            // Logged years after it was watched; a /1/ page that is no rewatch, as real feeds have them.
            .init(
                guid: "letterboxd-watch-5550007", title: "Amélie", year: 2001, day: "2019-05-01", stars: 4,
                tmdb: "194", link: "https://letterboxd.com/anna/film/amelie/1/",
                published: Self.at("2026-11-08T21:04:12Z")),
            // A review never logged: no day.
            .init(
                guid: "letterboxd-review-5550003", title: "Aftersun", year: 2022, stars: 5, liked: true,
                tmdb: "965150", link: "https://letterboxd.com/anna/film/aftersun/",
                review: "Still thinking about the last dance.", published: Self.at("2026-11-02T18:15:29Z")),
        ]
        #expect(feed.entries == expected)
        #expect(feed.entries.map(\.isReview) == [false, false, false, false, true])
    }

    @Test func aFeedOf2020() throws {
        let feed = try LetterboxdFeed.read(try Self.fixture("ben.xml"))
        #expect(feed.member == "ben" && feed.lists == 0 && feed.shows == 0 && feed.problems == [])
        #expect(
            feed.entries == [
                .init(
                    guid: "letterboxd-watch-116000001", title: "Coherence", year: 2013, day: "2020-07-24", stars: 4.5,
                    rewatch: true, link: "https://letterboxd.com/ben/film/coherence/1/",
                    published: Self.at("2020-07-24T20:43:51Z")),
                // No year, and no poster before the review.
                .init(
                    guid: "letterboxd-review-101000002", title: "Playpals", day: "2020-03-12", stars: 4,
                    link: "https://letterboxd.com/ben/film/playpals/",
                    review: "The first of a trilogy, and the most disturbing short I have seen.",
                    published: Self.at("2020-04-23T20:03:13Z")),
                .init(
                    guid: "letterboxd-review-101000001", title: "Batla House", year: 2019, stars: 3.5,
                    link: "https://letterboxd.com/ben/film/batla-house/", review: "More political docudrama, please.",
                    published: Self.at("2020-04-22T19:15:29Z")),
            ])
    }

    /// What a feed's address can answer instead of a feed, each its own problem (and its own line to the user).
    @Test func whatIsNotAFeed() throws {
        #expect(throws: LetterboxdFeed.Problem.empty) { try LetterboxdFeed.read(try Self.fixture("empty.xml")) }
        #expect(throws: LetterboxdFeed.Problem.empty) { try LetterboxdFeed.read(Data(" \n\t".utf8)) }
        #expect(throws: LetterboxdFeed.Problem.webPage) {
            try LetterboxdFeed.read(try Self.fixture("maintenance.html"))
        }
        // A site's stand-in while its cache fills: RSS, but no member's.
        let loading = #"<?xml version="1.0"?><rss version="2.0"><channel><title>Loading...</title></channel></rss>"#
        #expect(throws: LetterboxdFeed.Problem.notAFeed) { try LetterboxdFeed.read(Data(loading.utf8)) }
        #expect(throws: LetterboxdFeed.Problem.notAFeed) { try LetterboxdFeed.read(Data("<feed></feed>".utf8)) }
        let cut = try String(decoding: Self.fixture("anna.xml"), as: UTF8.self).prefix(1500)
        #expect(throws: LetterboxdFeed.Problem.malformed(line: 12)) { try LetterboxdFeed.read(Data(cut.utf8)) }
        let laughs =
            #"<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>"#
            + "<rss><channel><title>Letterboxd - &b;</title></channel></rss>"
        #expect(throws: LetterboxdFeed.Problem.declaresDTD) { try LetterboxdFeed.read(Data(laughs.utf8)) }
        let huge = Data(repeating: 0x20, count: LetterboxdFeed.maxBytes) + Data("<rss/>".utf8)
        #expect(throws: LetterboxdFeed.Problem.tooLarge) { try LetterboxdFeed.read(huge) }
    }

    /// A bad item is named and skipped; the rest are read.
    @Test func aBadItemIsNamedAndTheRestRead() throws {
        var text = String(decoding: try Self.fixture("anna.xml"), as: UTF8.self)
        text = text.replacing(
            "<letterboxd:memberRating>3.0</letterboxd:memberRating>",
            with: "<letterboxd:memberRating>six</letterboxd:memberRating>")
        text = text.replacing("<letterboxd:watchedDate>2026-11-08</letterboxd:watchedDate>", with: "")
        text = text.replacing(
            "<letterboxd:filmYear>2001</letterboxd:filmYear>", with: "<letterboxd:filmYear>MMI</letterboxd:filmYear>")
        let feed = try LetterboxdFeed.read(Data(text.utf8))
        #expect(
            feed.problems == [
                #"item 3 (Sirāt): rating "six" is not 0.5 to 5 stars"#,
                "item 4 (Paddington 2): a diary entry without its day",
                #"item 5 (Amélie): "MMI" is not a year"#,
            ])
        #expect(feed.entries.map(\.title) == ["Past Lives", "Aftersun"])
    }

    @Test func reviewTextIsPlainTextWithoutThePosterOrTheWatchedLine() {
        #expect(
            LetterboxdFeed.review(in: #" <p><img src="x.jpg?v=1"/></p> <p>Watched on Friday July 24, 2020.</p> "#)
                == nil)
        #expect(LetterboxdFeed.review(in: "<p>Watched on a plane.</p>") == "Watched on a plane.")
        #expect(LetterboxdFeed.review(in: "<p>Watched on Friday July 24, 2020. Loved it.</p>") != nil)
        #expect(
            LetterboxdFeed.review(in: "<p>One &amp; two.<br />Three</p><p>\u{1B}[31mred</p>")
                == "One & two.\nThree\n\u{1B}[31mred")
    }

    @Test func pubDatesInEveryZone() {
        #expect(LetterboxdFeed.date("Mon, 5 Jan 2026 05:21:39 +1300") == ISODate.date("2026-01-04T16:21:39Z"))
        #expect(LetterboxdFeed.date("Thu, 23 Apr 2020 07:15:29 -0430") == ISODate.date("2020-04-23T11:45:29Z"))
        #expect(LetterboxdFeed.date("Thu, 23 Apr 2020 07:15:29 GMT") == ISODate.date("2020-04-23T07:15:29Z"))
        #expect(LetterboxdFeed.date("31 Feb 2020 07:15:29 GMT") == nil)
        #expect(LetterboxdFeed.date("yesterday") == nil)
    }
}
