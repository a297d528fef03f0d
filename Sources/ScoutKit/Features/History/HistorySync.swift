import FoundationEssentials

/// History's part in sync: every record, as its line of history.jsonl, in a set that only grows, with the
/// records (and searches) deleted for good as tombstones.
enum HistorySync: SyncPart {
    static func watched(_ files: SyncFiles) -> [URL] { [files.paths.historyFile] }

    static func read(_ files: SyncFiles, into local: inout SyncLocal) throws {
        guard let data = try files.store.read(files.paths.historyFile) else { return }
        for (line, record) in data.decodedLines({ HistoryLog.decode($0, 0..<$0.count) })
        where local.view.history.insert(record.id).inserted {
            local.historyLines.append((record.id, line))
        }
    }

    static func changes(of local: SyncLocal, since base: SyncFold, old: SyncView, into changes: inout SyncChanges) {
        for line in local.historyLines where !old.history.contains(line.id) { changes.line(.historyAdd, line.bytes) }
        let gone = old.history.subtracting(local.view.history).sorted()
        if !gone.isEmpty { changes.small(.historyRemove) { $0.ids = gone } }
    }

    static func fold(_ kind: SyncOp.Kind, _ op: SyncOp, into fold: inout SyncFold) -> Bool? {
        switch kind {
        case .historyAdd:
            guard let record = HistoryLog.decode(op.payload, 0..<op.payload.count) else { return false }
            guard !fold.historyGone.contains(record.id), !(record.search.map(fold.historyGone.contains) ?? false)
            else { return true }
            let line = SyncFold.Line(order: op.order, bytes: op.payload, search: record.search, time: record.time)
            if fold.history[record.id].map({ op.order < $0.order }) ?? true { fold.history[record.id] = line }
        case .historyRemove:
            guard let ids = SyncPayload.decode(op.payload)?.ids else { return false }
            fold.historyGone.formUnion(ids)
            for id in ids { fold.history[id] = nil }
        default: return nil
        }
        return true
    }

    static func view(of fold: SyncFold, into view: inout SyncView) { view.history = Set(fold.liveHistory) }

    static func canonical(_ fold: SyncFold, _ add: (String, [String]) -> Void) { add("h", fold.liveHistory) }

    static func apply(
        _ merged: SyncFold, _ new: SyncView, to local: SyncLocal, _ files: SyncFiles, now: Date,
        _ applied: inout Applied
    ) throws {
        let view = local.view
        // In the order of the changes that brought them: records of the same second keep one order everywhere.
        let historyIn = new.history.subtracting(view.history).compactMap { id in merged.history[id].map { (id, $0) } }
            .sorted { $0.1.order < $1.1.order }
        let historyOut = view.history.subtracting(new.history)
        guard !historyIn.isEmpty || !historyOut.isEmpty else { return }
        let rank = Dictionary(
            merged.history.sorted { $0.value.order < $1.value.order }.enumerated().map { ($1.key, $0) },
            uniquingKeysWith: { a, _ in a })
        try files.history.merge(
            inserting: historyIn.map { ($0.0, $0.1.bytes, $0.1.time) }, removing: historyOut, rank: rank)
        applied.count("history record", added: historyIn.count, removed: historyOut.count)
    }
}

extension SyncFold {
    /// The ids of the history records still there (neither deleted nor completing a deleted search).
    var liveHistory: [String] {
        history.compactMap { id, line in
            historyGone.contains(id) || (line.search.map(historyGone.contains) ?? false) ? nil : id
        }
    }
}

extension SyncFiles {
    /// `history.jsonl`, as this part reads and writes it.
    var history: HistoryStore { HistoryStore(url: paths.historyFile, store: store, warn: warn) }
}
