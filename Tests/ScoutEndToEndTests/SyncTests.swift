import Foundation
import ScoutTestSupport
import Testing

/// Sync through a real bare git repository (three homes) and a shared folder (two homes), each home with
/// its own XDG folders and no git identity, driven through `scout -c` as a user would.
@Suite(.serialized) struct SyncTests {
    /// Runs git, failing the test when it fails; its output.
    @discardableResult
    static func git(_ arguments: [String], in folder: URL? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        if let folder { process.currentDirectoryURL = folder }
        // No identity, no global config: git as a new machine has it.
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent",
            "GIT_CONFIG_NOSYSTEM": "1", "LC_ALL": "C",
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    static func home() throws -> Sandbox {
        let box = try Sandbox()
        box.environment["GIT_CONFIG_NOSYSTEM"] = "1"
        return box
    }

    /// Runs `-c` lines in a home; the run.
    @discardableResult
    static func scout(_ box: Sandbox, _ lines: String...) async throws -> ScoutRun {
        try await box.run(lines.flatMap { ["-c", $0] })
    }

    /// The digest of the merged state `sync status --json` gives.
    static func digest(_ box: Sandbox) async throws -> String {
        try json(try await scout(box, "sync status --json"))["digest"] as? String ?? ""
    }

    static func json(_ run: ScoutRun) throws -> [String: Any] {
        let line = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        return try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
    }

    @Test func threeHomesThroughABareRepositoryConvergeAndARemovalLosesToAConcurrentReAdd() async throws {
        let a = try Self.home(), b = try Self.home(), c = try Self.home()
        let remote = a.path("remote.git")
        try Self.git(["init", "-q", "--bare", remote.path])

        var run = try await Self.scout(
            a, "search alien", "fav add 1-2 --tag scifi", "deny add spoilers", "want 2", "rate 1 4",
            "sync init git \(remote.path)")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdoutLines.suffix(2) == [
                "Synced through git \(remote.path): sent 8 changes. This is the only device so far (digest "
                    + "\(try await Self.digest(a).prefix(12))).",
                "Sync is set up through git \(remote.path), branch scout-sync; scout syncs at start and at exit "
                    + "(set sync-auto off stops that), and sync syncs now.",
            ])
        run = try await Self.scout(b, "search heat", "fav add 1", "sync init git \(remote.path)")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdoutLines.contains {
                $0.hasPrefix(
                    "Synced through git \(remote.path): came in: 1 denied term, 2 favourites, 1 history record, "
                        + "2 library events; sent 2 changes. Devices do not agree yet (digest here ")
            }, "\(run.stdout)")
        run = try await Self.scout(c, "sync init git \(remote.path)")
        #expect(run.status == 0, "\(run.stderr)")

        // At once: a removes Alien; b removes it and adds it again; c deletes b's search from its history.
        try await Self.scout(a, "fav rm movies:10", "unwant 2")
        try await Self.scout(b, "fav rm movies:10", "search alien", "fav add 1")
        let heat = try await Self.scout(c, "history")
        #expect(heat.stdoutLines.map { $0.contains("\"heat\"") } == [false, true], "\(heat.stdout)")
        try await Self.scout(c, "history rm 2")
        // Two rounds bring every change everywhere; a third, every device's digest.
        for box in [a, b, c, a, b, c, a, b] {
            let synced = try await Self.scout(box, "sync")
            #expect(synced.status == 0, "\(synced.stderr)")
        }
        var favourites: [[String]] = []
        for box in [a, b, c] {
            let listed = try await Self.scout(box, "fav", "deny", "watchlist", "ratings")
            favourites.append(listed.stdoutLines)
            let history = try await Self.scout(box, "history")
            // b's "heat" is gone everywhere; b's second "alien" came to all.
            #expect(history.stdoutLines.filter { $0.contains("\"heat\"") }.isEmpty, "\(history.stdout)")
            #expect(history.stdoutLines.filter { $0.contains("\"alien\"") }.count == 2, "\(history.stdout)")
        }
        #expect(favourites[0] == favourites[1])
        #expect(favourites[1] == favourites[2])
        #expect(
            favourites[0] == [
                "1. Aliens (1986, Science Fiction, James Cameron)  [movies:11]  #scifi",
                "2. Heat (1995, Crime, Michael Mann)  [movies:126]",
                "3. Alien (1979, Science Fiction, Ridley Scott)  [movies:10]",
                "1. spoilers",
                "The watchlist is empty: want N adds a film.",
                "1. ★★★★   Alien (1979)  [movies:10]",
            ], "\(favourites[0])")

        // Every device published the digest every other has: they agree.
        var digests: Set<String> = []
        for box in [a, b, c] {
            let status = try Self.json(try await Self.scout(box, "sync status --json"))
            #expect(status["agree"] as? Bool == true)
            let items = status["items"] as? [[String: Any]] ?? []
            #expect(items.count == 3)
            digests.insert(status["digest"] as? String ?? "")
        }
        #expect(digests.count == 1)

        // What sync status shows: where, a row for each device (this one first, starred), the digest, agreement.
        let shown = try await Self.scout(a, "sync status")
        let here = String(try a.read(a.path("state/scout/device")).prefix(8))
        let host = ProcessInfo.processInfo.hostName.prefix(12)
        let digest = try await Self.digest(a)
        #expect(shown.stdoutLines.count == 7, "\(shown.stdout)")
        #expect(
            shown.stdoutLines[0]
                == "Syncing through git \(remote.path), branch scout-sync (sync-auto on); last sync here just now.")
        #expect(shown.stdoutLines[1] == "  DEVICE    HOST          CHANGED          SYNCED           DIGEST")
        #expect(
            shown.stdoutLines[2] == "* \(here)  \(host.padding(toLength: 12, withPad: " ", startingAt: 0))  "
                + "just now         just now         \(digest.prefix(12))")
        #expect(shown.stdoutLines[3...4].allSatisfy { $0.hasPrefix("  ") && $0.hasSuffix(String(digest.prefix(12))) })
        #expect(shown.stdoutLines[5] == "Digest of the merged state here: \(digest.prefix(16))… (* here, ! differs).")
        #expect(shown.stdoutLines[6] == "All 3 devices agree (digest \(digest.prefix(12))).")

        // A sync with nothing new makes no commit; the commits carry scout's own identity.
        let commits = try Self.git(["--git-dir", remote.path, "rev-list", "--count", "scout-sync"])
        let idle = try await Self.scout(a, "sync")
        #expect(
            idle.stdoutLines.first?.hasPrefix("Nothing new to sync through git \(remote.path); all 3 devices agree")
                == true)
        #expect(try Self.git(["--git-dir", remote.path, "rev-list", "--count", "scout-sync"]) == commits)
        let authors = try Self.git(["--git-dir", remote.path, "log", "--format=%an <%ae>", "scout-sync"])
        #expect(
            Set(authors.split(separator: "\n").map { $0.hasPrefix("scout <scout@") && $0.hasSuffix(".invalid>") }) == [
                true
            ])
        // The logs are 0600, here and in the clone.
        #expect(a.mode(a.path("state/scout/sync/own.jsonl")) & 0o777 == 0o600)
        let logs = a.files(in: "state/scout/sync/repo").filter { $0.hasSuffix(".jsonl") }
        #expect(logs.count == 3)
        for log in logs { #expect(a.mode(a.path("state/scout/sync/repo/\(log)")) & 0o777 == 0o600) }
    }

    @Test func twoHomesThroughAFolderReadConflictCopiesAndLeaveHalfWrittenLinesForLater() async throws {
        let a = try Self.home(), b = try Self.home()
        // Syncthing's folder, there before scout syncs through it.
        let shared = a.path("Sync/scout")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try await Self.scout(a, "search alien", "fav add 1", "sync init folder \(shared.path)")
        try await Self.scout(b, "sync init folder \(shared.path)")
        let logs = (try FileManager.default.contentsOfDirectory(atPath: shared.path)).sorted()
        #expect(logs.count == 2 && logs.allSatisfy { $0.hasSuffix(".jsonl") })
        let device = try a.read(a.path("state/scout/device")).trimmingCharacters(in: .whitespacesAndNewlines)
        let bDevice = try b.read(b.path("state/scout/device")).trimmingCharacters(in: .whitespacesAndNewlines)

        // A conflict copy Syncthing made of a's log, with one more change in it: read as a's.
        func line(_ seq: Int, _ kind: String, _ payload: String, id: String) -> String {
            "{\"id\":\"\(id)\",\"dev\":\"\(device)\",\"seq\":\(seq),\"hlc\":\"9999999999999-0000\",\"k\":\"\(kind)\","
                + "\"p\":\(payload)}\n"
        }
        let original = try a.read(shared.appendingPathComponent("\(device).jsonl"))
        // A log is read to its last digest (the line each sync ends with): each copy ends with a's last one.
        let digest = try #require(original.split(separator: "\n").last { $0.contains("\"k\":\"digest\"") }) + "\n"
        try a.write(
            original + line(900, "deny+", "{\"term\":\"conflicted\"}", id: "conflict-1") + digest,
            to: shared.appendingPathComponent("\(device).sync-conflict-20261126-101500-ABCDEFG.jsonl"))
        // Dropbox's name for one, with a kind of change a newer scout makes, and a damaged line.
        try a.write(
            line(901, "future-kind", "{\"x\":1}", id: "future-1") + "{not a line scout writes\n"
                + line(906, "fav+", "{\"nope\":1}", id: "unreadable-1") + digest,
            to: shared.appendingPathComponent("\(device) (conflicted copy 2026-11-26).jsonl"))
        // Remote text and names: a title with a terminal escape, a session and a saved search named to write
        // outside their folder.
        try a.write(
            line(
                903, "fav+",
                #"{"addedAt":"2020-01-01T10:00:00Z","fields":[],"id":"movies:99","source":"movies","tags":[],"#
                    + #""title":"Evil \u001b]52;c;aGk=\u0007 title"}"#, id: "hostile-1")
                + line(904, "session", #"{"name":"../escape","body":"{}"}"#, id: "hostile-2")
                + line(
                    905, "saved",
                    #"{"name":"../x","def":{"query":{"source":"movies","terms":"x","options":{}},"#
                        + #""savedAt":"2026-11-26T10:00:00Z","watched":false}}"#, id: "hostile-3") + digest,
            to: shared.appendingPathComponent("\(device).sync-conflict-20261126-101600-HOSTILE.jsonl"))
        // Half a sync at the end of a's log, as a sync tool copying it leaves it: a whole change, and half of
        // the digest that ends it.
        let half = line(902, "deny+", "{\"term\":\"half\"}", id: "half-1") + digest
        let copied = half.utf8.count - digest.utf8.count + 40
        let handle = try FileHandle(forWritingTo: shared.appendingPathComponent("\(device).jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(half.utf8.prefix(copied)))
        try handle.close()

        var run = try await Self.scout(b, "sync", "deny")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.suffix(1) == ["1. conflicted"], "\(run.stdout)")
        #expect(
            run.stderrLines == [
                "scout: sync: skipped 1 damaged line in \(device) (conflicted copy 2026-11-26).jsonl; the rest of it "
                    + "was read",
                "scout: sync: skipped 1 change in another device's log that did not read; the rest was read",
                "scout: sync: kept and ignored changes of a kind this scout does not know (future-kind): a newer scout "
                    + "wrote them; update scout to use them",
            ], "\(run.stderr)")
        // Said once: the next sync is quiet about them.
        run = try await Self.scout(b, "sync")
        #expect(run.stderr == "")
        let listed = try await Self.scout(b, "fav", "saved", "session list")
        #expect(listed.stdoutLines.first { $0.contains("Evil") } == "1. Evil ^[]52;c;aGk=^G title  [movies:99]")
        #expect(!listed.stdout.contains("\u{1B}") && !listed.stdout.contains("\u{7}"))
        #expect(!listed.stdout.contains("../"))
        #expect(!FileManager.default.fileExists(atPath: b.path("state/scout/escape.json").path))
        #expect(b.files(in: "state/scout/sessions").isEmpty)
        // The rest of it arrives: it is read whole.
        let rest = try FileHandle(forWritingTo: shared.appendingPathComponent("\(device).jsonl"))
        try rest.seekToEnd()
        try rest.write(contentsOf: Data(half.utf8.dropFirst(copied)))
        try rest.close()
        run = try await Self.scout(b, "sync", "deny")
        #expect(run.stdoutLines.suffix(2) == ["1. conflicted", "2. half"], "\(run.stdout)")

        // A removal on b at the same time as a removal and re-add on a: the re-add wins on both.
        try await Self.scout(b, "fav rm movies:10")
        try await Self.scout(a, "fav rm movies:10", "search alien", "fav add 1")
        for box in [b, a, b] { try await Self.scout(box, "sync") }
        for box in [a, b] {
            let listed = try await Self.scout(box, "fav")
            #expect(
                listed.stdoutLines == [
                    "1. Evil ^[]52;c;aGk=^G title  [movies:99]",
                    "2. Alien (1979, Science Fiction, Ridley Scott)  [movies:10]",
                ])
        }
        // Each device wrote only its own file, 0600, through a temporary file (none left behind).
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: shared.path))
        #expect(names.contains("\(bDevice).jsonl") && names.contains("\(device).jsonl"))
        #expect(names.filter { $0.hasPrefix(".") }.isEmpty)
        #expect(b.mode(shared.appendingPathComponent("\(bDevice).jsonl")) & 0o777 == 0o600)
    }
}
