import FoundationEssentials

/// A feature's part in sync, declared in the feature's folder: how its files are read into the synced view
/// and into this device's operations, how its operations fold, what of the fold it shows, and how the merged
/// state is written back to its files. Sync keeps the logs, the order of operations, the merge rules and the
/// digest; it knows no feature's file format. A feature that syncs is one line in `all`.
protocol SyncPart: Sendable {
    /// The feature's files, whose stamps say whether anything changed since the last sync.
    static func watched(_ files: SyncFiles) -> [URL]
    /// Reads the feature's files into `local`.
    static func read(_ files: SyncFiles, into local: inout SyncLocal) throws
    /// The operations that take the state of the last sync (`base`, whose view is `old`) to what `local` holds.
    static func changes(of local: SyncLocal, since base: SyncFold, old: SyncView, into changes: inout SyncChanges)
    /// Folds one of the feature's operations: false when its payload does not read; nil when the kind is not
    /// the feature's.
    static func fold(_ kind: SyncOp.Kind, _ op: SyncOp, into fold: inout SyncFold) -> Bool?
    /// What the fold holds of the feature, keyed as `read` keys the files.
    static func view(of fold: SyncFold, into view: inout SyncView)
    /// The feature's lines of the canonical state (a kind letter and a key each), which the digest is over.
    static func canonical(_ fold: SyncFold, _ add: (String, [String]) -> Void)
    /// Brings the feature's files to the merged state (`merged`, whose view is `new`), changing only what differs,
    /// under their own locks.
    static func apply(
        _ merged: SyncFold, _ new: SyncView, to local: SyncLocal, _ files: SyncFiles, now: Date,
        _ applied: inout Applied
    ) throws
}

extension SyncPart {
    typealias Applied = SyncLocal.Applied
}

/// Every feature's part, in the order their operations are written and their files brought up to date.
enum SyncParts {
    static let all: [any SyncPart.Type] = [
        FavouritesSync.self, DenySync.self, HistorySync.self, LibrarySync.self, SavedSync.self, SessionsSync.self,
        FollowsSync.self,
    ]
}

/// This device's new operations, as the parts make them: a kind and its payload each.
struct SyncChanges {
    var ops: [(SyncOp.Kind, Data)] = []

    /// An operation of the small kinds, whose payload is a `SyncPayload`.
    mutating func small(_ kind: SyncOp.Kind, _ fill: (inout SyncPayload) -> Void) {
        var payload = SyncPayload()
        fill(&payload)
        ops.append((kind, payload.encoded))
    }

    /// An operation whose payload is a line of a feature's file.
    mutating func line(_ kind: SyncOp.Kind, _ bytes: Data) { ops.append((kind, bytes)) }
}

extension SyncLocal.Applied {
    /// Counts what came in and what went, for the message.
    mutating func count(_ what: String, added: Int = 0, removed: Int = 0) {
        if added > 0 { self.added[what, default: 0] += added }
        if removed > 0 { self.removed[what, default: 0] += removed }
    }
}
