import CScoutImage
import FoundationEssentials
import Glibc
/// What a device last said of itself in its log.
public struct SyncDevice: Sendable, Equatable {
    public var id: String
    public var host: String?
    /// Its latest change to the synced state.
    public var lastChange: HybridTime?
    /// When it last published a digest (it does so when a sync leaves it with a new one).
    public var lastSync: HybridTime?
    public var digest: String?
}

/// Every device's log folded by the same rules, so that the same operations give the same state in any
/// order and any number of times: favourites, their tags, the deny list as observed-remove sets; the
/// history and the library as sets that only grow, with tombstones for history deleted; saved searches'
/// definitions and named sessions as registers where the last writer wins by (hybrid time, device,
/// sequence); the ids watches have shown as a set that only grows.
public struct SyncFold {
    /// A line of history.jsonl or library.jsonl, kept as bytes, with what the fold needs of it.
    struct Line {
        var order: SyncOp.Order
        var bytes: Data
        /// For a history `done` record: the search it completes.
        var search: String?
        var time: Date
    }

    struct Register<Value> {
        var order: SyncOp.Order
        var value: Value?
    }

    /// The changes applied, by id and rank: the same change seen twice counts once; two that share an id are
    /// both folded, by rules that do not depend on which came first.
    private(set) var applied: Set<SyncOp.Order> = []
    /// The change each device's host name and digest were last taken from.
    private var hostOrders: [String: SyncOp.Order] = [:]
    private var digestOrders: [String: SyncOp.Order] = [:]
    var favourites = ObservedRemoveSet<Favourite>()
    /// Key: the favourite's id, a unit separator and the tag in lower case; value: the tag as typed.
    var tags = ObservedRemoveSet<String>()
    /// Key: the folded term.
    var deny = ObservedRemoveSet<String>()
    var history: [String: Line] = [:]
    /// History records and searches deleted for good.
    var historyGone: Set<String> = []
    var library: [String: Line] = [:]
    var saved: [String: Register<Data>] = [:]
    var seen: [String: Set<String>] = [:]
    var sessions: [String: Register<String>] = [:]
    var follows: [String: Register<String>] = [:]
    public private(set) var devices: [String: SyncDevice] = [:]
    /// The latest hybrid time seen, which this device's next change follows.
    public private(set) var latest = HybridTime.zero
    /// Kinds a newer scout writes, kept in the logs and ignored here.
    public private(set) var unknownKinds: Set<String> = []
    /// The operations whose payload did not read, by id.
    public private(set) var unreadable: Set<String> = []

    public init() {}

    /// A fold with room for `count` operations, most of them history records (its tables are not grown
    /// again and again on a first sync).
    init(expecting count: Int) {
        applied.reserveCapacity(count)
        history.reserveCapacity(count)
    }

    /// Applies an operation; false when it was applied before (by id), or could not be read.
    @discardableResult
    public mutating func apply(_ op: SyncOp) -> Bool {
        let order = op.order
        guard !applied.contains(order) else { return false }
        guard let kind = SyncOp.Kind(rawValue: op.kind) else {
            unknownKinds.insert(String(op.kind.prefix(32)))
            applied.insert(order)
            note(op, changes: false)
            return true
        }
        guard apply(kind, op) else {
            unreadable.insert(op.id)
            return false
        }
        applied.insert(order)
        note(op, changes: kind != .hello && kind != .digest)
        return true
    }

    private mutating func note(_ op: SyncOp, changes: Bool) {
        latest = max(latest, op.time)
        if changes {
            var device = devices[op.device] ?? SyncDevice(id: op.device)
            device.lastChange = max(device.lastChange ?? .zero, op.time)
            devices[op.device] = device
        }
    }

    private mutating func apply(_ kind: SyncOp.Kind, _ op: SyncOp) -> Bool {
        let order = op.order
        switch kind {
        case .hello:
            guard let host = SyncPayload.decode(op.payload)?.host else { return false }
            var device = devices[op.device] ?? SyncDevice(id: op.device)
            if hostOrders[op.device].map({ $0 < order }) ?? true {
                (device.host, hostOrders[op.device]) = (host, order)
            }
            devices[op.device] = device
        case .digest:
            guard let digest = SyncPayload.decode(op.payload)?.digest else { return false }
            var device = devices[op.device] ?? SyncDevice(id: op.device)
            if digestOrders[op.device].map({ $0 < order }) ?? true {
                (device.lastSync, device.digest, digestOrders[op.device]) = (op.time, digest, order)
            }
            devices[op.device] = device
        default:
            for part in SyncParts.all { if let read = part.fold(kind, op, into: &self) { return read } }
            return false
        }
        return true
    }

    // MARK: The state

    /// What the merged state holds, keyed as the local files are compared with it.
    var view: SyncView {
        var view = SyncView()
        for part in SyncParts.all { part.view(of: self, into: &view) }
        return view
    }

    /// The canonical form of the state: one line per element, sorted by their bytes, what the digest is taken
    /// over.
    var canonicalLines: [String] { canonicalBytes.map { String(decoding: $0, as: UTF8.self) } }

    private var canonicalBytes: [[UInt8]] {
        var lines: [[UInt8]] = []
        func add(_ kind: String, _ keys: [String]) {
            for key in keys { lines.append(Array((kind + "\t" + key).utf8)) }
        }
        for part in SyncParts.all { part.canonical(self, add) }
        lines.sort(by: Self.precedes)
        return lines
    }

    /// Byte order, as memcmp has it.
    private static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let common = min(a.count, b.count)
        let order = a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                guard let a = a.baseAddress, let b = b.baseAddress, common > 0 else { return Int32(0) }
                return memcmp(a, b, common)
            }
        }
        return order != 0 ? order < 0 : a.count < b.count
    }

    /// SHA-256 of the canonical form, in hex: two devices with the same state show the same digest.
    public var digest: String {
        let hash = scout_sha256_begin()
        let newline: [UInt8] = [0x0A]
        for line in canonicalBytes {
            line.withUnsafeBytes { scout_sha256_update(hash, $0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
            scout_sha256_update(hash, newline, 1)
        }
        var hex = [CChar](repeating: 0, count: 65)
        scout_sha256_finish(hash, &hex)
        return String(decoding: hex.prefix(64).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
