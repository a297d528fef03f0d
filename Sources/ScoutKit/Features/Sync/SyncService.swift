import FoundationEssentials
import Glibc

/// Sync as a feature: the sync engine over this device's files, and what `sync`, `sync init`, `sync status`
/// and `sync off` do (the start-up and exit syncs run the same engine).
@MainActor final class SyncService {
    let wiring: ServiceWiring
    var context: ShellContext { wiring.context }
    var settings: Settings { wiring.settings() }

    /// Your own followed diaries read into the library, for `sync` (the follow feature's): what came is synced.
    let feeds: @MainActor () async -> [FeedLook]

    init(wiring: ServiceWiring, feeds: @escaping @MainActor () async -> [FeedLook] = { [] }) {
        self.wiring = wiring
        self.feeds = feeds
    }

    var syncEngine: SyncEngine {
        SyncEngine(
            paths: context.paths, store: context.fileStore, environment: context.environment, warn: wiring.warn)
    }

    /// Runs a sync off the main actor (its git waits on the network), cancelled with the command.
    private func runSync(_ engine: SyncEngine, deadline: ContinuousClock.Instant) async throws -> SyncReport {
        let now = context.now()
        let task = Task.detached { try engine.sync(now: now, deadline: deadline) }
        return try await withTaskCancellationHandler {
            try await wiring.waiting("syncing") { try await task.value }
        } onCancel: {
            task.cancel()
        }
    }

    /// `sync`: now, bounded by `set timeout` for each step that waits on the network. `--background` (the
    /// sync scout runs at start) says only what came in and what went wrong.
    func syncNow(background: Bool, settingUp: Bool = false) async throws -> Output {
        let engine = syncEngine
        guard let record = engine.record() else {
            throw UsageError(
                store(engine.offFile)
                    ? "sync is off here: sync init sets it up again"
                    : "sync is not set up: sync init git URL, or sync init folder PATH",
                code: "not-set-up")
        }
        // Offline (--offline, set offline on) sends no request: a folder is no request, a git remote is.
        if record.kind == .git && (context.offline || settings.offline) {
            var output = Output.failure(
                "sync: scout is offline (--offline or set offline on), and sync through git needs the remote",
                code: "offline")
            output.status = ExitStatus.trouble.rawValue
            return output
        }
        var output = Output()
        // The sync this scout began at start holds the lock: waited for (Ctrl-C stops waiting), its words said.
        if !background, let startup = context.startupSync {
            let (said, failed) = try await wiring.waiting("waiting for the sync begun at start") {
                while true {
                    if let state = startup() { return state }
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
            // Its problems start `scout: ` (said as warnings here); what it did is said as sync says it.
            let lines = said.filter { !$0.isEmpty }.map { line -> (text: String, problem: Bool) in
                let (text, problem) = Output.childLine(line)
                return (text.hasPrefix("sync: ") ? "the sync begun at start: " + text.dropFirst(6) : text, problem)
            }
            // It failed just now: its words are the answer, not a second wait on the same remote.
            if failed, let last = lines.last {
                for line in lines.dropLast() { output.warn(line.text) }
                output.fail(last.text, code: "sync-failed")
                output.status = ExitStatus.trouble.rawValue
                return output
            }
            for line in lines {
                if line.problem { output.warn(line.text) } else { output.say(line.text) }
            }
        }
        // Your own followed diaries first, so that what they bring goes out with this sync.
        if !background && !settingUp {
            for look in await feeds() {
                for warning in look.warnings { output.warn(warning) }
                if let failure = look.failure {
                    output.warn("\(look.member): could not read the feed (\(failure)); the next sync tries again")
                }
                // Quiet when nothing came: sync says what moved.
                if look.new > 0 { for line in look.lines { output.say(line) } }
            }
        }
        let report: SyncReport
        do {
            report = try await runSync(engine, deadline: .now + .seconds(max(settings.timeout, 1) * 4))
        } catch let failure as SyncFailure {
            // A first sync that failed set nothing up: there is no next sync to try again.
            let said = settingUp ? failure.reason + "; nothing was set up" : failure.description
            var failed = Output.failure("sync: \(said)", code: "sync-failed")
            failed.status = ExitStatus.trouble.rawValue
            output.merge(failed)
            return output
        }
        for warning in report.warnings { output.warn(warning) }
        let came = Self.counted(report.added), went = Self.counted(report.removed)
        let agreement = Self.agreement(report)
        if report.nothingNew || (came.isEmpty && went.isEmpty && report.sent == 0) {
            if !background { output.say("Nothing new to sync through \(record.label); \(agreement).") }
        } else if !background || !came.isEmpty || !went.isEmpty {
            var parts: [String] = []
            if !came.isEmpty { parts.append("came in: \(came)") }
            if !went.isEmpty { parts.append("went: \(went)") }
            if report.sent > 0 { parts.append("sent \(report.sent) change\(report.sent == 1 ? "" : "s")") }
            output.say(
                "Synced through \(record.label): \(parts.joined(separator: "; ")). \(agreement.capitalizedFirst).")
        }
        output.json[.digest] = .string(report.digest)
        output.json[.agree] = .bool(report.agree)
        output.json[.`new`] = .bool(!report.nothingNew)
        output.json[.sent] = .int(report.sent)
        output.json[.incoming] = .object(report.added.mapValues { .int($0) })
        output.json[.deleted] = .object(report.removed.mapValues { .int($0) })
        return output
    }

    /// `3 favourites, 12 history records, 2 saved searches`.
    static func counted(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { what, count in
            count == 1 ? "1 \(what)" : "\(count) \(what)" + (what.hasSuffix("ch") || what.hasSuffix("s") ? "es" : "s")
        }.joined(separator: ", ")
    }

    func store(_ url: URL) -> Bool { context.fileStore.exists(url) }

    static func agreement(_ report: SyncReport) -> String {
        let digest = String(report.digest.prefix(12))
        if report.pending > 0 {
            let changes = report.pending == 1 ? "1 change here waits" : "\(report.pending) changes here wait"
            return "\(changes) to be sent (digest here \(digest)): sync sends "
                + (report.pending == 1 ? "it" : "them")
        }
        if report.deviceCount <= 1 { return "this is the only device so far (digest \(digest))" }
        if report.agree { return "all \(report.deviceCount) devices agree (digest \(digest))" }
        return "devices do not agree yet (digest here \(digest)): each agrees once it has synced after the others"
    }

    /// `sync init git URL` / `sync init folder PATH`: sets sync up, syncs once, and turns sync-auto on.
    func setUpSync(_ kind: SyncRecord.Kind, _ location: String) async throws -> Output {
        let engine = syncEngine
        let files = context.fileStore
        var place = location
        func failed(_ text: String, code: String = "sync-failed") -> Output {
            var output = Output.failure("sync: \(text); nothing was set up", code: code)
            output.status = ExitStatus.trouble.rawValue
            return output
        }
        if kind == .folder {
            place = Self.absolutePath(location, home: context.home, workingDirectory: context.workingDirectory)
            let url = URL(fileURLWithPath: place, isDirectory: true)
            // The folder itself is made if need be, not the folders above it: a mistyped path is not a new place.
            if files.exists(url) && !files.isFolder(url) {
                return failed("\(place) is a file, not a folder")
            }
            guard files.isFolder(url.deletingLastPathComponent()) else {
                return failed("\(url.deletingLastPathComponent().path) is not there: check the path")
            }
            do {
                try files.makeDirectory(url)
            } catch {
                return failed("could not make \(place): \(error)")
            }
        } else {
            do {
                _ = try engine.gitPath()
            } catch {
                throw UsageError(error.description, code: "git-missing")
            }
            // A local path is made absolute, so that the clone under the state folder finds it.
            if !place.contains(":") || place.hasPrefix("/") || place.hasPrefix("~") || place.hasPrefix(".") {
                place = Self.absolutePath(location, home: context.home, workingDirectory: context.workingDirectory)
            }
        }
        let active = engine.record()
        if let active, active.kind == kind, active.location == place {
            var output = try await syncNow(background: false)
            output.say("Sync was set up this way already (sync off stops it).")
            return output
        }
        let previous = active ?? engine.record(engine.offFile)
        var record: SyncRecord
        var notes: [String] = []
        if var previous, previous.kind == kind, previous.location == place {
            // Back after sync off: from where it stopped, so what was removed here meanwhile goes everywhere.
            previous.digest = nil
            record = previous
        } else {
            record = SyncRecord(kind: kind, location: place)
            // This device's own log was brought to its files before: what is in it and not in them was removed.
            record.consumed["own"] = previous?.consumed["own"] ?? files.size(of: engine.ownLog)
            if let previous {
                notes.append(
                    "This device synced through \(previous.label) before: its favourites, history and library go to "
                        + "\(kind.rawValue) \(place) too; the devices there do not sync with those.")
            }
            try? FileManager.default.removeItem(at: engine.folder.appendingPathComponent("repo", isDirectory: true))
        }
        try engine.save(record)
        let output = try await syncNow(background: false, settingUp: true)
        guard output.ok else {
            if let active { try engine.save(active) } else { _ = files.remove(engine.recordFile) }
            return output
        }
        _ = files.remove(engine.offFile)
        var changed = output
        try wiring.updateSettings(
            { settings in
                guard !settings.syncAuto else { return false }
                settings.syncAuto = true
                return true
            }, { changed.warn($0) })
        for note in notes { changed.say(note) }
        changed.say(
            "Sync is set up through \(record.place); scout syncs at start and at exit (set sync-auto off "
                + "stops that), and sync syncs now.")
        return changed
    }

    static func absolutePath(_ path: String, home: String, workingDirectory: String) -> String {
        var path = path
        if path == "~" || path.hasPrefix("~/") { path = home + path.dropFirst() }
        if !path.hasPrefix("/") { path = workingDirectory + "/" + path }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `sync off`: stops syncing here; the files stay as they are, and the other devices keep this one's log.
    func syncOff() throws -> Output {
        let engine = syncEngine
        guard let record = engine.record() else {
            throw UsageError(
                store(engine.offFile) ? "sync is off already" : "sync is not set up, so there is nothing to turn off",
                code: "not-set-up")
        }
        // Kept aside, not removed: sync init to the same place goes on from where this stopped.
        guard rename(engine.recordFile.path, engine.offFile.path) == 0 else {
            throw UsageError("could not stop syncing: \(FileStore.errnoText())", code: "failed")
        }
        var output = Output()
        output.say(
            "Stopped syncing through \(record.label). Nothing here was removed, and the other devices keep what this "
                + "one sent; sync init \(record.kind.rawValue) \(record.location) goes on from here, changes made "
                + "meanwhile included.")
        return output
    }
}

extension String {
    /// The text with its first letter in upper case.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
