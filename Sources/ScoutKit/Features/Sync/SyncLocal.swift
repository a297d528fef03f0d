import FoundationEssentials
import Glibc
/// The files sync reads and writes on this device, through their own stores (fresh ones: the shell's keep
/// caches, which see a changed file by its stamp).
struct SyncFiles {
    let paths: Paths
    let store: FileStore
    let warn: @Sendable (String) -> Void

    var favourites: FavouritesStore { FavouritesStore(url: paths.favouritesFile, store: store, warn: warn) }
    var deny: DenyListStore { DenyListStore(url: paths.denyListFile, store: store, warn: warn) }
    var history: HistoryStore { HistoryStore(url: paths.historyFile, store: store, warn: warn) }
    var library: LibraryStore {
        LibraryStore(url: paths.libraryFile, deviceFile: paths.deviceFile, store: store, warn: warn)
    }
    var saved: SavedSearchStore { SavedSearchStore(url: paths.savedSearchesFile, store: store, warn: warn) }

    /// The files whose stamps say whether anything synced changed since the last sync.
    var watched: [URL] {
        [paths.favouritesFile, paths.denyListFile, paths.historyFile, paths.libraryFile, paths.savedSearchesFile]
            + sessionNames.map(paths.namedSession)
    }

    var sessionNames: [String] {
        (store.contents(of: paths.sessionsFolder) ?? []).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
            .filter(SyncLocal.isSafeName).sorted()
    }

    /// The stamps of `watched`, as the sync record keeps them.
    var stamps: [String: String] {
        var stamps: [String: String] = [:]
        for url in watched {
            stamps[url.lastPathComponent] =
                FileStamp(url).map { $0.words.map(String.init).joined(separator: ".") } ?? "-"
        }
        return stamps
    }
}

/// The synced state as this device's files hold it: compared with the state of the last sync to make this
/// device's new operations, and brought to the merged state afterwards by applying only what differs, each
/// store under its own lock, so that a change another scout makes meanwhile is kept (and synced next time).
struct SyncLocal {
    var view = SyncView()
    var favourites: [String: Favourite] = [:]
    /// Ids in the order the files hold them.
    var favouriteOrder: [String] = []
    var historyLines: [(id: String, bytes: Data)] = []
    var libraryLines: [(id: String, bytes: Data)] = []

    static let sessionLimit = 4 << 20

    static func isSafeName(_ name: String) -> Bool {
        (try? SessionModel.validateName(name)) != nil
    }

    static func read(_ files: SyncFiles) throws -> SyncLocal {
        var local = SyncLocal()
        for favourite in files.favourites.all() where local.favourites[favourite.id] == nil {
            local.favourites[favourite.id] = favourite
            local.favouriteOrder.append(favourite.id)
            local.view.favourites.insert(favourite.id)
            for tag in favourite.tags { local.view.tags[SyncFold.tagKey(favourite.id, tag)] = tag }
        }
        for term in try files.deny.userTerms() { local.view.deny[Text.fold(term)] = term }
        if let data = try files.store.read(files.paths.historyFile) {
            for (line, record) in data.decodedLines({ HistoryLog.decode($0, 0..<$0.count) })
            where local.view.history.insert(record.id).inserted {
                local.historyLines.append((record.id, line))
            }
        }
        if let data = try files.store.read(files.paths.libraryFile) {
            for (line, event) in LibraryStore.events(data) where local.view.library.insert(event.id).inserted {
                local.libraryLines.append((event.id, line))
            }
        }
        for search in files.saved.all() {
            local.view.saved[search.name] = SavedDefinition.encode(SavedDefinition(search))
            // A watch that has seen nothing holds no ids, as the fold has none for it: not a change.
            if let seen = search.watch?.seen, !seen.isEmpty { local.view.seen[search.name] = Set(seen) }
        }
        for name in files.sessionNames {
            let url = files.paths.namedSession(name)
            guard files.store.size(of: url) <= sessionLimit, let data = try files.store.read(url) else { continue }
            local.view.sessions[name] = String(decoding: data, as: UTF8.self)
        }
        return local
    }

    // MARK: This device's changes

    /// The operations (kind and payload) that take the state of the last sync (`base`) to this one.
    func changes(since base: SyncFold) -> [(SyncOp.Kind, Data)] {
        let old = base.view
        var ops: [(SyncOp.Kind, Data)] = []
        func small(_ kind: SyncOp.Kind, _ fill: (inout SyncPayload) -> Void) {
            var payload = SyncPayload()
            fill(&payload)
            ops.append((kind, payload.encoded))
        }
        // New here, or removed and added again since (another add id): a new add, which a removal made
        // elsewhere meanwhile does not take back.
        for id in favouriteOrder
        where !old.favourites.contains(id) || base.favourites.value(id)?.addID != favourites[id]?.addID {
            guard var favourite = favourites[id] else { continue }
            // Removed and added again: the removal of the adds seen, then the new add.
            if old.favourites.contains(id) {
                small(.favRemove) { ($0.id, $0.obs) = (id, base.favourites.observed(id)) }
            }
            favourite.tags = []
            ops.append((.favAdd, Self.oneLine(favourite)))
        }
        for id in old.favourites.subtracting(view.favourites).sorted() {
            small(.favRemove) { ($0.id, $0.obs) = (id, base.favourites.observed(id)) }
        }
        for (key, tag) in view.tags.sorted(by: { $0.key < $1.key }) where old.tags[key] == nil {
            small(.tagAdd) { ($0.fav, $0.tag) = (Self.favourite(ofTagKey: key), tag) }
        }
        for (key, tag) in old.tags.sorted(by: { $0.key < $1.key }) where view.tags[key] == nil {
            small(.tagRemove) {
                ($0.fav, $0.tag, $0.obs) = (Self.favourite(ofTagKey: key), tag, base.tags.observed(key))
            }
        }
        for (key, term) in view.deny.sorted(by: { $0.key < $1.key }) where old.deny[key] == nil {
            small(.denyAdd) { $0.term = term }
        }
        for (key, term) in old.deny.sorted(by: { $0.key < $1.key }) where view.deny[key] == nil {
            small(.denyRemove) { ($0.term, $0.obs) = (term, base.deny.observed(key)) }
        }
        for line in historyLines where !old.history.contains(line.id) { ops.append((.historyAdd, line.bytes)) }
        let gone = old.history.subtracting(view.history).sorted()
        if !gone.isEmpty { small(.historyRemove) { $0.ids = gone } }
        for line in libraryLines where !old.library.contains(line.id) { ops.append((.library, line.bytes)) }
        for name in Set(view.saved.keys).union(old.saved.keys).sorted() where view.saved[name] != old.saved[name] {
            small(.saved) { ($0.name, $0.def) = (name, view.saved[name]) }
        }
        for (name, ids) in view.seen.sorted(by: { $0.key < $1.key }) {
            let new = ids.subtracting(old.seen[name] ?? []).sorted()
            if !new.isEmpty { small(.seen) { ($0.name, $0.ids) = (name, new) } }
        }
        for name in Set(view.sessions.keys).union(old.sessions.keys).sorted()
        where view.sessions[name] != old.sessions[name] {
            small(.session) { ($0.name, $0.body) = (name, view.sessions[name]) }
        }
        return ops
    }

    static func favourite(ofTagKey key: String) -> String {
        String(key.prefix { $0 != "\u{1F}" })
    }

    /// A favourite as the byte writer writes it, on one line (JSON strings hold no raw newline).
    static func oneLine(_ favourite: Favourite) -> Data {
        var out = JSONWriter()
        out.favourite(favourite, level: 0)
        return Data(out.bytes.filter { $0 != 0x0A })
    }

}
