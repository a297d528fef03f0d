import Foundation

extension ShellState {
    var syncEngine: SyncEngine {
        let warnings = warnings
        return SyncEngine(
            paths: context.paths, store: context.fileStore, environment: context.environment,
            warn: { warnings.add($0) })
    }

    /// Runs a sync off the main actor (its git waits on the network), cancelled with the command.
    private func runSync(_ engine: SyncEngine, deadline: ContinuousClock.Instant) async throws -> SyncReport {
        let now = context.now()
        let task = Task.detached { try engine.sync(now: now, deadline: deadline) }
        return try await withTaskCancellationHandler {
            try await waiting("syncing") { try await task.value }
        } onCancel: {
            task.cancel()
        }
    }

    /// `sync`: now, bounded by `set timeout` for each step that waits on the network. `--background` (the
    /// sync scout runs at start) says only what came in and what went wrong.
    func syncNow(background: Bool, settingUp: Bool = false) async throws -> Output {
        let engine = syncEngine
        guard let record = engine.record() else {
            throw UsageError("sync is not set up: sync init git URL, or sync init folder PATH", code: "not-set-up")
        }
        let report: SyncReport
        do {
            report = try await runSync(engine, deadline: .now + .seconds(max(settings.timeout, 1) * 4))
        } catch let failure as SyncFailure {
            // A first sync that failed set nothing up: there is no next sync to try again.
            let said = settingUp ? failure.reason + "; nothing was set up (sync init again)" : failure.description
            var output = Output.failure("sync: \(said)", code: "sync-failed")
            output.status = 2
            return output
        }
        var output = Output()
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
        output.json["digest"] = .string(report.digest)
        output.json["agree"] = .bool(report.agree)
        output.json["new"] = .bool(!report.nothingNew)
        output.json["sent"] = .int(report.sent)
        output.json["incoming"] = .object(report.added.mapValues { .int($0) })
        output.json["deleted"] = .object(report.removed.mapValues { .int($0) })
        return output
    }

    /// `3 favourites, 12 history records`.
    static func counted(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\($0.value == 1 ? "" : "s")" }
            .joined(separator: ", ")
    }

    static func agreement(_ report: SyncReport) -> String {
        let digest = String(report.digest.prefix(12))
        if report.deviceCount <= 1 { return "this is the only device so far (digest \(digest))" }
        if report.agree { return "all \(report.deviceCount) devices agree (digest \(digest))" }
        return "devices do not agree yet (digest here \(digest)): each agrees once it has synced after the others"
    }

    /// `sync init git URL` / `sync init folder PATH`: sets sync up, syncs once, and turns sync-auto on.
    func setUpSync(_ kind: SyncRecord.Kind, _ location: String) async throws -> Output {
        let engine = syncEngine
        var place = location
        if kind == .folder {
            place = Self.absolutePath(location, home: context.home, workingDirectory: context.workingDirectory)
            try context.fileStore.makeDirectory(URL(fileURLWithPath: place, isDirectory: true))
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
        let previous = engine.record()
        if let previous, previous.kind == kind, previous.location == place {
            var output = try await syncNow(background: false)
            output.say("Sync was set up this way already (sync off stops it).")
            return output
        }
        // A new place: what was read of the old one no longer says what the files hold.
        try? FileManager.default.removeItem(at: engine.folder.appendingPathComponent("repo", isDirectory: true))
        try engine.save(SyncRecord(kind: kind, location: place))
        let output = try await syncNow(background: false, settingUp: true)
        guard output.ok else {
            if let previous { try engine.save(previous) } else { _ = context.fileStore.remove(engine.recordFile) }
            return output
        }
        var changed = output
        try context.fileStore.withLock(configFile.url) {
            var onDisk = configFile.load { changed.warn($0) } ?? Settings()
            if !onDisk.syncAuto {
                onDisk.syncAuto = true
                try configFile.save(onDisk)
            }
            settings = onDisk
        }
        changed.say(
            "Sync is set up through \(kind.rawValue) \(place); scout syncs at start and at exit (set sync-auto off "
                + "stops that), and sync syncs now.")
        return changed
    }

    static func absolutePath(_ path: String, home: String, workingDirectory: String) -> String {
        var path = path
        if path == "~" || path.hasPrefix("~/") { path = home + path.dropFirst() }
        if !path.hasPrefix("/") { path = workingDirectory + "/" + path }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `sync status`: this device and every other, the digest of the merged state here, whether they agree.
    func syncStatus() throws -> Output {
        let engine = syncEngine
        let (record, device, report): (SyncRecord, String, SyncReport)
        do {
            (record, device, report) = try engine.status()
        } catch let failure as SyncFailure {
            throw UsageError(failure.description, code: "not-set-up")
        }
        var output = Output()
        let now = context.now()
        func when(_ time: HybridTime?) -> String {
            time.map { RelativeTime.describe($0.date, now: now, calendar: context.calendar) } ?? "never"
        }
        let last = record.lastSync.map { RelativeTime.describe($0, now: now, calendar: context.calendar) } ?? "never"
        output.say(
            "Syncing through \(record.label) (sync-auto \(settings.syncAuto ? "on" : "off")); last sync here \(last).")
        var devices = report.devices
        if !devices.contains(where: { $0.id == device }) { devices.insert(SyncDevice(id: device), at: 0) }
        var items: [JSONValue] = []
        // A table where the window is wide enough; else each device on three lines.
        let wide = width >= 72
        if wide {
            output.say(StyledLine("  DEVICE    HOST          CHANGED        SYNCED         DIGEST", .heading))
        }
        for other in devices {
            let host = SafeText.clean(other.host ?? "?")
            let this = other.id == device
            let digest = other.digest.map { String($0.prefix(12)) } ?? "none yet"
            let mark = this ? "*" : other.digest == report.digest ? " " : "!"
            if wide {
                output.say(
                    "\(mark) \(String(other.id.prefix(8)))  \(DisplayWidth.pad(String(host.prefix(12)), to: 12))  "
                        + "\(DisplayWidth.pad(when(other.lastChange), to: 13))  "
                        + "\(DisplayWidth.pad(when(other.lastSync), to: 13))  \(digest)")
            } else {
                output.say("\(mark) \(String(other.id.prefix(8))) \(String(host.prefix(20)))\(this ? " (here)" : "")")
                output.say("    changed \(when(other.lastChange)), synced \(when(other.lastSync))")
                output.say("    digest \(digest)")
            }
            items.append(
                .object([
                    "device": .string(other.id), "host": .string(host), "this": .bool(this),
                    "lastChange": other.lastChange.map { .string(ISODate.string($0.date)) } ?? .null,
                    "lastSync": other.lastSync.map { .string(ISODate.string($0.date)) } ?? .null,
                    "digest": other.digest.map { .string($0) } ?? .null,
                ]))
        }
        output.say("Digest of the merged state here: \(report.digest.prefix(16))… (* here, ! differs).")
        output.say(Self.agreement(report).capitalizedFirst + ".")
        output.json["digest"] = .string(report.digest)
        output.json["agree"] = .bool(report.agree)
        output.json["transport"] = .string(record.kind.rawValue)
        output.json["location"] = .string(record.location)
        output.json.merge(TypedJSON.listing(.devices, items, total: items.count)) { $1 }
        return output
    }

    /// `sync off`: stops syncing here; the files stay as they are, and the other devices keep this one's log.
    func syncOff() throws -> Output {
        let engine = syncEngine
        guard let record = engine.record() else {
            throw UsageError("sync is not set up, so there is nothing to turn off", code: "not-set-up")
        }
        let store = context.fileStore
        try? FileManager.default.removeItem(at: engine.folder.appendingPathComponent("repo", isDirectory: true))
        _ = store.remove(engine.recordFile)
        var output = Output()
        output.say(
            "Stopped syncing through \(record.label). Nothing here was removed, and the other devices keep what this "
                + "one sent; sync init sets it up again.")
        return output
    }
}

extension String {
    /// The text with its first letter in upper case.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
