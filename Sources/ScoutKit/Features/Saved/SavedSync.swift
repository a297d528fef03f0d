import FoundationEssentials

/// Saved searches' part in sync: each definition (`SavedDefinition`) a register where the last writer wins,
/// and the ids each watch has shown in a set that only grows.
enum SavedSync: SyncPart {
    static func watched(_ files: SyncFiles) -> [URL] { [files.paths.savedSearchesFile] }

    static func read(_ files: SyncFiles, into local: inout SyncLocal) throws {
        for search in files.saved.all() {
            local.view.saved[search.name] = SavedDefinition.encode(SavedDefinition(search))
            // A watch that has seen nothing holds no ids, as the fold has none for it: not a change.
            if let seen = search.watch?.seen, !seen.isEmpty { local.view.seen[search.name] = Set(seen) }
        }
    }

    static func changes(of local: SyncLocal, since base: SyncFold, old: SyncView, into changes: inout SyncChanges) {
        let view = local.view
        for name in Set(view.saved.keys).union(old.saved.keys).sorted() where view.saved[name] != old.saved[name] {
            changes.small(.saved) { ($0.name, $0.def) = (name, view.saved[name]) }
        }
        for (name, ids) in view.seen.sorted(by: { $0.key < $1.key }) {
            let new = ids.subtracting(old.seen[name] ?? []).sorted()
            if !new.isEmpty { changes.small(.seen) { ($0.name, $0.ids) = (name, new) } }
        }
    }

    static func fold(_ kind: SyncOp.Kind, _ op: SyncOp, into fold: inout SyncFold) -> Bool? {
        switch kind {
        case .saved:
            guard let p = SyncPayload.decode(op.payload), let name = p.name else { return false }
            if fold.saved[name].map({ $0.order < op.order }) ?? true {
                fold.saved[name] = SyncFold.Register(order: op.order, value: p.def)
            }
        case .seen:
            guard let p = SyncPayload.decode(op.payload), let name = p.name, let ids = p.ids else { return false }
            fold.seen[name, default: []].formUnion(ids)
        default: return nil
        }
        return true
    }

    static func view(of fold: SyncFold, into view: inout SyncView) {
        for (name, register) in fold.saved { if let value = register.value { view.saved[name] = value } }
        // The ids a watch has shown matter where the search is watched (unwatching forgets them locally).
        view.seen = fold.seen.filter { name, _ in
            fold.saved[name]?.value.flatMap(SavedDefinition.decode)?.watched == true
        }
    }

    static func canonical(_ fold: SyncFold, _ add: (String, [String]) -> Void) {
        for (name, register) in fold.saved where register.value != nil {
            add("s", ["\(name)\t\(register.order.time) \(register.order.device) \(register.order.seq)"])
        }
        for (name, ids) in fold.seen { add("w", ids.map { "\(name)\t\($0)" }) }
    }

    static func apply(
        _ merged: SyncFold, _ new: SyncView, to local: SyncLocal, _ files: SyncFiles, now: Date,
        _ applied: inout Applied
    ) throws {
        let view = local.view
        let names = Set(new.saved.keys).union(view.saved.keys).union(new.seen.keys).filter(SyncLocal.isSafeName)
        let changed = names.filter { new.saved[$0] != view.saved[$0] || new.seen[$0] != view.seen[$0] }
        guard !changed.isEmpty else { return }
        let (added, removed) = try files.saved.modify { searches -> ((Int, Int), changed: Bool) in
            var (added, removed) = (0, 0)
            for name in changed.sorted() {
                let index = searches.firstIndex { $0.name == name }
                guard let bytes = new.saved[name], let definition = SavedDefinition.decode(bytes) else {
                    if let index, view.saved[name] != nil {
                        searches.remove(at: index)
                        removed += 1
                    }
                    continue
                }
                var search =
                    index.map { searches[$0] }
                    ?? SavedSearch(name: name, query: definition.query, savedAt: definition.savedAt)
                // New here, or changed elsewhere (its search, its watch, what the watch has seen): came in.
                added += 1
                definition.update(&search, seen: merged.seen[name] ?? [], now: now)
                if let index { searches[index] = search } else { searches.append(search) }
            }
            return ((added, removed), true)
        }
        applied.count("saved search", added: added, removed: removed)
    }
}

/// What sync carries of a saved search: its search, filter, order and grouping, and whether it is watched.
/// What a watch last found (its checks, its failures) stays on the device; the ids it has shown travel
/// as `seen` operations.
struct SavedDefinition: Codable, Equatable {
    var query: SearchQuery
    var filter: String?
    var sort: SortOrder?
    var group: String?
    var savedAt: Date
    var watched: Bool

    init(_ search: SavedSearch) {
        (query, filter, sort, group, savedAt) = (search.query, search.filter, search.sort, search.group, search.savedAt)
        watched = search.watch != nil
    }

    static func encode(_ definition: SavedDefinition) -> Data {
        (try? JSONEncoder.scoutLine.encode(definition)) ?? Data()
    }

    static func decode(_ data: Data) -> SavedDefinition? {
        try? JSONDecoder.scout.decode(SavedDefinition.self, from: data)
    }

    /// `search` as this definition says, its watch keeping what it has seen and gaining `seen` (up to the cap).
    func update(_ search: inout SavedSearch, seen: Set<String>, now: Date) {
        (search.query, search.filter, search.sort, search.group, search.savedAt) = (query, filter, sort, group, savedAt)
        guard watched else {
            search.watch = nil
            return
        }
        var watch = search.watch ?? SavedSearch.Watch(since: now, seen: [])
        let known = Set(watch.seen)
        watch.seen += seen.subtracting(known).sorted()
        if watch.seen.count > SavedSearch.seenCap { watch.seen.removeFirst(watch.seen.count - SavedSearch.seenCap) }
        search.watch = watch
    }
}

extension SyncFiles {
    /// `saved-searches.json`, as this part reads and writes it.
    var saved: SavedSearchStore { SavedSearchStore(url: paths.savedSearchesFile, store: store, warn: warn) }
}
