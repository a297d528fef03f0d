import Foundation
@testable import ScoutKit
import ScoutTestSupport
import Testing

/// The response cache and offline, the deny list learning from a search that finds nothing, and OMDb without a key.
extension LiveSourceTests {
    @Test func aRepeatedSearchIsServedFromTheCacheAndOfflineSaysHowOld() async throws {
        let batman = try Data(contentsOf: Self.fixtures.appendingPathComponent("omdb/search_batman_page1.json"))
        let detail = try Data(contentsOf: Self.fixtures.appendingPathComponent("omdb/detail_batman_begins.json"))
        let down = Flag()
        let server = try await FixtureServer.start { _, query in
            if await down.isSet {
                return FixtureResponse(
                    status: 503, body: Data("<html><body>Service Unavailable</body></html>".utf8),
                    contentType: "text/html")
            }
            if query["i"] == "tt0372784" { return FixtureResponse(body: detail) }
            guard query["s"] == "batman" else { return nil }
            // One page of 574: later pages are not part of this fixture and read as the end.
            return query["page"] == "1"
                ? FixtureResponse(body: batman)
                : FixtureResponse(body: Data(#"{"Response":"False","Error":"Movie not found!"}"#.utf8))
        }
        let box = try Sandbox()
        box.environment["SCOUT_OMDB_URL"] = server.baseURL
        // A key with characters a query must escape: sent as it is, and never written into the cache.
        box.environment["OMDB_API_KEY"] = "k3y+/&="
        let first = try await box.run(["-c", "search batman --in omdb; sort year; show 5"])
        #expect(first.status == 0, "\(first.stderr)")
        let asked = await server.log.paths
        #expect(
            asked == [
                "/?s=batman&page=1&apikey=k3y%2B%2F%26%3D", "/?s=batman&page=2&apikey=k3y%2B%2F%26%3D",
                "/?i=tt0372784&plot=full&apikey=k3y%2B%2F%26%3D",
            ])
        let cached = box.files(in: "cache/scout").filter { $0.hasSuffix(".answer") }
        #expect(cached.count == 3)
        for name in cached {
            let bytes = try String(decoding: Data(contentsOf: box.path("cache/scout/\(name)")), as: UTF8.self)
            #expect(bytes.contains("apikey=-"), "\(name)")
            #expect(!bytes.contains("k3y"), "\(name)")
        }
        #expect(first.stdout.contains("by year desc"))
        #expect(first.stdout.contains("Director:   Christopher Nolan") || first.stdout.contains("Director:"))
        let sent = await server.log.paths.count
        let again = try await box.run(["-c", "search batman --in omdb; cache"])
        #expect(again.stdout.contains("omdb · \"batman\" · 10 results · by year desc · page 1 of 1"))
        #expect(await server.log.paths.count == sent, "a repeated search sends nothing")
        #expect(again.stdout.contains("hit rate"))

        await down.set()
        let stale = try await box.run(["-c", "set cache-ttl 0; search batman --in omdb"])
        #expect(stale.stdout.contains("(stale: from the cache, "))
        #expect(stale.stdout.contains("because OMDb answered HTTP 503)"))
        let fresh = try await box.run(["-c", "search superman --in omdb"])
        #expect(fresh.stderr == "scout: OMDb is unavailable (HTTP 503): try again later\n")
        await server.stop()

        // With the server gone, --offline answers from the cache and says how old the answer is.
        let offline = try await box.run(["--offline", "-c", "search batman --in omdb"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("(offline: from the cache, "))
        #expect(!offline.stdout.contains("(offline))"))
        #expect(offline.stdout.contains("Batman Begins"))

        let missing = try await box.run(["--offline", "-c", "search robin --in omdb"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("offline, and this OMDb answer is not in the cache"))
    }

    /// A search that finds nothing is refused next time as that same search only: same source, same
    /// options (the store's country included), same folded terms; a longer query, another store or the
    /// catalog is asked.
    @Test func aSearchThatFindsNothingIsDeniedNextTime() async throws {
        let empty = Data("\n\n{\"resultCount\":0,\"results\":[]}\n".utf8)
        let server = try await FixtureServer.start { path, _ in path == "/search" ? FixtureResponse(body: empty) : nil }
        let box = try Sandbox()
        box.environment["SCOUT_ITUNES_URL"] = server.baseURL
        let first = try await box.run(["-c", "search zzqx nothing --in songs"])
        #expect(first.stdout.contains("Added songs \"zzqx nothing\" --country US --lang en_us to the deny list"))
        let second = try await box.run(["-c", "search ZZQX  nothing --in songs"])
        #expect(second.status == 1)
        #expect(second.stderr.contains("refused: songs \"zzqx nothing\" --country US --lang en_us found nothing on "))
        #expect(await server.log.paths.count == 1)
        let others = try await box.run([
            "-c",
            "search zzqx nothing at all --in songs; search zzqx nothing --in songs --country gb; search zzqx nothing "
                + "--in albums",
        ])
        #expect(others.status == 0, "\(others.stderr)")
        #expect(await server.log.paths.count == 4)
        let catalog = try await box.run(["-c", "search zzqx nothing --in movies"])
        #expect(catalog.status == 0 && catalog.stdout.contains("No movies match"), "\(catalog.stderr)")
        // Terms a query must escape are sent as typed: a `+` left bare reads as a space to the server.
        try await box.run(["-c", "search c++ r&b --in songs"])
        #expect(
            await server.log.paths.last
                == "/search?term=c%2B%2B%20r%26b&media=music&entity=song&country=US&lang=en_us&limit=50&offset=0")
        await server.stop()
    }

    @Test func omdbWithoutAKeyAndBadOptionsSendNothing() async throws {
        let server = try await FixtureServer.start { _, _ in FixtureResponse(body: Data("{}".utf8)) }
        let box = try Sandbox()
        box.environment["SCOUT_OMDB_URL"] = server.baseURL
        let run = try await box.run(["-c", "sources; search alien --in omdb"])
        #expect(run.stdout.contains("omdb          no key"))
        #expect(run.stderr.contains("OMDb needs an API key: set omdb-key KEY (or OMDB_API_KEY)"))
        let year = try await box.run([
            "-c", "set omdb-key abc123; search alien --in omdb --year 1700; search alien --in omdb --type film",
        ])
        #expect(year.stderr.contains("--year takes a year from 1850 to 2200"))
        #expect(year.stderr.contains("--type takes movie, series or episode"))
        #expect(await server.log.paths.isEmpty)
        await server.stop()
    }
}
