import Foundation
@testable import ScoutKit
import ScoutTestSupport
import Testing

/// iTunes and OMDb through a loopback server: real recorded answers, errors, paging, cache, offline, deny.
@Suite struct LiveSourceTests {
    static let fixtures = FixtureServer.fixtures

    /// Serves each recorded iTunes body (in ../shared/realdata) for `/search?term=<its file name>`, as
    /// `text/javascript` as iTunes does. Without the folder it fails saying so; SCOUT_SKIP_REALDATA=1 skips it.
    @Test(.enabled(if: !RealData.isSkipped, "SCOUT_SKIP_REALDATA=1 skips the tests of the recorded real data"))
    func everyRecordedITunesAnswerYieldsItsItemsInJSON() async throws {
        let files = try RealData.files("itunes")
        let bodies = Dictionary(
            uniqueKeysWithValues: try files.map {
                ($0.deletingPathExtension().lastPathComponent, try Data(contentsOf: $0))
            })
        let server = try await FixtureServer.start { path, query in
            guard path == "/search", let body = bodies[query["term"] ?? ""] else { return nil }
            return FixtureResponse(body: body, contentType: "text/javascript; charset=utf-8")
        }
        let box = try Sandbox()
        box.environment["SCOUT_ITUNES_URL"] = server.baseURL
        let names = files.map { $0.deletingPathExtension().lastPathComponent }
        let run = try await box.run(["--json", "-c", names.map { "search \($0) --in songs" }.joined(separator: "; ")])
        let objects = try run.stdoutLines.map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        #expect(objects.count == names.count)
        for (name, object) in zip(names, objects) {
            let body = try #require(bodies[name])
            let expected =
                ((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["results"] as? [Any])?.count ?? -1
            #expect(object["ok"] as? Bool == true, "\(name): \(object)")
            // A full page may have more behind it, and iTunes does not say how many: the total is null then.
            if expected >= ITunesSource.limit {
                #expect(object["total"] is NSNull, "\(name)")
            } else {
                #expect(object["total"] as? Int == expected, "\(name)")
            }
            let items = object["items"] as? [[String: Any]] ?? []
            #expect(items.count == min(expected, 20), "\(name)")
            #expect(items.allSatisfy { ($0["id"] as? String)?.hasPrefix("itunes:") == true && $0["title"] is String })
        }
        await server.stop()
    }

    /// Each recorded OMDb error (in ../shared/realdata) is one line and the REPL goes on. Without the
    /// folder it fails saying so; SCOUT_SKIP_REALDATA=1 skips it.
    @Test(.enabled(if: !RealData.isSkipped, "SCOUT_SKIP_REALDATA=1 skips the tests of the recorded real data"))
    func everyOMDbErrorIsOneLineAndTheREPLGoesOn() async throws {
        let files = try RealData.files("omdb", prefix: "error_")
        let bodies = Dictionary(
            uniqueKeysWithValues: try files.map {
                ($0.deletingPathExtension().lastPathComponent, try Data(contentsOf: $0))
            })
        let server = try await FixtureServer.start { _, query in
            guard let body = bodies[query["s"] ?? ""] else { return nil }
            let status = (query["s"] ?? "").contains("api_key") || (query["s"] ?? "").contains("limit") ? 401 : 200
            return FixtureResponse(status: status, body: body)
        }
        let box = try Sandbox()
        box.environment["SCOUT_OMDB_URL"] = server.baseURL
        box.environment["OMDB_API_KEY"] = "k3y"
        for name in bodies.keys.sorted() {
            let run = try await box.run(["-c", "set auto-deny off; search \(name) --in omdb; sources"])
            #expect(run.stdout.contains("omdb          usable"), "the REPL went on after \(name)")
            if name.contains("not_found") {
                #expect(run.status == 0)
                #expect(run.stdout.contains("No omdb match"))
            } else {
                #expect(run.status == 1, "\(name)")
                #expect(run.stderrLines.count == 1, "\(name): \(run.stderr)")
            }
        }
        let limit = try await box.run(["-c", "search error_request_limit_reached --in omdb"])
        #expect(
            limit.stderr
                == "scout: OMDb's daily request limit for this key is reached: try again tomorrow, or use --offline "
                + "for cached answers\n"
        )
        let key = try await box.run(["-c", "search error_invalid_api_key --in omdb"])
        #expect(key.stderr.contains("set omdb-key KEY"))
        // The key never reaches the files.
        for folder in ["state/scout", "data/scout", "cache/scout"] {
            for file in box.files(in: folder) where !file.hasPrefix(".") {
                #expect(!(try box.read(box.path("\(folder)/\(file)"))).contains("k3y"), "\(folder)/\(file)")
            }
        }
        await server.stop()
    }

    /// Page `page` of an OMDb search with 100 results, "Star Story PAGE-N", 10 a page.
    static func starPage(_ page: Int) -> Data {
        let items = (1...10).map { i in
            #"{"Title":"Star Story \#(page)-\#(i)","Year":"\#(1970 + page)","#
                + #""imdbID":"tt9\#(String(format: "%02d%02d", page, i))","Type":"movie","Poster":"N/A"}"#
        }
        return Data(#"{"Search":[\#(items.joined(separator: ","))],"totalResults":"100","Response":"True"}"#.utf8)
    }

    @Test func loadAllFetchesPagesInParallelKeepingTheirOrder() async throws {
        let gauge = InFlight()
        let server = try await FixtureServer.start { _, query in
            let page = Int(query["page"] ?? "1") ?? 1
            await gauge.enter()
            try? await Task.sleep(for: .milliseconds(200))
            await gauge.leave()
            return FixtureResponse(body: Self.starPage(page))
        }
        let box = try Sandbox()
        box.environment["SCOUT_OMDB_URL"] = server.baseURL
        box.environment["OMDB_API_KEY"] = "k3y"
        let start = ContinuousClock.now
        let run = try await box.run(["-c", "search star --in omdb; load all; page 5"])
        let elapsed = ContinuousClock.now - start
        // What a user reads: the heading stops saying "20 loaded", every page joined in order, page 5 is rows 81-100.
        let lines = run.stdoutLines
        #expect(lines.first == "omdb · \"star\" · 100 results · 20 loaded · page 1 of 5")
        #expect(lines.contains("omdb · \"star\" · 100 results · page 1 of 5"))
        #expect(lines.contains("Loaded 80 more: 100 in all."))
        #expect(lines.suffix(21).first == "omdb · \"star\" · 100 results · page 5 of 5")
        #expect(lines.suffix(20).first?.hasPrefix("    81  Star Story 9-1 ") == true, "\(lines.suffix(21))")
        #expect(lines.last?.hasPrefix("   100  Star Story 10-10 ") == true)
        #expect(await server.log.paths.count == 10)
        let peak = await gauge.peak
        #expect(peak >= 3 && peak <= 8, "requests in flight at once: \(peak)")
        print("load all of 10 pages at 200 ms each took \(elapsed) (one after another: 2 s); peak in flight \(peak)")
        let order = try await box.run(["--json", "-c", "page 5"])
        let items =
            (try JSONSerialization.jsonObject(with: Data(order.stdout.utf8)) as? [String: Any])?["items"]
            as? [[String: Any]] ?? []
        #expect(items.first?["title"] as? String == "Star Story 9-1")
        let json = try await box.run(["--json", "-c", "list"])
        #expect(json.stdout.contains(#""loaded":100"#), "\(json.stdout.prefix(300))")
        await server.stop()
    }

    /// Ctrl-C during `load all` keeps the pages that arrived: the heading counts them and they stay listed.
    @Test func ctrlCDuringLoadAllKeepsThePagesThatArrived() async throws {
        let server = try await FixtureServer.start { _, query in
            let page = Int(query["page"] ?? "1") ?? 1
            // The first six pages come at once (a 40-line window shows 36 rows: the search fetches four), the
            // rest only after a long wait that Ctrl-C cuts short.
            return FixtureResponse(
                body: Self.starPage(page),
                delay: page <= 6 ? .zero : .seconds(20))
        }
        let box = try Sandbox()
        box.environment["SCOUT_OMDB_URL"] = server.baseURL
        box.environment["OMDB_API_KEY"] = "k3y"
        let term = try TmuxTerminal(sandbox: box, width: 100, height: 40)
        try term.waitFor("movies [0 selected]>")
        try term.type("search star --in omdb")
        try term.send("Enter")
        try term.waitFor("40 loaded")
        try term.type("load all")
        try term.send("Enter")
        try term.waitFor("loading pages: 6 of 10", timeout: 10)
        try term.send("C-c")
        let screen = try term.waitFor("load all again to go on", timeout: 10)
        #expect(screen.contains("omdb · \"star\" · 100 results · 60 loaded · page 1 of 3"), "\(screen)")
        #expect(screen.contains("Loaded 20 more: 60 in all."))
        try term.type("set page-size 10; page 6")
        try term.send("Enter")
        let page6 = try term.waitFor("   60  Star Story 6-10 ")
        #expect(page6.contains("   51  Star Story 6-1 "), "\(page6)")
        #expect(page6.contains("page 6 of 10"), "\(page6)")
        await server.stop()
    }

    /// Ctrl-C while a restored search is fetched again at launch cancels that fetch and leaves a prompt
    /// (a SIGINT before the REPL began ended scout).
    @Test func ctrlCWhileRestoringAtLaunchCancelsTheFetch() async throws {
        let slow = Flag()
        let server = try await FixtureServer.start { _, query in
            FixtureResponse(
                body: Self.starPage(Int(query["page"] ?? "1") ?? 1), delay: await slow.isSet ? .seconds(20) : .zero)
        }
        let box = try Sandbox()
        box.environment["SCOUT_OMDB_URL"] = server.baseURL
        box.environment["OMDB_API_KEY"] = "k3y"
        box.environment["SCOUT_TEST_NOW"] = "2026-11-22T19:14:00Z"
        try await box.run(["-c", "search star --in omdb; set cache-ttl 0"])
        await slow.set()
        let term = try TmuxTerminal(sandbox: box, width: 100, height: 40)
        try term.waitFor("restoring your omdb search")
        try term.send("C-c")
        let screen = try term.waitFor("omdb [0 selected]>", timeout: 5)
        #expect(
            screen.contains("scout: fetching \"star\" again was cancelled: list fetches it when you want it"),
            "\(screen)")
        #expect(screen.contains("Restored: omdb, \"star\", page 1, 0 selected, list view."))
        #expect(term.isRunning)
        await server.stop()
    }

    /// On a terminal, `load all` shows pages done of total on standard error while it waits, erased at the end.
    @Test func loadAllShowsPagesDoneOfTotalOnATerminal() async throws {
        let server = try await FixtureServer.start { _, query in
            let page = Int(query["page"] ?? "1") ?? 1
            // Later pages slower and slower, so that the progress line is there to be read.
            return FixtureResponse(
                body: Self.starPage(page),
                delay: page == 1 ? .zero : .milliseconds(100 * page))
        }
        let box = try Sandbox()
        box.environment["SCOUT_OMDB_URL"] = server.baseURL
        box.environment["OMDB_API_KEY"] = "k3y"
        let term = try TmuxTerminal(sandbox: box)
        try term.waitFor("movies [0 selected]>")
        try term.type("search star --in omdb; load all")
        try term.send("Enter")
        let waiting = try term.waitFor("loading pages: ", timeout: 5)
        #expect(waiting.contains(" of 10"), "\(waiting)")
        try term.waitFor("100 results", timeout: 10)
        #expect(!(try term.screen()).contains("loading pages"), "erased at the end")
        await server.stop()
    }
}
