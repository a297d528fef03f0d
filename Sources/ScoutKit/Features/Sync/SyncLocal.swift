import FoundationEssentials
import Glibc
/// The files sync reads and writes on this device, each feature's through its own store, which its part makes
/// (`FavouritesSync`'s `files.favourites`): fresh ones, since the shell's keep caches, which see a changed file
/// by its stamp.
struct SyncFiles {
    let paths: Paths
    let store: FileStore
    let warn: @Sendable (String) -> Void

    /// The files whose stamps say whether anything synced changed since the last sync: each part's.
    var watched: [URL] { SyncParts.all.flatMap { $0.watched(self) } }

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

    static func isSafeName(_ name: String) -> Bool {
        (try? SessionModel.validateName(name)) != nil
    }

    /// The synced state as the files hold it, each part reading its feature's.
    static func read(_ files: SyncFiles) throws -> SyncLocal {
        var local = SyncLocal()
        for part in SyncParts.all { try part.read(files, into: &local) }
        return local
    }

    /// The operations (kind and payload) that take the state of the last sync (`base`) to this one.
    func changes(since base: SyncFold) -> [(SyncOp.Kind, Data)] {
        let old = base.view
        var changes = SyncChanges()
        for part in SyncParts.all { part.changes(of: self, since: base, old: old, into: &changes) }
        return changes.ops
    }
}
