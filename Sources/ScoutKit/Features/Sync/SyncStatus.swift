import FoundationEssentials
/// `sync status`: what the logs say without fetching, and whether this device has changes to send.
extension SyncEngine {
    /// The merged state of every log as this device has them, without fetching: for `sync status`.
    func status() throws -> (record: SyncRecord, device: String, report: SyncReport) {
        guard let record = record() else {
            throw SyncFailure("sync is not set up: sync init git URL, or sync init folder PATH")
        }
        let device = try device()
        var fold = SyncFold()
        let transport = try transport(record, device: device)
        let logs = [read("own", ownLog)] + transport.logs().map({ read($0.name, $0.url) })
        for log in logs {
            for entry in log.ops { fold.apply(entry.op) }
        }
        var report = SyncReport()
        // Changes made here since the last sync: counted, and folded in as the next sync will, so that the
        // digest is this state's and the devices agree only once they are sent.
        if files.stamps != record.stamps, let local = try? SyncLocal.read(files) {
            var last = SyncFold()
            for log in logs {
                let consumed = record.consumed[log.name] ?? 0
                for entry in log.ops where entry.end <= consumed { last.apply(entry.op) }
            }
            let changes = local.changes(since: last)
            var clock = logs.flatMap { $0.ops.map(\.op.time) }.max() ?? .zero
            var seq = logs.flatMap { $0.ops.filter { $0.op.device == device }.map(\.op.seq) }.max() ?? 0
            for (kind, payload) in changes {
                (clock, seq) = (clock.next(now: HybridTime.milliseconds(Date())), seq + 1)
                fold.apply(SyncOp(device: device, seq: seq, time: clock, kind: kind, payload: payload))
            }
            report.pending = changes.count
        }
        return (record, device, finish(&report, fold, device: device))
    }

    /// Whether a synced file changed since the last sync (what a sync at exit would send).
    func hasLocalChanges() -> Bool {
        guard let record = record() else { return false }
        return files.stamps != record.stamps
    }
}
