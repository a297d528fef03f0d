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
        if kind == .historyAdd || kind == .library || kind == .favAdd {
            return applyLine(kind, op)
        }
        guard let p = SyncPayload.decode(op.payload) else { return false }
        switch kind {
        case .hello:
            guard let host = p.host else { return false }
            var device = devices[op.device] ?? SyncDevice(id: op.device)
            if hostOrders[op.device].map({ $0 < order }) ?? true {
                (device.host, hostOrders[op.device]) = (host, order)
            }
            devices[op.device] = device
        case .digest:
            guard let digest = p.digest else { return false }
            var device = devices[op.device] ?? SyncDevice(id: op.device)
            if digestOrders[op.device].map({ $0 < order }) ?? true {
                (device.lastSync, device.digest, digestOrders[op.device]) = (op.time, digest, order)
            }
            devices[op.device] = device
        case .favRemove:
            guard let id = p.id, let observed = p.obs else { return false }
            favourites.remove(id, observed: observed)
        case .tagAdd:
            guard let fav = p.fav, let tag = p.tag else { return false }
            tags.add(Self.tagKey(fav, tag), id: op.id, order: order, value: tag)
        case .tagRemove:
            guard let fav = p.fav, let tag = p.tag, let observed = p.obs else { return false }
            tags.remove(Self.tagKey(fav, tag), observed: observed)
        case .denyAdd:
            guard let term = p.term else { return false }
            deny.add(Text.fold(term), id: op.id, order: order, value: term)
        case .denyRemove:
            guard let term = p.term, let observed = p.obs else { return false }
            deny.remove(Text.fold(term), observed: observed)
        case .historyRemove:
            guard let ids = p.ids else { return false }
            historyGone.formUnion(ids)
            for id in ids { history[id] = nil }
        case .saved:
            guard let name = p.name else { return false }
            if saved[name].map({ $0.order < order }) ?? true { saved[name] = Register(order: order, value: p.def) }
        case .seen:
            guard let name = p.name, let ids = p.ids else { return false }
            seen[name, default: []].formUnion(ids)
        case .session:
            guard let name = p.name else { return false }
            if sessions[name].map({ $0.order < order }) ?? true {
                sessions[name] = Register(order: order, value: p.body)
            }
        case .favAdd, .historyAdd, .library: break
        }
        return true
    }

    /// A favourite, a history record or a library event: read with scout's byte readers.
    private mutating func applyLine(_ kind: SyncOp.Kind, _ op: SyncOp) -> Bool {
        switch kind {
        case .favAdd:
            guard let favourite = JSONBytes.whole(op.payload, { $0.favourite() }) else { return false }
            favourites.add(favourite.id, id: op.id, order: op.order, value: favourite)
        case .historyAdd:
            guard let record = HistoryLog.decode(op.payload, 0..<op.payload.count) else { return false }
            guard !historyGone.contains(record.id), !(record.search.map(historyGone.contains) ?? false) else {
                return true
            }
            let line = Line(order: op.order, bytes: op.payload, search: record.search, time: record.time)
            if history[record.id].map({ op.order < $0.order }) ?? true { history[record.id] = line }
        default:
            guard let event = LibraryEvent.read(op.payload) else {
                return false
            }
            let line = Line(order: op.order, bytes: op.payload, search: nil, time: event.time)
            if library[event.id].map({ op.order < $0.order }) ?? true { library[event.id] = line }
        }
        return true
    }

    static func tagKey(_ favourite: String, _ tag: String) -> String {
        favourite + "\u{1F}" + tag.lowercased()
    }

    // MARK: The state

    /// The ids of the history records still there (neither deleted nor completing a deleted search).
    var liveHistory: [String] {
        history.compactMap { id, line in
            historyGone.contains(id) || (line.search.map(historyGone.contains) ?? false) ? nil : id
        }
    }

    /// What the merged state holds, keyed as the local files are compared with it.
    var view: SyncView {
        var view = SyncView()
        view.favourites = Set(favourites.keys)
        // Tags of favourites still kept: a tag given on one device to a favourite removed on another stays
        // in the set (and comes back with it), but is on no favourite here.
        for key in tags.keys where view.favourites.contains(SyncLocal.favourite(ofTagKey: key)) {
            view.tags[key] = tags.value(key)
        }
        for key in deny.keys { view.deny[key] = deny.value(key) }
        view.history = Set(liveHistory)
        view.library = Set(library.keys)
        for (name, register) in saved { if let value = register.value { view.saved[name] = value } }
        // The ids a watch has shown matter where the search is watched (unwatching forgets them locally).
        view.seen = seen.filter { name, _ in
            saved[name]?.value.flatMap(SavedDefinition.decode)?.watched == true
        }
        for (name, register) in sessions { if let value = register.value { view.sessions[name] = value } }
        return view
    }

    /// The canonical form of the state: one line per element, sorted by their bytes, what the digest is taken
    /// over.
    var canonicalLines: [String] { canonicalBytes.map { String(decoding: $0, as: UTF8.self) } }

    private var canonicalBytes: [[UInt8]] {
        var lines: [[UInt8]] = []
        func add(_ kind: String, _ keys: some Sequence<String>) {
            for key in keys { lines.append(Array((kind + "\t" + key).utf8)) }
        }
        add("f", favourites.keys)
        add("t", tags.keys)
        add("d", deny.keys)
        add("h", liveHistory)
        add("l", library.keys)
        for (name, register) in saved where register.value != nil {
            add("s", ["\(name)\t\(register.order.time) \(register.order.device) \(register.order.seq)"])
        }
        for (name, ids) in seen { add("w", ids.map { "\(name)\t\($0)" }) }
        for (name, register) in sessions where register.value != nil {
            add("n", ["\(name)\t\(register.order.time) \(register.order.device) \(register.order.seq)"])
        }
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

    /// The favourites in the order every device lists them: by the date each was added, then by the order of
    /// the adds (a batch added at once keeps its order).
    var favouriteOrder: [String] {
        favourites.keys.compactMap { key in favourites.winner(key).map { (key, $0) } }
            .sorted { ($0.1.value.addedAt, $0.1.order) < ($1.1.value.addedAt, $1.1.order) }.map(\.0)
    }

    /// The library's lines in the order every device folds them.
    var libraryLines: [Data] {
        library.values.sorted { $0.order < $1.order }.map(\.bytes)
    }
}
