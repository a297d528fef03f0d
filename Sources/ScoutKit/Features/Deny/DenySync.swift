import FoundationEssentials

/// The deny list's part in sync: the user's terms in an observed-remove set, keyed by the folded term; the
/// searches refused automatically stay on the device.
enum DenySync: SyncPart {
    static func watched(_ files: SyncFiles) -> [URL] { [files.paths.denyListFile] }

    static func read(_ files: SyncFiles, into local: inout SyncLocal) throws {
        for term in try files.deny.userTerms() { local.view.deny[Text.fold(term)] = term }
    }

    static func changes(of local: SyncLocal, since base: SyncFold, old: SyncView, into changes: inout SyncChanges) {
        let view = local.view
        for (key, term) in view.deny.sorted(by: { $0.key < $1.key }) where old.deny[key] == nil {
            changes.small(.denyAdd) { $0.term = term }
        }
        for (key, term) in old.deny.sorted(by: { $0.key < $1.key }) where view.deny[key] == nil {
            changes.small(.denyRemove) { ($0.term, $0.obs) = (term, base.deny.observed(key)) }
        }
    }

    static func fold(_ kind: SyncOp.Kind, _ op: SyncOp, into fold: inout SyncFold) -> Bool? {
        switch kind {
        case .denyAdd:
            guard let term = SyncPayload.decode(op.payload)?.term else { return false }
            fold.deny.add(Text.fold(term), id: op.id, order: op.order, value: term)
        case .denyRemove:
            guard let p = SyncPayload.decode(op.payload), let term = p.term, let observed = p.obs else { return false }
            fold.deny.remove(Text.fold(term), observed: observed)
        default: return nil
        }
        return true
    }

    static func view(of fold: SyncFold, into view: inout SyncView) {
        for key in fold.deny.keys { view.deny[key] = fold.deny.value(key) }
    }

    static func canonical(_ fold: SyncFold, _ add: (String, [String]) -> Void) { add("d", fold.deny.keys) }

    static func apply(
        _ merged: SyncFold, _ new: SyncView, to local: SyncLocal, _ files: SyncFiles, now: Date,
        _ applied: inout Applied
    ) throws {
        let view = local.view
        let denyIn = new.deny.filter { view.deny[$0.key] == nil }.sorted { $0.key < $1.key }.map(\.value)
        let denyOut = view.deny.filter { new.deny[$0.key] == nil }.map(\.value)
        let deny = files.deny
        if !denyIn.isEmpty { applied.count("denied term", added: try deny.add(denyIn)) }
        for term in denyOut { applied.count("denied term", removed: try deny.remove(term) > 0 ? 1 : 0) }
    }
}

extension SyncFiles {
    /// `deny.txt`, as this part reads and writes it.
    var deny: DenyListStore { DenyListStore(url: paths.denyListFile, store: store, warn: warn) }
}
