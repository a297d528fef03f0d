import Foundation
import ScoutTestSupport
import Testing

/// Sync when something goes wrong or comes at once: an unreachable remote, sync turned off and on, a copied
/// home, concurrent changes, a damaged state, no git.
extension SyncTests {
    @Test func anUnreachableRemoteChangesNothingAndTheNextSyncTriesAgain() async throws {
        let a = try Self.home()
        let missing = a.path("nowhere.git")
        var run = try await Self.scout(a, "search alien", "fav add 1", "sync init git \(missing.path)")
        #expect(run.status == 2)
        #expect(
            run.stderrLines == [
                "scout: sync: fetching from \(missing.path) failed: '\(missing.path)' does not appear to be a git "
                    + "repository; nothing was set up"
            ], "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: a.path("state/scout/sync/state.json").path))

        try Self.git(["init", "-q", "--bare", missing.path])
        run = try await Self.scout(a, "sync init git \(missing.path)")
        #expect(run.status == 0, "\(run.stderr)")
        // The remote goes away: one line, nothing here changes, and the sync after it comes back works.
        let moved = a.path("moved.git")
        try FileManager.default.moveItem(at: missing, to: moved)
        try await Self.scout(a, "search blade", "fav add 1")
        let before = try Data(contentsOf: a.favouritesFile)
        run = try await Self.scout(a, "sync")
        #expect(run.status == 2)
        #expect(
            run.stderrLines == [
                "scout: sync: fetching from \(missing.path) failed: '\(missing.path)' does not appear to be a git "
                    + "repository; the next sync tries again"
            ])
        #expect(try Data(contentsOf: a.favouritesFile) == before)
        try FileManager.default.moveItem(at: moved, to: missing)
        run = try await Self.scout(a, "sync")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.first?.hasPrefix("Synced through git \(missing.path): sent 2 changes.") == true)
    }

    @Test func whatWasRemovedWhileSyncWasOffIsRemovedEverywhereOnceItIsBack() async throws {
        let a = try Self.home(), b = try Self.home()
        let shared = a.path("shared")
        try await Self.scout(
            a, "search alien", "fav add 1-2 --tag scifi", "deny add zzz", "sync init folder \(shared.path)")
        try await Self.scout(b, "sync init folder \(shared.path)")
        var run = try await Self.scout(a, "sync off", "deny rm zzz", "fav untag 2 scifi", "fav rm 1", "history rm 1")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdoutLines.first
                == "Stopped syncing through folder \(shared.path). Nothing here was removed, and the other devices "
                + "keep what this one sent; sync init folder \(shared.path) goes on from here, changes made "
                + "meanwhile included.")
        run = try await Self.scout(a, "sync", "sync status")
        #expect(run.stderrLines == Array(repeating: "scout: sync is off here: sync init sets it up again", count: 2))
        // Back: the four removals made meanwhile (the favourite and its tag, a tag, a term, a search) go out.
        run = try await Self.scout(a, "sync init folder \(shared.path)")
        #expect(
            run.stdoutLines.first?.hasPrefix("Synced through folder \(shared.path): sent 5 changes.") == true,
            "\(run.stdout)")
        for box in [a, b] {
            try await Self.scout(box, "sync")
            let listed = try await Self.scout(box, "fav", "deny", "history")
            #expect(
                listed.stdoutLines == [
                    "1. Aliens (1986, Science Fiction, James Cameron)  [movies:11]",
                    "No denied terms: deny add TERM keeps a term from ever being searched.",
                    "No searches yet.",
                ], "\(listed.stdout)")
        }
    }

    @Test func aHomeCopiedToAnotherMachineTakesAnIdOfItsOwnAndLosesNothing() async throws {
        let a = try Self.home(), c = try Self.home()
        let remote = a.path("remote.git")
        try Self.git(["init", "-q", "--bare", remote.path])
        try await Self.scout(a, "sync init git \(remote.path)")
        let copy = try Self.home()
        try FileManager.default.removeItem(at: copy.root)
        try FileManager.default.copyItem(at: a.root, to: copy.root)
        try await Self.scout(a, "deny add from-a", "sync")
        let copied = try await Self.scout(copy, "deny add from-copy", "sync")
        let device = try a.read(a.path("state/scout/device")).trimmingCharacters(in: .whitespacesAndNewlines)
        let fresh = try copy.read(copy.path("state/scout/device")).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(fresh != device)
        #expect(
            copied.stderrLines == [
                "scout: sync: another machine (a copy of this home?) syncs as device \(device); this one is device "
                    + "\(fresh) from now on, and nothing of either is lost"
            ], "\(copied.stderr)")
        try await Self.scout(c, "sync init git \(remote.path)")
        for box in [a, copy, c] {
            try await Self.scout(box, "sync")
            let listed = try await Self.scout(box, "deny")
            #expect(Set(listed.stdoutLines.map { $0.dropFirst(3) }) == ["from-a", "from-copy"], "\(listed.stdout)")
        }
    }

    @Test func aTagGivenToAFavouriteRemovedElsewhereIsNoChangeToSyncAgain() async throws {
        let a = try Self.home(), b = try Self.home()
        let shared = a.path("shared")
        try await Self.scout(a, "search alien", "fav add 1-2", "sync init folder \(shared.path)")
        try await Self.scout(b, "sync init folder \(shared.path)")
        try await Self.scout(a, "fav rm movies:10")
        try await Self.scout(b, "fav tag movies:10 replicants")
        for box in [a, b, a, b] { try await Self.scout(box, "sync") }
        for box in [a, b] {
            let idle = try await Self.scout(box, "sync", "fav")
            #expect(idle.stdoutLines.first?.hasPrefix("Nothing new to sync through folder") == true, "\(idle.stdout)")
            #expect(idle.stdoutLines.last == "1. Aliens (1986, Science Fiction, James Cameron)  [movies:11]")
        }
    }

    /// sync status tells the truth about this device: a change not sent yet is counted, the digest is the
    /// state's as it is now, and the devices do not agree until it is sent.
    @Test func syncStatusCountsTheChangesThatWaitToBeSent() async throws {
        let a = try Self.home(), b = try Self.home()
        let shared = a.path("shared")
        try await Self.scout(a, "sync init folder \(shared.path)")
        try await Self.scout(b, "sync init folder \(shared.path)")
        try await Self.scout(a, "sync")
        let before = try Self.json(try await Self.scout(a, "sync status --json"))
        #expect(before["agree"] as? Bool == true && before["pending"] as? Int == 0, "\(before)")
        // Two changes: the search in history, and the favourite.
        try await Self.scout(a, "search alien", "fav add 1")
        let waiting = try await Self.scout(a, "sync status")
        let digest = try await Self.digest(a)
        #expect(digest != before["digest"] as? String)
        #expect(
            waiting.stdoutLines.last
                == "2 changes here wait to be sent (digest here \(digest.prefix(12))): sync sends them.",
            "\(waiting.stdout)")
        let status = try Self.json(try await Self.scout(a, "sync status --json"))
        #expect(status["agree"] as? Bool == false && status["pending"] as? Int == 2, "\(status)")
        // Sent, and taken in by the other: the digest stays what status said, and both agree.
        try await Self.scout(a, "sync")
        try await Self.scout(b, "sync")
        try await Self.scout(a, "sync")
        let after = try Self.json(try await Self.scout(a, "sync status --json"))
        #expect(after["digest"] as? String == digest && after["pending"] as? Int == 0, "\(after)")
        #expect(after["agree"] as? Bool == true)
    }

    @Test func aFavouriteAddedOnTwoDevicesKeepsItsFirstPlace() async throws {
        let a = try Self.home(), b = try Self.home()
        let shared = a.path("shared")
        try await Self.scout(a, "search alien", "fav add 1", "sync init folder \(shared.path)")
        try await Self.scout(b, "search heat", "fav add 1")
        try await Self.scout(b, "search alien", "fav add 1", "sync init folder \(shared.path)")
        for box in [a, b] {
            try await Self.scout(box, "sync")
            let listed = try await Self.scout(box, "fav")
            #expect(
                listed.stdoutLines == [
                    "1. Alien (1979, Science Fiction, Ridley Scott)  [movies:10]",
                    "2. Heat (1995, Crime, Michael Mann)  [movies:126]",
                ], "\(listed.stdout)")
        }
    }

    @Test func aFailedSyncInitElsewhereLeavesTheSyncThatWorksAsItWas() async throws {
        let a = try Self.home(), b = try Self.home()
        let remote = a.path("remote.git")
        try Self.git(["init", "-q", "--bare", remote.path])
        try await Self.scout(a, "sync init git \(remote.path)")
        let failed = try await Self.scout(a, "sync init git \(a.path("typo.git").path)")
        #expect(failed.status == 2)
        #expect(failed.stderrLines.first?.hasSuffix("; nothing was set up") == true, "\(failed.stderr)")
        let run = try await Self.scout(a, "search heat", "fav add 1", "sync")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdoutLines.last?.hasPrefix("Synced through git \(remote.path): sent 2 changes.") == true,
            "\(run.stdout)")
        let other = try await Self.scout(b, "sync init git \(remote.path)", "fav")
        #expect(other.stdoutLines.last == "1. Heat (1995, Crime, Michael Mann)  [movies:126]", "\(other.stdout)")
    }

    @Test func searchesOfTheSameSecondAreNumberedAlikeOnEveryDevice() async throws {
        let a = try Self.home(), b = try Self.home()
        let shared = a.path("shared")
        let second = ["SCOUT_TEST_NOW": "2026-11-26T06:00:49Z"]
        try await a.run(["-c", "search heat", "-c", "sync init folder \(shared.path)"], extraEnvironment: second)
        try await b.run(["-c", "search blade", "-c", "sync init folder \(shared.path)"], extraEnvironment: second)
        var listings: [[String]] = []
        for box in [a, b] {
            try await Self.scout(box, "sync")
            listings.append(try await Self.scout(box, "history").stdoutLines)
        }
        #expect(listings[0] == listings[1])
        #expect(listings[0].count == 2 && listings[0].allSatisfy { $0.contains("2026-11-26 06:00") }, "\(listings[0])")
    }

    @Test func aFavouriteRemovedAndAddedAgainTakesItsNewPlaceEverywhere() async throws {
        let a = try Self.home(), b = try Self.home()
        let shared = a.path("shared")
        try await a.run(
            ["-c", "search alien", "-c", "fav add 1", "-c", "sync init folder \(shared.path)"],
            extraEnvironment: ["SCOUT_TEST_NOW": "2026-11-26T06:00:00Z"])
        try await a.run(
            ["-c", "search heat", "-c", "fav add 1"], extraEnvironment: ["SCOUT_TEST_NOW": "2026-11-26T06:01:00Z"])
        try await Self.scout(a, "sync")
        try await Self.scout(b, "sync init folder \(shared.path)")
        try await a.run(
            ["-c", "fav rm movies:10", "-c", "search alien", "-c", "fav add 1"],
            extraEnvironment: ["SCOUT_TEST_NOW": "2026-11-26T06:02:00Z"])
        for box in [a, b, a] { try await Self.scout(box, "sync") }
        for box in [a, b] {
            let listed = try await Self.scout(box, "fav")
            #expect(
                listed.stdoutLines == [
                    "1. Heat (1995, Crime, Michael Mann)  [movies:126]",
                    "2. Alien (1979, Science Fiction, Ridley Scott)  [movies:10]",
                ], "\(listed.stdout)")
        }
    }

    @Test func aSavedSearchChangedElsewhereIsSaidToHaveComeIn() async throws {
        let a = try Self.home(), b = try Self.home()
        let shared = a.path("shared")
        try await Self.scout(a, "save al search alien --in movies", "sync init folder \(shared.path)")
        try await Self.scout(b, "sync init folder \(shared.path)")
        try await Self.scout(a, "watch al", "sync")
        let run = try await Self.scout(b, "sync", "saved")
        #expect(
            run.stdoutLines.first?.hasPrefix("Synced through folder \(shared.path): came in: 1 saved search.") == true,
            "\(run.stdout)")
        #expect(run.stdoutLines.last == "al  watched  search alien --in movies", "\(run.stdout)")
    }

    @Test func aDamagedSyncStateIsKeptAsideAndSaidOnce() async throws {
        let a = try Self.home()
        try await Self.scout(a, "search alien", "fav add 1", "sync init folder \(a.path("shared").path)")
        try a.write("{not json", to: a.path("state/scout/sync/state.json"))
        let run = try await Self.scout(a, "sync")
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 2)
        #expect(
            run.stderrLines[0].hasPrefix(
                "scout: sync's state (\(a.path("state/scout/sync/state.json").path)) was damaged;"))
        #expect(run.stderrLines[1] == "scout: sync is not set up: sync init git URL, or sync init folder PATH")
        #expect(a.files(in: "state/scout/sync").contains { $0.hasPrefix("state.json.corrupt-") })
        // Set up again, nothing is lost: the favourite is still there and still synced.
        let again = try await Self.scout(a, "sync init folder \(a.path("shared").path)", "fav")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdoutLines.last == "1. Alien (1979, Science Fiction, Ridley Scott)  [movies:10]")
    }

    @Test func withoutGitSyncSaysHowToInstallIt() async throws {
        let a = try Self.home()
        a.environment["PATH"] = a.path("empty-bin").path
        let run = try await Self.scout(a, "sync init git /srv/scout.git")
        #expect(run.status == 1)
        #expect(
            run.stderrLines == ["scout: sync through git needs git, which is not installed: sudo apt-get install git"])
        let status = try await Self.scout(a, "sync status")
        #expect(status.stderrLines == ["scout: sync is not set up: sync init git URL, or sync init folder PATH"])
        // Each way sync init can be mistyped says what is missing or wrong, from what sync init declares.
        let typos = try await Self.scout(a, "sync init", "sync init svn x", "sync init git", "sync init folder a b")
        #expect(
            typos.stderrLines == [
                "scout: usage: sync init git|folder URL|PATH",
                "scout: sync init takes a way to sync: git or folder, not \"svn\"",
                "scout: usage: sync init git|folder URL|PATH",
                "scout: sync init takes one URL|PATH (quote one that holds spaces): usage: sync init git|folder "
                    + "URL|PATH",
            ])
    }
}
