import FoundationEssentials

/// The library's part in sync: every event, as its line of library.jsonl, in a set that only grows; every
/// device folds the events in one order, so the newest rating wins everywhere.
enum LibrarySync: SyncPart {
    static func watched(_ files: SyncFiles) -> [URL] { [files.paths.libraryFile] }

    static func read(_ files: SyncFiles, into local: inout SyncLocal) throws {
        guard let data = try files.store.read(files.paths.libraryFile) else { return }
        for (line, event) in LibraryStore.events(data) where local.view.library.insert(event.id).inserted {
            local.libraryLines.append((event.id, line))
        }
    }

    static func changes(of local: SyncLocal, since base: SyncFold, old: SyncView, into changes: inout SyncChanges) {
        for line in local.libraryLines where !old.library.contains(line.id) { changes.line(.library, line.bytes) }
    }

    static func fold(_ kind: SyncOp.Kind, _ op: SyncOp, into fold: inout SyncFold) -> Bool? {
        guard kind == .library else { return nil }
        guard let event = LibraryEvent.read(op.payload) else { return false }
        let line = SyncFold.Line(order: op.order, bytes: op.payload, search: nil, time: event.time)
        if fold.library[event.id].map({ op.order < $0.order }) ?? true { fold.library[event.id] = line }
        return true
    }

    static func view(of fold: SyncFold, into view: inout SyncView) { view.library = Set(fold.library.keys) }

    static func canonical(_ fold: SyncFold, _ add: (String, [String]) -> Void) { add("l", Array(fold.library.keys)) }

    static func apply(
        _ merged: SyncFold, _ new: SyncView, to local: SyncLocal, _ files: SyncFiles, now: Date,
        _ applied: inout Applied
    ) throws {
        let view = local.view
        let libraryIn = new.library.subtracting(view.library).count
        let ordered = merged.library.sorted { $0.value.order < $1.value.order }
        guard
            libraryIn > 0 || !view.library.isSubset(of: new.library)
                || ordered.map(\.key) != local.libraryLines.map(\.id)
        else { return }
        try files.library.replace(with: ordered.map(\.value.bytes))
        applied.count("library event", added: libraryIn)
    }
}

extension SyncFold {
    /// The library's lines in the order every device folds them.
    var libraryLines: [Data] {
        library.values.sorted { $0.order < $1.order }.map(\.bytes)
    }
}

extension SyncFiles {
    /// `library.jsonl`, as this part reads and writes it.
    var library: LibraryStore {
        LibraryStore(url: paths.libraryFile, deviceFile: paths.deviceFile, store: store, warn: warn)
    }
}
