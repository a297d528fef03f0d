import Foundation
import ScoutTestSupport
import Testing

/// What iTunes and the network do wrong, each answered with one line while the REPL goes on.
@Suite struct FaultTests {
    static let song = Data(
        (#"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1440833481,"trackName":"Love "#
            + #"Story","artistName":"Taylor Swift","trackPrice":1.29,"currency":"USD"}]}"#).utf8)

    @Test func iTunesFaultsAreOneLineEach() async throws {
        let tries = Counter()
        let server = try await FixtureServer.start { _, query in
            switch query["term"] ?? "" {
            case "bad":
                return FixtureResponse(
                    status: 400,
                    body: Data(
                        #"{"errorMessage":"Invalid value(s) for key(s): [mediaType]","queryParameters":{"media":"x"}}"#
                            .utf8))
            case "slowdown": return FixtureResponse(status: 429, body: Data(), retryAfter: "120")
            case "brief":
                // Throttled once with a short Retry-After, then served: scout waits and tries again.
                return await tries.next() == 1
                    ? FixtureResponse(status: 429, body: Data(), retryAfter: "1") : FixtureResponse(body: Self.song)
            case "down":
                return FixtureResponse(
                    status: 503, body: Data("<html>Service Unavailable</html>".utf8), contentType: "text/html")
            case "html":
                return FixtureResponse(
                    body: Data("<!DOCTYPE html><html><body>Maintenance</body></html>".utf8), contentType: "text/html")
            case "cut": return FixtureResponse(body: Self.song.prefix(60))
            case "huge": return FixtureResponse(body: Data(count: 9 * 1_048_576))
            case "reset": return FixtureResponse(body: Self.song, disconnectAfter: 40)
            default: return FixtureResponse(body: Self.song)
            }
        }
        let box = try Sandbox()
        box.environment["SCOUT_ITUNES_URL"] = server.baseURL
        let expected = [
            "bad":
                "scout: iTunes rejected the search: Invalid value(s) for key(s): [mediaType]; check the terms and "
                + "options",
            "slowdown": "scout: iTunes is limiting requests: try again in 120 s",
            "down": "scout: iTunes is unavailable (HTTP 503): try again later",
            "html":
                "scout: could not read iTunes's answer (a web page came back instead of JSON): the server is not "
                + "speaking the expected API",
            "cut":
                "scout: could not read iTunes's answer (not valid JSON, perhaps cut short): the server is not speaking "
                + "the expected API",
            "huge": "scout: the answer was larger than 8 MB and was dropped",
            "reset":
                "scout: cannot reach 127.0.0.1 (connection closed mid-answer): check the network or the URL, or try "
                + "again with --offline",
        ]
        for (term, line) in expected.sorted(by: { $0.key < $1.key }) {
            let run = try await box.run(["-c", "search \(term) --in songs; search love --in songs"])
            #expect(run.stderr == line + "\n", "\(term)")
            #expect(run.stdout.contains("1  Love Story"), "the REPL went on after \(term)")
            #expect(run.status == 1)
        }
        let brief = try await box.run(["-c", "search brief --in songs"])
        #expect(brief.status == 0, "\(brief.stderr)")
        #expect(brief.stdout.contains("Love Story"))
        let started = ContinuousClock.now
        let refused = try await Sandbox().run(
            ["-c", "search x --in songs"], extraEnvironment: ["SCOUT_ITUNES_URL": "http://127.0.0.1:9"])
        #expect(refused.stderr.hasPrefix("scout: cannot reach 127.0.0.1 (connection refused)"))
        #expect(
            ContinuousClock.now - started < .seconds(2),
            "a refused connection is reported at once, not retried until the timeout")
        await server.stop()
    }

    /// A wait over 300 ms shows a spinner and what scout waits for on a terminal's standard error, erased
    /// when the answer comes; a quick answer and a pipe show none.
    @Test func aSlowAnswerShowsASpinnerThatIsErasedAfterwards() async throws {
        let server = try await FixtureServer.start { _, query in
            FixtureResponse(body: Self.song, delay: query["term"] == "slow" ? .seconds(2) : .zero)
        }
        let box = try Sandbox()
        box.environment["SCOUT_ITUNES_URL"] = server.baseURL
        let term = try TmuxTerminal(sandbox: box)
        try term.waitFor("movies [0 selected]>")
        try term.type("search slow --in songs")
        try term.send("Enter")
        let waiting = try term.waitFor("searching songs…", timeout: 3)
        #expect(waiting.contains { "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏".contains($0) })
        try term.waitFor("1  Love Story", timeout: 5)
        #expect(!(try term.screen()).contains("searching songs"), "erased once the answer came")
        try term.type("search quick --in songs")
        try term.send("Enter")
        try term.waitFor("\"quick\"")
        #expect(!(try term.screen()).contains("searching"))
        let piped = try await box.run(["-c", "search slow --in songs"])
        #expect(piped.stdout.contains("Love Story") && piped.stderr.isEmpty, "nothing on a pipe: \(piped.stderr)")
        await server.stop()
    }

    @Test func ctrlCCancelsAHangingSearchAndScoutGoesOn() async throws {
        let server = try await FixtureServer.start { _, _ in FixtureResponse(body: Self.song, delay: .seconds(20)) }
        let box = try Sandbox()
        box.environment["SCOUT_ITUNES_URL"] = server.baseURL
        let term = try TmuxTerminal(sandbox: box)
        try term.waitFor("movies [0 selected]>")
        try term.type("search love --in songs")
        try term.send("Enter")
        try await Task.sleep(for: .milliseconds(500))
        let start = ContinuousClock.now
        try term.send("C-c")
        try term.waitFor("scout: cancelled", timeout: 3)
        let waited = ContinuousClock.now - start
        #expect(waited < .milliseconds(500), "cancelled after \(waited)")
        print("Ctrl-C cancelled a hanging request in \(waited)")
        try term.waitFor("movies [0 selected]>")
        #expect(term.isRunning)
        try term.type("search heat")
        try term.send("Enter")
        try term.waitFor("1  Heat")
        await server.stop()
    }
}

extension FaultTests {
    @Test func slowServersTimeOutAndOversizedOrRefusingAnswersAreOneLineEach() async throws {
        let server = try await FixtureServer.start { _, query in
            switch query["term"] ?? "" {
            case "stall": return FixtureResponse(body: Self.song, delay: .seconds(20))
            case "drip": return FixtureResponse(body: Self.song, drip: .milliseconds(100))
            case "ten": return FixtureResponse(body: Data(repeating: UInt8(ascii: " "), count: 10 * 1_048_576))
            case "forbidden": return FixtureResponse(status: 403, body: Data(), retryAfter: "30")
            case "broken":
                return FixtureResponse(status: 500, body: Data("Internal Server Error".utf8), contentType: "text/plain")
            default: return FixtureResponse(body: Self.song)
            }
        }
        let box = try Sandbox()
        box.environment["SCOUT_ITUNES_URL"] = server.baseURL
        #expect(try await box.run(["-c", "set timeout 1"]).status == 0)
        let expected = [
            "stall": "scout: 127.0.0.1 did not answer within 1 s: try again later, or allow longer with set timeout",
            "drip": "scout: 127.0.0.1 did not answer within 1 s: try again later, or allow longer with set timeout",
            "ten": "scout: the answer was larger than 8 MB and was dropped",
            "forbidden": "scout: iTunes is limiting requests: try again in 30 s",
            "broken": "scout: iTunes is unavailable (HTTP 500): try again later",
        ]
        for (term, line) in expected.sorted(by: { $0.key < $1.key }) {
            let started = ContinuousClock.now
            let run = try await box.run(["-c", "search \(term) --in songs; search love --in songs"])
            let took = ContinuousClock.now - started
            #expect(run.stderr == line + "\n", "\(term)")
            #expect(run.stdout.contains("1  Love Story"), "the REPL went on after \(term)")
            #expect(took < .seconds(4), "\(term) took \(took)")
        }
        await server.stop()
    }
}

actor Counter {
    private var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}
