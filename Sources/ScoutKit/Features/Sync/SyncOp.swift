import FoundationEssentials
import Glibc
/// A hybrid logical clock timestamp: the wall clock in milliseconds and a counter. A device's next
/// timestamp is after every timestamp it has seen and never before its own clock, so a change made after
/// another device's (seen through a sync) is ordered after it, whatever the two clocks say; changes made
/// apart are ordered by time, ties by the counter and then by device id, never by wall clock alone.
public struct HybridTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var wall: Int64
    public var counter: Int

    public init(wall: Int64, counter: Int = 0) {
        (self.wall, self.counter) = (wall, counter)
    }

    public static let zero = HybridTime(wall: 0)

    /// `1764130000000-0003`: fixed width, so that the text sorts as the time does.
    public var description: String {
        let wall = String(max(0, min(wall, 9_999_999_999_999)))
        let counter = String(counter)
        return String(repeating: "0", count: max(0, 13 - wall.count)) + wall + "-"
            + String(repeating: "0", count: max(0, 4 - counter.count)) + counter
    }

    /// `1764130000000-0003` read from its bytes (a sync reads one for every change of every log).
    init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 18, bytes[13] == 0x2D else { return nil }
        var wall: Int64 = 0, counter = 0
        for index in 0..<13 {
            guard (0x30...0x39).contains(bytes[index]) else { return nil }
            wall = wall * 10 + Int64(bytes[index] - 0x30)
        }
        for index in 14..<18 {
            guard (0x30...0x39).contains(bytes[index]) else { return nil }
            counter = counter * 10 + Int(bytes[index] - 0x30)
        }
        self.init(wall: wall, counter: counter)
    }

    /// The timestamp after this one, at `now` (milliseconds) where the clock has moved past it.
    public func next(now: Int64) -> HybridTime {
        if now > wall { return HybridTime(wall: now) }
        return counter >= 9999 ? HybridTime(wall: wall + 1) : HybridTime(wall: wall, counter: counter + 1)
    }

    public static func < (a: HybridTime, b: HybridTime) -> Bool {
        (a.wall, a.counter) < (b.wall, b.counter)
    }

    /// Milliseconds since 1970 of `date`.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    public var date: Date { Date(timeIntervalSince1970: Double(wall) / 1000) }
}

/// One change in a device's sync log, one line each:
/// `{"id":"…","dev":"…","seq":12,"hlc":"1764130000000-0000","k":"fav+","p":{…}}`.
///
/// The payload `p` comes last and is kept as bytes until the kind's own reader reads it; a kind this
/// version does not know is kept in the log and ignored.
public struct SyncOp: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The device's host name (`{"host": …}`), written first and again when it changes.
        case hello
        /// The digest of the merged state the device had when it last synced.
        case digest
        case favAdd = "fav+", favRemove = "fav-"
        case tagAdd = "tag+", tagRemove = "tag-"
        case denyAdd = "deny+", denyRemove = "deny-"
        /// A line of history.jsonl; `hist-` names records (and searches) deleted for good.
        case historyAdd = "hist+", historyRemove = "hist-"
        /// A line of library.jsonl.
        case library = "lib+"
        /// A saved search's definition, or its removal (`def` null); last writer wins.
        case saved
        /// Ids a watch has shown: they only grow.
        case seen
        /// A named session's file, or its removal; last writer wins.
        case session
        /// A member followed (`own` or `friend`), or unfollowed (none); last writer wins.
        case follow
    }

    public var id: String
    public var device: String
    public var seq: Int
    public var time: HybridTime
    /// The kind as written: one of `Kind`, or one a newer scout writes.
    public var kind: String
    /// The payload's JSON bytes.
    public var payload: Data

    public init(id: String = SyncOp.newID(), device: String, seq: Int, time: HybridTime, kind: Kind, payload: Data) {
        self.init(id: id, device: device, seq: seq, time: time, kind: kind.rawValue, payload: payload)
    }

    init(id: String, device: String, seq: Int, time: HybridTime, kind: String, payload: Data) {
        (self.id, self.device, self.seq, self.time, self.kind, self.payload) = (id, device, seq, time, kind, payload)
        rank = payload.withUnsafeBytes { FNV.hash(bytes: $0.bindMemory(to: UInt8.self), from: FNV.hash(kind)) }
    }

    /// A hash of the kind and payload: two changes a damaged or hostile log gives the same id, device,
    /// number and time are still told apart, and ordered, the same way on every device.
    public let rank: UInt64

    /// A random id of 64 bits in hex: unique among a person's changes (a collision is as likely as two of
    /// 2^32 changes sharing one), shorter than a UUID in a log that holds one a line.
    public static func newID() -> String {
        let value = UInt64.random(in: 0...UInt64.max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The order of changes: by hybrid time, then device, then sequence number, then id (two homes copied
    /// from one may have written the same device and number), then `rank`: a total order, so that whichever
    /// of two changes wins does not depend on which came first.
    public struct Order: Comparable, Hashable, Sendable {
        public var time: HybridTime
        public var device: String
        public var seq: Int
        public var id: String
        public var rank: UInt64

        public static func < (a: Order, b: Order) -> Bool {
            (a.time, a.device, a.seq, a.id, a.rank) < (b.time, b.device, b.seq, b.id, b.rank)
        }
    }

    public var order: Order { Order(time: time, device: device, seq: seq, id: id, rank: rank) }

    /// The line as written, with its newline. Ids, device ids, times and kinds are plain ASCII.
    public var line: Data {
        var bytes = Data()
        bytes.reserveCapacity(payload.count + 120)
        bytes.append(
            contentsOf: "{\"id\":\"\(id)\",\"dev\":\"\(device)\",\"seq\":\(seq),\"hlc\":\"\(time)\",\"k\":\"".utf8)
        bytes.append(contentsOf: kind.utf8)
        bytes.append(contentsOf: "\",\"p\":".utf8)
        bytes.append(payload)
        bytes.append(contentsOf: "}\n".utf8)
        return bytes
    }

    /// Reads a line as `line` writes it (without its newline); nil for anything else.
    public static func parse(_ line: UnsafeRawBufferPointer) -> SyncOp? {
        var reader = JSONBytes(line)
        guard reader.take(0x7B) else { return nil }
        func text(_ name: StaticString, first: Bool = false) -> String? {
            guard case .key(let key) = reader.member(first: first), JSONBytes.same(key, name),
                let value = reader.plainString(), value.count <= 64,
                value.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
            else { return nil }
            return String(decoding: value, as: UTF8.self)
        }
        guard let id = text("id", first: true), let device = text("dev"),
            case .key(let seqKey) = reader.member(first: false), JSONBytes.same(seqKey, "seq"),
            let seq = reader.smallInteger(), case .key(let timeKey) = reader.member(first: false),
            JSONBytes.same(timeKey, "hlc"), let time = reader.plainString().flatMap(HybridTime.init(bytes:)),
            let kind = text("k"),
            case .key(let payloadKey) = reader.member(first: false), JSONBytes.same(payloadKey, "p")
        else { return nil }
        reader.space()
        // The payload runs to the closing brace at the line's end (white space after it allowed).
        var end = line.count
        while end > reader.at, [0x20, 0x09, 0x0D].contains(line[end - 1]) { end -= 1 }
        guard end > reader.at + 1, line[end - 1] == 0x7D else { return nil }
        let payload = Data(UnsafeRawBufferPointer(rebasing: line[reader.at..<(end - 1)]))
        return SyncOp(id: id, device: device, seq: seq, time: time, kind: kind, payload: payload)
    }
}

extension SyncOp {
    /// Every whole line of a log: the operations that read, each with the offset its line ends at (after the
    /// newline), and the offsets of the lines that did not. A last line without its newline is not read: it
    /// is being written or copied, and is read whole next time.
    static func read(_ data: Data) -> (ops: [(op: SyncOp, end: Int)], damaged: [Int], end: Int) {
        var ops: [(op: SyncOp, end: Int)] = []
        var damaged: [Int] = []
        let end = data.withUnsafeBytes { raw in
            raw.forEachWholeLine { line in
                if let op = parse(UnsafeRawBufferPointer(rebasing: raw[line])) {
                    ops.append((op, line.upperBound + 1))
                } else {
                    damaged.append(line.lowerBound)
                }
            }
        }
        return (ops, damaged, end)
    }
}
