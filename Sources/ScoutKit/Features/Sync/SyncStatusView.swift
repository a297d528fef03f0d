import FoundationEssentials

/// `sync status`: every device, its last change and sync, its digest, and whether they agree.
extension SyncService {
    /// `sync status`: this device and every other, the digest of the merged state here, whether they agree.
    func syncStatus() throws -> Output {
        let engine = syncEngine
        let (record, device, report): (SyncRecord, String, SyncReport)
        do {
            (record, device, report) = try engine.status()
        } catch let failure as SyncFailure {
            throw UsageError(
                store(engine.offFile) ? "sync is off here: sync init sets it up again" : failure.description,
                code: "not-set-up")
        }
        var output = Output()
        let now = context.now()
        func when(_ time: HybridTime?) -> String {
            time.map { RelativeTime.describe($0.date, now: now, in: context.localTime) } ?? "never"
        }
        let last = record.lastSync.map { RelativeTime.describe($0, now: now, in: context.localTime) } ?? "never"
        output.say(
            "Syncing through \(record.place) (sync-auto \(settings.syncAuto ? "on" : "off")); last sync here \(last).")
        if let failure = record.failure, let at = record.failedAt {
            let when = RelativeTime.describe(at, now: now, in: context.localTime)
            output.say(StyledLine("The last try failed \(when): \(failure).", .warning))
        }
        var devices = report.devices
        if !devices.contains(where: { $0.id == device }) { devices.insert(SyncDevice(id: device), at: 0) }
        var items: [JSONObject<DeviceField>] = []
        // A table where the window is wide enough; else each device on three lines.
        var table = [
            ListingView.Line.plain(
                StyledLine("  DEVICE    HOST          CHANGED          SYNCED           DIGEST", .heading))
        ]
        var stacked: [ListingView.Line] = []
        for other in devices {
            let host = SafeText.clean(other.host ?? "?")
            let this = other.id == device
            let digest = other.digest.map { String($0.prefix(12)) } ?? "none yet"
            let mark = this ? "*" : other.digest == report.digest ? " " : "!"
            table.append(
                .plain(
                    StyledLine(
                        "\(mark) \(String(other.id.prefix(8)))  \(DisplayWidth.pad(String(host.prefix(12)), to: 12))  "
                            + "\(DisplayWidth.pad(when(other.lastChange), to: 15))  "
                            + "\(DisplayWidth.pad(when(other.lastSync), to: 15))  \(digest)")))
            stacked += [
                "\(mark) \(String(other.id.prefix(8))) \(String(host.prefix(20)))\(this ? " (here)" : "")",
                "    changed \(when(other.lastChange)), synced \(when(other.lastSync))", "    digest \(digest)",
            ].map { .plain(StyledLine($0)) }
            items.append(
                JSONObject([
                    .device: .string(other.id), .host: .string(host), .this: .bool(this),
                    .lastChange: other.lastChange.map { .string(ISODate.string($0.date)) } ?? .null,
                    .lastSync: other.lastSync.map { .string(ISODate.string($0.date)) } ?? .null,
                    .digest: other.digest.map { .string($0) } ?? .null,
                ]))
        }
        output.show(
            ListingView([.either(wide: table, narrow: stacked, below: 76)]) { [items] in
                TypedJSON.listing(items, total: items.count)
            })
        output.say("Digest of the merged state here: \(report.digest.prefix(16))… (* here, ! differs).")
        output.say(Self.agreement(report).capitalizedFirst + ".")
        output.json[.digest] = .string(report.digest)
        output.json[.agree] = .bool(report.agree)
        output.json[.pending] = .int(report.pending)
        output.json[.failure] = record.failure.map { .string($0) } ?? .null
        output.json[.transport] = .string(record.kind.rawValue)
        output.json[.location] = .string(record.location)
        return output
    }
}
