import FoundationEssentials

/// Favourites' part in sync: each favourite and each of its tags in an observed-remove set, so that a re-add
/// made on one device while another removes wins; a favourite travels as its line of favourites.json, without
/// its tags, which travel one by one.
enum FavouritesSync: SyncPart {
    static func watched(_ files: SyncFiles) -> [URL] { [files.paths.favouritesFile] }

    static func read(_ files: SyncFiles, into local: inout SyncLocal) throws {
        for favourite in files.favourites.all() where local.favourites[favourite.id] == nil {
            local.favourites[favourite.id] = favourite
            local.favouriteOrder.append(favourite.id)
            local.view.favourites.insert(favourite.id)
            for tag in favourite.tags { local.view.tags[tagKey(favourite.id, tag)] = tag }
        }
    }

    static func changes(of local: SyncLocal, since base: SyncFold, old: SyncView, into changes: inout SyncChanges) {
        let view = local.view
        // New here, or removed and added again since (another add id): a new add, which a removal made
        // elsewhere meanwhile does not take back.
        for id in local.favouriteOrder
        where !old.favourites.contains(id) || base.favourites.value(id)?.addID != local.favourites[id]?.addID {
            guard var favourite = local.favourites[id] else { continue }
            // Removed and added again: the removal of the adds seen, then the new add.
            if old.favourites.contains(id) {
                changes.small(.favRemove) { ($0.id, $0.obs) = (id, base.favourites.observed(id)) }
            }
            favourite.tags = []
            changes.line(.favAdd, line(favourite))
        }
        for id in old.favourites.subtracting(view.favourites).sorted() {
            changes.small(.favRemove) { ($0.id, $0.obs) = (id, base.favourites.observed(id)) }
        }
        for (key, tag) in view.tags.sorted(by: { $0.key < $1.key }) where old.tags[key] == nil {
            changes.small(.tagAdd) { ($0.fav, $0.tag) = (favourite(ofTagKey: key), tag) }
        }
        for (key, tag) in old.tags.sorted(by: { $0.key < $1.key }) where view.tags[key] == nil {
            changes.small(.tagRemove) {
                ($0.fav, $0.tag, $0.obs) = (favourite(ofTagKey: key), tag, base.tags.observed(key))
            }
        }
    }

    static func fold(_ kind: SyncOp.Kind, _ op: SyncOp, into fold: inout SyncFold) -> Bool? {
        switch kind {
        case .favAdd:
            guard let favourite = JSONBytes.whole(op.payload, { $0.favourite() }) else { return false }
            fold.favourites.add(favourite.id, id: op.id, order: op.order, value: favourite)
        case .favRemove:
            guard let p = SyncPayload.decode(op.payload), let id = p.id, let observed = p.obs else { return false }
            fold.favourites.remove(id, observed: observed)
        case .tagAdd:
            guard let p = SyncPayload.decode(op.payload), let fav = p.fav, let tag = p.tag else { return false }
            fold.tags.add(tagKey(fav, tag), id: op.id, order: op.order, value: tag)
        case .tagRemove:
            guard let p = SyncPayload.decode(op.payload), let fav = p.fav, let tag = p.tag, let observed = p.obs
            else { return false }
            fold.tags.remove(tagKey(fav, tag), observed: observed)
        default: return nil
        }
        return true
    }

    static func view(of fold: SyncFold, into view: inout SyncView) {
        view.favourites = Set(fold.favourites.keys)
        // Tags of favourites still kept: a tag given on one device to a favourite removed on another stays
        // in the set (and comes back with it), but is on no favourite here.
        for key in fold.tags.keys where view.favourites.contains(favourite(ofTagKey: key)) {
            view.tags[key] = fold.tags.value(key)
        }
    }

    static func canonical(_ fold: SyncFold, _ add: (String, [String]) -> Void) {
        add("f", fold.favourites.keys)
        add("t", fold.tags.keys)
    }

    static func apply(
        _ merged: SyncFold, _ new: SyncView, to local: SyncLocal, _ files: SyncFiles, now: Date,
        _ applied: inout Applied
    ) throws {
        let view = local.view
        func tagsByFavourite(_ tags: [String: String]) -> [String: [String: String]] {
            var result: [String: [String: String]] = [:]
            for (key, tag) in tags { result[favourite(ofTagKey: key), default: [:]][key] = tag }
            return result
        }
        let (newTags, oldTags) = (tagsByFavourite(new.tags), tagsByFavourite(view.tags))
        // Coming in: favourites new here, and those whose latest add is another device's (kept in its place in
        // the order of adding, with its date), each with the merged tags.
        let replaced = new.favourites.intersection(view.favourites).filter {
            merged.favourites.value($0)?.addID != local.favourites[$0]?.addID
        }
        let incoming = new.favourites.subtracting(view.favourites).union(replaced).compactMap { id -> Favourite? in
            guard var favourite = merged.favourites.value(id) else { return nil }
            favourite.tags = (newTags[id] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
            return favourite
        }.sorted { ($0.addedAt, $0.id) < ($1.addedAt, $1.id) }
        let outgoing = view.favourites.subtracting(new.favourites)
        let kept = files.favourites
        if !outgoing.isEmpty || !replaced.isEmpty {
            let gone = try kept.remove(ids: outgoing.union(replaced)).filter { outgoing.contains($0.id) }
            applied.count("favourite", removed: gone.count)
        }
        if !incoming.isEmpty {
            applied.count("favourite", added: try kept.merge(incoming) - replaced.count)
        }
        try kept.reorder(merged.favouriteOrder)
        for id in new.favourites.intersection(view.favourites).subtracting(replaced).sorted()
        where newTags[id] != oldTags[id] {
            let (now, before) = (newTags[id] ?? [:], oldTags[id] ?? [:])
            let adding = now.filter { before[$0.key] == nil }.map(\.value).sorted()
            let removing = before.filter { now[$0.key] == nil }.map(\.value).sorted()
            _ = try kept.retag(ids: [id], adding: adding, removing: removing)
            applied.count("tag", added: adding.count, removed: removing.count)
        }
    }

    /// A tag's key in the set: the favourite's id, a unit separator and the tag in lower case.
    static func tagKey(_ favourite: String, _ tag: String) -> String {
        favourite + "\u{1F}" + tag.lowercased()
    }

    /// The favourite a tag's key belongs to.
    static func favourite(ofTagKey key: String) -> String {
        String(key.prefix { $0 != "\u{1F}" })
    }

    /// A favourite as the byte writer writes it, on one line (JSON strings hold no raw newline).
    static func line(_ favourite: Favourite) -> Data {
        var out = JSONWriter()
        out.favourite(favourite, level: 0)
        return Data(out.bytes.filter { $0 != 0x0A })
    }
}

extension SyncFold {
    /// The favourites in the order every device lists them: by the date each was added, then by the order of
    /// the adds (a batch added at once keeps its order).
    var favouriteOrder: [String] {
        favourites.keys.compactMap { key in favourites.winner(key).map { (key, $0) } }
            .sorted { ($0.1.value.addedAt, $0.1.order) < ($1.1.value.addedAt, $1.1.order) }.map(\.0)
    }
}

extension SyncFiles {
    /// `favourites.json`, as this part reads and writes it.
    var favourites: FavouritesStore { FavouritesStore(url: paths.favouritesFile, store: store, warn: warn) }
}
