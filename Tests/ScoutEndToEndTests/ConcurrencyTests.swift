import Foundation
import ScoutTestSupport
import Testing

/// Several scouts on the same files at once, and locks held by others.
@Suite struct ConcurrencyTests {
    /// A catalog server with 800 films titled "Reel x0001" to "Reel x0800", so each search finds one.
    static func reels() async throws -> FixtureServer {
        let films = (1...800).map {
            #"{"id": \#($0), "title": "Reel \#(tag($0))", "genre": "Drama", "director": "Test", "year": 2000}"#
        }
        return try await FixtureServer.start(routes: ["/movies": Data(("[" + films.joined(separator: ",") + "]").utf8)])
    }

    static func tag(_ n: Int) -> String { String(format: "x%04d", n) }

    @Test func eightScoutsEachAddingAHundredFavouritesAndSearchingAHundredTimesLoseNothing() async throws {
        let server = try await Self.reels()
        let box = try Sandbox()
        box.environment["SCOUT_CATALOG_URL"] = server.baseURL
        let scouts = try (0..<8).map { scout in
            let script = (1...100).map { "search \(Self.tag(scout * 100 + $0))\nfav add 1\n" }.joined()
            return try box.launch([], input: script)
        }
        var runs: [ScoutRun] = []
        for scout in scouts { runs.append(try await scout.finish()) }
        for run in runs { #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr.prefix(300))") }
        let ids = try box.favouriteIDs()
        #expect(ids.count == 800)
        #expect(Set(ids) == Set((1...800).map { "movies:\($0)" }))
        let records = try box.read(box.historyFile).split(separator: "\n")
        #expect(records.count == 800)
        #expect(records.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
        print("concurrency: 8 scouts kept \(ids.count) of 800 favourites and \(records.count) of 800 history records")
        await server.stop()
    }

    @Test func twoScoutsSideBySideSeeEachOthersChanges() async throws {
        let box = try Sandbox()
        let left = try box.launch(["--json"], input: "", keepInputOpen: true)
        let right = try box.launch(["--json"], input: "", keepInputOpen: true)
        try await left.send("search alien", untilLines: 1)
        try await left.send("fav add 1", untilLines: 2)
        try await right.send("search heat", untilLines: 1)
        try await right.send("fav add 1", untilLines: 2)
        try await right.send("fav", untilLines: 3)
        try await left.send("fav", untilLines: 3)
        try await left.send("deny add spoilers", untilLines: 4)
        try await right.send("search spoilers ahead", untilLines: 4)
        let (l, r) = (try await left.finish(), try await right.finish())
        let leftLines = l.stdoutLines, rightLines = r.stdoutLines
        #expect(
            rightLines[2].contains("Alien") && rightLines[2].contains("Heat"),
            "right lists what left added: \(rightLines[2])")
        #expect(
            leftLines[2].contains("Alien") && leftLines[2].contains("Heat"),
            "left lists what right added: \(leftLines[2])")
        #expect(rightLines[3].contains("denied term"), "right refuses what left denied: \(rightLines[3])")
        #expect(try box.favouriteIDs().count == 2)
        #expect(try box.read(box.historyFile).split(separator: "\n").count == 2)
    }

    @Test func aLockHeldByAStuckProcessGivesBusyNotCorruption() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search alien; fav add 1"])
        let lock = box.path("data/scout/.favourites.json.lock").path
        let fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(flock(fd, LOCK_EX) == 0)
        let started = ContinuousClock.now
        let stuck = try await box.run(["-c", "search heat; fav add 1; fav"])
        let waited = ContinuousClock.now - started
        flock(fd, LOCK_UN)
        close(fd)
        #expect(
            stuck.stderrLines == [
                "scout: \(box.favouritesFile.path) is busy: another scout is writing it; try again in a moment"
            ])
        #expect(waited >= .seconds(5) && waited < .seconds(8), "it backed off for the lock timeout first: \(waited)")
        #expect(stuck.stdout.contains("1. Alien"), "the REPL went on, and the favourites are intact")
        #expect(!box.files(in: "data/scout").contains { $0.contains("corrupt") })
        let after = try await box.run(["-c", "search heat; fav add 1"])
        #expect(after.status == 0)
        #expect(try box.favouriteIDs().count == 2)
    }

    @Test func aLockLeftByAKilledProcessIsRecovered() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search alien; fav add 1"])
        let lock = box.path("data/scout/.favourites.json.lock").path
        // util-linux flock holds the lock while its child sleeps (2 s); SIGKILL it as a crash would.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--close", lock, "sleep", "2"]
        try holder.run()
        var held = false
        for _ in 0..<200 {
            let fd = open(lock, O_RDWR | O_CLOEXEC)
            held = flock(fd, LOCK_EX | LOCK_NB) != 0
            if !held { flock(fd, LOCK_UN) }
            close(fd)
            if held { break }
            usleep(10_000)
        }
        #expect(held, "the other process holds the lock")
        kill(holder.processIdentifier, SIGKILL)
        for _ in 0..<200 {
            let fd = open(lock, O_RDWR | O_CLOEXEC)
            held = flock(fd, LOCK_EX | LOCK_NB) != 0
            close(fd)
            if !held { break }
            usleep(10_000)
        }
        let started = ContinuousClock.now
        let run = try await box.run(["-c", "search heat; fav add 1"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(ContinuousClock.now - started < .seconds(2), "no wait for a dead holder")
        #expect(FileManager.default.fileExists(atPath: lock), "the lock file was left behind and did not matter")
        #expect(try box.favouriteIDs().count == 2)
    }
}
