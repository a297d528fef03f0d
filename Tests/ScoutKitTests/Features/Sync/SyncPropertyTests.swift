import Foundation
import PropertyBased
import Testing

@testable import ScoutKit

/// Five simulated devices make random changes and sync with random delivery: logs arrive in any order,
/// some twice (as a sync tool's conflict copy), some cut mid-line (half copied). Each device makes its
/// operations from its files as a sync does (`SyncLocal.changes`), folds what it received, and takes the
/// merged state as its files. At the end, with every log delivered, every device must hold the same state.
@Suite struct SyncPropertyTests {
    /// A small deterministic generator for delivery, seeded by the property's input.
    struct SplitMix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
        }
    }

    struct Device {
        let id: String
        /// How far this device's clock runs ahead of the others, in milliseconds (device 4 by an hour).
        let skew: Int64
        var local = SyncLocal()
        var merged = SyncFold()
        var log = Data()
        var seq = 0
        var clock = HybridTime.zero
        /// How much of each other device's log has reached this one.
        var received: [String: Int] = [:]
        /// History records this device deleted.
        var deleted: Set<String> = []
    }

    static let films = (1...8).map { "movies:\($0)" }
    static let tags = ["scifi", "Noir", "later"]
    static let terms = ["spoilers", "Heist", "remake"]
    static let names = ["alien", "noir"]

    struct World {
        var devices: [Device]
        var step: Int64 = 0
        var unique = 0
        static let start: Int64 = 1_764_000_000_000

        init() {
            devices = (0..<5).map { Device(id: "device\($0)", skew: $0 == 4 ? 3_600_000 : Int64($0) * 7) }
        }

        mutating func next() -> Int {
            unique += 1
            return unique
        }

        /// A change made on device `d` from `code`.
        mutating func change(_ d: Int, _ code: Int) {
            step += 1_000
            let date = Date(timeIntervalSince1970: Double(Self.start + step) / 1000)
            var local = devices[d].local
            let film = SyncPropertyTests.films[code % SyncPropertyTests.films.count]
            let tag = SyncPropertyTests.tags[code % SyncPropertyTests.tags.count]
            let term = SyncPropertyTests.terms[code % SyncPropertyTests.terms.count]
            let name = SyncPropertyTests.names[code % SyncPropertyTests.names.count]
            switch (code / 7) % 12 {
            case 0, 1: // add a favourite, or add it again (a new add)
                if code % 3 == 0 { Self.removeFavourite(film, from: &local) }
                if local.favourites[film] == nil {
                    local.favourites[film] = Favourite(
                        id: film, title: film, source: "movies", fields: [], url: nil, addedAt: date, tags: [],
                        addID: "add-\(next())")
                    local.favouriteOrder.append(film)
                    local.view.favourites.insert(film)
                }
            case 2: Self.removeFavourite(film, from: &local)
            case 3:
                guard local.favourites[film] != nil else { break }
                let key = FavouritesSync.tagKey(film, tag)
                if local.view.tags[key] == nil {
                    local.view.tags[key] = tag
                    local.favourites[film]?.tags.append(tag)
                } else {
                    local.view.tags[key] = nil
                    local.favourites[film]?.tags.removeAll { $0.lowercased() == tag.lowercased() }
                }
            case 4:
                let key = Text.fold(term)
                local.view.deny[key] = local.view.deny[key] == nil ? term : nil
            case 5, 6:
                let record = HistoryRecord(
                    kind: .search, id: "h\(next())", time: date, source: "movies", terms: term, count: code % 4)
                let line = (try? JSONEncoder.scoutLine.encode(record)) ?? Data()
                local.historyLines.append((record.id, line))
                local.view.history.insert(record.id)
            case 7:
                guard !local.historyLines.isEmpty else { break }
                let gone = local.historyLines.remove(at: code % local.historyLines.count)
                local.view.history.remove(gone.id)
                devices[d].deleted.insert(gone.id)
            case 8, 9:
                let library = Library(local.libraryLines.compactMap { LibraryEvent.read($0.bytes) })
                var event = LibraryEvent(
                    id: "e\(next())", device: devices[d].id, time: date,
                    op: [.rate, .want, .unwant, .note][code % 4], film: LibraryFilm(id: film, title: film))
                switch event.op {
                case .rate: event.stars = Double(code % 10 + 1) / 2
                case .unwant: event.removes = library.wantIDs(film)
                case .note: event.text = "note \(code)"
                default: break
                }
                let line = (try? JSONEncoder.scoutLine.encode(event)) ?? Data()
                local.libraryLines.append((event.id, line))
                local.view.library.insert(event.id)
            case 10:
                if code % 5 == 0 {
                    local.view.saved[name] = nil
                    local.view.seen[name] = nil
                } else {
                    let search = SavedSearch(
                        name: name, query: SearchQuery(source: "movies", terms: term, options: [:]), savedAt: date)
                    var definition = SavedDefinition(search)
                    definition.watched = code % 2 == 0
                    local.view.saved[name] = SavedDefinition.encode(definition)
                    if definition.watched {
                        local.view.seen[name, default: []].insert("seen-\(code % 13)")
                    } else {
                        local.view.seen[name] = nil
                    }
                }
            default:
                local.view.sessions[name] = code % 4 == 0 ? nil : "{\"session\": \(next())}"
            }
            devices[d].local = local
        }

        static func removeFavourite(_ film: String, from local: inout SyncLocal) {
            guard local.favourites.removeValue(forKey: film) != nil else { return }
            local.favouriteOrder.removeAll { $0 == film }
            local.view.favourites.remove(film)
            for key in local.view.tags.keys where FavouritesSync.favourite(ofTagKey: key) == film {
                local.view.tags[key] = nil
            }
        }

        /// Device `d` syncs: what reached it of the others' logs (`inbox`), its own changes since its last
        /// sync logged, everything folded, and its files brought to the merged state.
        mutating func sync(_ d: Int, inbox: [Data]) {
            step += 1_000
            var device = devices[d]
            for data in inbox {
                for entry in SyncOp.read(data).ops {
                    device.merged.apply(entry.op)
                }
            }
            // The base is what the files were brought to last time; a change made since is this device's.
            let base = devices[d].merged
            device.clock = max(device.clock, device.merged.latest)
            for (kind, payload) in device.local.changes(since: base) {
                device.seq += 1
                device.clock = device.clock.next(now: World.start + step + device.skew)
                let op = SyncOp(
                    id: "\(device.id)-\(device.seq)", device: device.id, seq: device.seq, time: device.clock,
                    kind: kind, payload: payload)
                device.log.append(op.line)
                device.merged.apply(op)
            }
            device.local = SyncLocal(materialising: device.merged)
            // A deletion never comes back on the device that made it.
            #expect(device.local.view.history.isDisjoint(with: device.deleted))
            devices[d] = device
        }

        /// Delivers to `d` a random part of each other device's log: cut anywhere (a half line is left for
        /// later), sometimes twice over (a conflict copy), in a random order.
        func inbox(for d: Int, random: inout SplitMix, whole: Bool = false) -> [Data] {
            var parts: [Data] = []
            for other in devices.indices where other != d {
                let log = devices[other].log
                guard !log.isEmpty else { continue }
                let cut = whole ? log.count : random.next(log.count + 1)
                parts.append(log.prefix(cut))
                if random.next(4) == 0 { parts.append(log.prefix(random.next(log.count + 1))) }
            }
            var shuffled: [Data] = []
            while !parts.isEmpty { shuffled.append(parts.remove(at: random.next(parts.count))) }
            return shuffled
        }
    }

    /// `sha256sum` of `text`: the reference the digest is checked against.
    static func sha256sum(_ text: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        (process.standardInput, process.standardOutput) = (input, output)
        guard (try? process.run()) != nil else { return "sha256sum did not run" }
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(String(decoding: answer, as: UTF8.self).prefix(64))
    }

    @Test func fiveDevicesConvergeWhateverTheDeliveryAndNothingDeletedComesBack() async {
        var checkedDigest = false
        await propertyCheck(count: 60, input: Gen.int(in: 0...99_999).array(of: 20...160), Gen.int(in: 0...1_000_000)) {
            script, seed in
            var world = World()
            var random = SplitMix(state: UInt64(seed))
            for code in script {
                let d = code % 5
                if code % 6 == 0 {
                    world.sync(d, inbox: world.inbox(for: d, random: &random))
                } else {
                    world.change(d, code / 5)
                }
            }
            // Everything delivered, twice round: every device holds every change.
            for _ in 0..<2 {
                for d in world.devices.indices {
                    world.sync(d, inbox: world.inbox(for: d, random: &random, whole: true))
                }
            }
            let states = world.devices.map(\.merged.canonicalLines)
            for state in states.dropFirst() { #expect(state == states[0]) }
            let views = world.devices.map(\.local.view)
            for view in views.dropFirst() { #expect(view == views[0]) }
            let digests = Set(world.devices.map(\.merged.digest))
            #expect(digests.count == 1)
            // The digest is SHA-256 of the canonical lines, each ended by a newline, as sha256sum gives it.
            if !checkedDigest {
                checkedDigest = true
                #expect(world.devices[0].merged.digest == Self.sha256sum(states[0].map { $0 + "\n" }.joined()))
            }

            // No history record any device deleted is anywhere.
            let deleted = world.devices.reduce(into: Set<String>()) { $0.formUnion($1.deleted) }
            #expect(views[0].history.isDisjoint(with: deleted))

            // Observed-remove: every add that no removal saw is in the set; every other is not.
            let ops = world.devices.flatMap { SyncOp.read($0.log).ops.map(\.op) }
            let removals = ops.filter { $0.kind == "fav-" }.compactMap { SyncPayload.decode($0.payload)?.obs }.flatMap {
                $0
            }
            let unseen = ops.filter { $0.kind == "fav+" && !removals.contains($0.id) }
            let survivors = Set(
                unseen.compactMap { op in JSONBytes.whole(op.payload) { reader in reader.favourite() }?.id })
            #expect(survivors == views[0].favourites)

            // Folding every log again, and in another order, changes nothing: an operation seen twice counts once.
            var again = world.devices[0].merged
            let appliedAgain = ops.filter { again.apply($0) }
            #expect(appliedAgain.isEmpty)
            #expect(again.digest == world.devices[0].merged.digest)
            var shuffled = ops
            for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.next(index + 1)) }
            var fresh = SyncFold()
            for op in shuffled { fresh.apply(op) }
            #expect(fresh.canonicalLines == states[0])
            #expect(fresh.libraryLines == world.devices[0].merged.libraryLines)
        }
    }
}

extension SyncLocal {
    /// The files as a sync leaves them: the merged state, in the order it lists it.
    init(materialising fold: SyncFold) {
        self.init()
        view = fold.view
        for id in fold.favouriteOrder {
            guard var favourite = fold.favourites.value(id) else { continue }
            favourite.tags = view.tags.filter { FavouritesSync.favourite(ofTagKey: $0.key) == id }
                .sorted { $0.key < $1.key }.map(\.value)
            favourites[id] = favourite
            favouriteOrder.append(id)
        }
        historyLines = fold.liveHistory.compactMap { id in fold.history[id].map { (id, $0) } }
            .sorted { $0.1.order < $1.1.order }.map { ($0.0, $0.1.bytes) }
        libraryLines = fold.library.sorted { $0.value.order < $1.value.order }.map { ($0.key, $0.value.bytes) }
    }
}
