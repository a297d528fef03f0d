import FoundationEssentials
import Glibc
/// One sync: bring in the other devices' logs, log this device's changes since the last sync, fold every
/// log, bring the files to the merged state, publish this device's log and digest.
struct SyncEngine {
    let paths: Paths
    let store: FileStore
    let environment: [String: String]
    let warn: @Sendable (String) -> Void

    var folder: URL { Self.folder(in: paths) }
    var recordFile: URL { Self.recordFile(in: paths) }
    static func folder(in paths: Paths) -> URL { paths.state.appendingPathComponent("sync", isDirectory: true) }
    /// What this device keeps of sync; there when sync is set up (`set sync-auto` reads it without an engine).
    static func recordFile(in paths: Paths) -> URL { folder(in: paths).appendingPathComponent("state.json") }
    /// The record after `sync off`: kept, so that `sync init` to the same place goes on from it (what was
    /// removed here meanwhile is removed everywhere, not brought back).
    var offFile: URL { folder.appendingPathComponent("state-off.json") }
    var ownLog: URL { folder.appendingPathComponent("own.jsonl") }
    var files: SyncFiles { SyncFiles(paths: paths, store: store, warn: warn) }
    static let logLimit = 512 << 20

    /// What this device keeps of sync; nil when sync is not set up. A file that does not read is kept
    /// aside (`state.json.corrupt-…`) and said once: sync is then not set up until `sync init` again.
    func record(_ file: URL? = nil) -> SyncRecord? {
        let file = file ?? recordFile
        guard let data = try? store.read(file) else { return nil }
        if let record = try? JSONDecoder.scout.decode(SyncRecord.self, from: data) { return record }
        let copy = store.quarantine(file) ?? "(no copy could be made)"
        warn(
            "sync's state (\(file.path)) was damaged; kept it as \(copy): sync init sets sync up again, "
                + "and nothing synced is lost")
        return nil
    }

    /// Whether sync is set up here (without reading its record: at every start).
    var isSetUp: Bool { store.exists(recordFile) }

    func save(_ record: SyncRecord, durably: Bool = true) throws {
        try store.write(try JSONEncoder.scout.encode(record), to: recordFile, durably: durably)
    }

    func device() throws -> String { try DeviceID(file: paths.deviceFile, store: store).read() }

    /// A new id for this device, for a home copied from another machine that syncs under the same one.
    func newDevice() throws -> String {
        let id = SyncOp.newID()
        try store.write(Data((id + "\n").utf8), to: paths.deviceFile)
        return id
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "unknown" : SafeText.clean(String(name.prefix(64)))
    }

    /// The git on PATH, or the one line that says how to install it.
    func gitPath() throws(SyncFailure) -> String {
        guard let git = ChildProcess.find("git", path: environment["PATH"]) else {
            throw SyncFailure("sync through git needs git, which is not installed: sudo apt-get install git")
        }
        return git
    }

    func transport(_ record: SyncRecord, device: String) throws(SyncFailure) -> any SyncTransport {
        switch record.kind {
        case .folder:
            return FolderTransport(root: URL(fileURLWithPath: record.location), device: device, store: store)
        case .git:
            return GitTransport(
                remote: record.location, clone: folder.appendingPathComponent("repo", isDirectory: true),
                device: device, git: try gitPath(), environment: GitTransport.environment(environment), store: store)
        }
    }

    /// Runs `body` holding the sync lock; another scout syncing at the moment is said, not waited for.
    func exclusively<T>(_ body: () throws -> T) throws -> T {
        try store.makeDirectory(folder)
        let fd = open(folder.appendingPathComponent(".sync.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SyncFailure("could not open the sync lock: \(FileStore.errnoText())") }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            throw SyncFailure("another scout is syncing now: its sync brings the same; try again in a moment")
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// A log read whole: its operations with where each ends, its damaged lines, how far it was read.
    struct ReadLog {
        var name: String
        var ops: [(op: SyncOp, end: Int)] = []
        var damaged: [Int] = []
        var end = 0
    }

    func read(_ name: String, _ url: URL) -> ReadLog {
        var log = ReadLog(name: name)
        guard store.size(of: url) <= Self.logLimit else {
            warn("sync: skipped \(name): it is over \(Self.logLimit >> 20) MB, more than any log scout writes")
            return log
        }
        guard let data = try? store.read(url) else { return log }
        let read = SyncOp.read(data)
        // Read to its last digest: a sync appends its changes and then its digest, so changes after the last
        // digest are a sync still being copied here, or cut short; they are read whole next time.
        guard let closed = read.ops.lastIndex(where: { $0.op.kind == SyncOp.Kind.digest.rawValue }) else { return log }
        log.end = read.ops[closed].end
        (log.ops, log.damaged) = (Array(read.ops[...closed]), read.damaged.filter { $0 < log.end })
        return log
    }

    // MARK: Sync

    func sync(now: Date, deadline: ContinuousClock.Instant) throws -> SyncReport {
        guard var record = record() else {
            throw SyncFailure("sync is not set up: sync init git URL, or sync init folder PATH")
        }
        return try exclusively {
            var device = try device()
            var transport = try transport(record, device: device)
            do throws(SyncFailure) {
                try transport.pull(until: deadline)
            } catch {
                (record.failure, record.failedAt) = (error.description, now)
                try? save(record, durably: false)
                throw error
            }
            var report = SyncReport()
            // Another machine publishing this device's log (a home copied with its device id) would overwrite
            // this one's, or have it overwritten: this one takes an id of its own, and reads the other as another.
            if store.size(of: transport.published) != record.published, try publishedByAnother(transport) {
                let old = device
                device = try newDevice()
                transport = try self.transport(record, device: device)
                record.host = nil // the new device says its host name
                report.warnings.append(
                    "sync: another machine (a copy of this home?) syncs as device \(old); this one is device "
                        + "\(device) from now on, and nothing of either is lost")
            }
            let sources = [("own", ownLog)] + transport.logs()
            // Nothing new: every log as long as it was, the files as they were, this device's log published.
            let sizes = Dictionary(sources.map { ($0.0, store.size(of: $0.1)) }, uniquingKeysWith: { a, _ in a })
            if let digest = record.digest, sizes == record.consumed, files.stamps == record.stamps,
                record.published == sizes["own"]
            {
                report.nothingNew = true
                (report.digest, report.agree, report.deviceCount) = (digest, record.agreed, record.devices)
                // When it last looked, for sync status: not worth waiting on the disk for.
                (record.lastSync, record.failure, record.failedAt) = (now, nil, nil)
                try save(record, durably: false)
                return report
            }
            var logs = sources.map { read($0.0, $0.1) }
            // The state of the last sync: every log as far as it was read then.
            var fold = SyncFold(expecting: logs.reduce(0) { $0 + $1.ops.count })
            for log in logs {
                let consumed = record.consumed[log.name] ?? 0
                for entry in log.ops where entry.end <= consumed { fold.apply(entry.op) }
            }
            let local = try SyncLocal.read(files)
            var clock = logs.flatMap { $0.ops.map(\.op.time) }.max() ?? .zero
            var seq = logs.flatMap { $0.ops.filter { $0.op.device == device }.map(\.op.seq) }.max() ?? 0
            let millis = HybridTime.milliseconds(now)
            func op(_ kind: SyncOp.Kind, _ payload: Data) -> SyncOp {
                clock = clock.next(now: millis)
                seq += 1
                return SyncOp(device: device, seq: seq, time: clock, kind: kind, payload: payload)
            }
            var mine: [SyncOp] = []
            let host = Self.hostName()
            if record.host != host {
                var payload = SyncPayload()
                payload.host = host
                mine.append(op(.hello, payload.encoded))
            }
            // What changed here since: the fold holds the state of the last sync until the rest is folded in.
            mine += local.changes(since: fold).map { op($0.0, $0.1) }
            for log in logs {
                let consumed = record.consumed[log.name] ?? 0
                for entry in log.ops where entry.end > consumed { fold.apply(entry.op) }
            }
            for op in mine { fold.apply(op) }
            let applied = try local.apply(fold, to: files, now: now)
            (report.added, report.removed) = (applied.added, applied.removed)
            let digest = fold.digest
            if digest != record.digest || !mine.isEmpty {
                var payload = SyncPayload()
                payload.digest = digest
                let published = op(.digest, payload.encoded)
                fold.apply(published)
                mine.append(published)
            }
            if !mine.isEmpty { logs[0] = try append(mine, to: logs[0]) }
            report.warnings += newWarnings(logs, fold, &record)
            // The record is kept before publishing: what was folded stays folded if the push fails.
            record.consumed = Dictionary(logs.map { ($0.name, $0.end) }, uniquingKeysWith: { a, _ in a })
            (record.stamps, record.lastSync, record.digest, record.host) = (files.stamps, now, digest, host)
            (record.failure, record.failedAt) = (nil, nil)
            try save(record)
            let own = try store.read(ownLog) ?? Data()
            // Sent: the changes the place did not hold, every one of this device's at a place new to it.
            let held = store.size(of: transport.published)
            report.sent =
                logs[0].ops.filter {
                    $0.end > held && $0.op.kind != SyncOp.Kind.digest.rawValue && $0.op.kind != "hello"
                }.count
            do throws(SyncFailure) {
                _ = try transport.publish(own, until: deadline)
            } catch {
                (record.failure, record.failedAt) = (error.description, now)
                try? save(record, durably: false)
                throw error
            }
            record.published = own.count
            report = finish(&report, fold, device: device, digest: digest)
            (record.agreed, record.devices) = (report.agree, report.devices.count)
            try save(record)
            return report
        }
    }

    func finish(
        _ report: inout SyncReport, _ fold: SyncFold, device: String, digest: String? = nil
    ) -> SyncReport {
        report.digest = digest ?? fold.digest
        report.devices = fold.devices.values.sorted {
            ($0.id == device ? 0 : 1, $0.id) < ($1.id == device ? 0 : 1, $1.id)
        }
        report.agree = !report.devices.isEmpty && report.devices.allSatisfy { $0.digest == report.digest }
        report.deviceCount = report.devices.count
        return report
    }

    /// Whether the published copy of this device's log holds a change this device's own log does not.
    private func publishedByAnother(_ transport: any SyncTransport) throws -> Bool {
        guard let published = try store.read(transport.published), !published.isEmpty else { return false }
        let own = try store.read(ownLog) ?? Data()
        if own.starts(with: published) { return false }
        let mine = Set(SyncOp.read(own).ops.map(\.op.id))
        return SyncOp.read(published).ops.contains { !mine.contains($0.op.id) }
    }

    /// Appends this device's operations to its log: the whole log written to a temporary file and renamed.
    private func append(_ ops: [SyncOp], to log: ReadLog) throws -> ReadLog {
        var data = try store.read(ownLog) ?? Data()
        if let last = data.last, last != 0x0A { data.append(0x0A) }
        var log = log
        for op in ops {
            data.append(op.line)
            log.ops.append((op, data.count))
        }
        try store.write(data, to: ownLog)
        log.end = data.count
        return log
    }

    /// Damaged lines and kinds this version does not know, each said once (the record remembers).
    private func newWarnings(_ logs: [ReadLog], _ fold: SyncFold, _ record: inout SyncRecord) -> [String] {
        var warnings: [String] = []
        var reported = Set(record.reported)
        for log in logs {
            let new = log.damaged.filter { reported.insert("\(log.name)@\($0)").inserted }
            if !new.isEmpty {
                let lines = "\(new.count) damaged line\(new.count == 1 ? "" : "s")"
                warnings.append("sync: skipped \(lines) in \(SafeText.clean(log.name)); the rest of it was read")
            }
        }
        let unreadable = fold.unreadable.sorted().filter { reported.insert("op:\($0)").inserted }.count
        if unreadable > 0 {
            warnings.append(
                "sync: skipped \(unreadable) change\(unreadable == 1 ? "" : "s") in another device's log that did not "
                    + "read; the rest was read")
        }
        let kinds = fold.unknownKinds.sorted().filter { reported.insert("kind:\($0)").inserted }
        if !kinds.isEmpty {
            let named = kinds.map(SafeText.clean).joined(separator: ", ")
            warnings.append(
                "sync: kept and ignored changes of a kind this scout does not know (\(named)): a newer scout wrote "
                    + "them; update scout to use them")
        }
        // Bounded: a log damaged everywhere is said again rather than kept line by line without end.
        record.reported = Array(Array(reported).sorted().suffix(10_000))
        return warnings
    }
}
