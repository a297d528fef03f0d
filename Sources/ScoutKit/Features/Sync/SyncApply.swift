import FoundationEssentials
/// Bringing the files to the merged state: each store changed under its own lock by what differs only.
extension SyncLocal {
    /// What the merged state brought: counts of what came in and went, for the message.
    struct Applied: Equatable {
        var added: [String: Int] = [:]
        var removed: [String: Int] = [:]
    }

    /// Applies to the files what `merged` holds and this snapshot does not (and removes what it lost).
    func apply(_ merged: SyncFold, to files: SyncFiles, now: Date) throws -> Applied {
        let new = merged.view
        var applied = Applied()
        func count(_ what: String, added: Int = 0, removed: Int = 0) {
            if added > 0 { applied.added[what, default: 0] += added }
            if removed > 0 { applied.removed[what, default: 0] += removed }
        }
        // Favourites and their tags.
        func tagsByFavourite(_ tags: [String: String]) -> [String: [String: String]] {
            var result: [String: [String: String]] = [:]
            for (key, tag) in tags { result[Self.favourite(ofTagKey: key), default: [:]][key] = tag }
            return result
        }
        let (newTags, oldTags) = (tagsByFavourite(new.tags), tagsByFavourite(view.tags))
        // Coming in: favourites new here, and those whose latest add is another device's (kept in its place in
        // the order of adding, with its date), each with the merged tags.
        let replaced = new.favourites.intersection(view.favourites).filter {
            merged.favourites.value($0)?.addID != favourites[$0]?.addID
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
            count("favourite", removed: gone.count)
        }
        if !incoming.isEmpty {
            count("favourite", added: try kept.merge(incoming) - replaced.count)
        }
        try kept.reorder(merged.favouriteOrder)
        for id in new.favourites.intersection(view.favourites).subtracting(replaced).sorted()
        where newTags[id] != oldTags[id] {
            let (now, before) = (newTags[id] ?? [:], oldTags[id] ?? [:])
            let adding = now.filter { before[$0.key] == nil }.map(\.value).sorted()
            let removing = before.filter { now[$0.key] == nil }.map(\.value).sorted()
            _ = try kept.retag(ids: [id], adding: adding, removing: removing)
            count("tag", added: adding.count, removed: removing.count)
        }
        // The deny list.
        let denyIn = new.deny.filter { view.deny[$0.key] == nil }.sorted { $0.key < $1.key }.map(\.value)
        let denyOut = view.deny.filter { new.deny[$0.key] == nil }.map(\.value)
        let deny = files.deny
        if !denyIn.isEmpty { count("denied term", added: try deny.add(denyIn)) }
        for term in denyOut { count("denied term", removed: try deny.remove(term) > 0 ? 1 : 0) }
        // History.
        // In the order of the changes that brought them: records of the same second keep one order everywhere.
        let historyIn = new.history.subtracting(view.history).compactMap { id in merged.history[id].map { (id, $0) } }
            .sorted { $0.1.order < $1.1.order }
        let historyOut = view.history.subtracting(new.history)
        if !historyIn.isEmpty || !historyOut.isEmpty {
            // Records of the same second in the order of the changes that brought them, on every device.
            let rank = Dictionary(
                merged.history.sorted { $0.value.order < $1.value.order }.enumerated().map { ($1.key, $0) },
                uniquingKeysWith: { a, _ in a })
            try files.history.merge(
                inserting: historyIn.map { ($0.0, $0.1.bytes, $0.1.time) }, removing: historyOut, rank: rank)
            count("history record", added: historyIn.count, removed: historyOut.count)
        }
        // The library: every device's events in one order, which every device folds the same way.
        let libraryIn = new.library.subtracting(view.library).count
        let ordered = merged.library.sorted { $0.value.order < $1.value.order }
        if libraryIn > 0 || !view.library.isSubset(of: new.library) || ordered.map(\.key) != libraryLines.map(\.id) {
            try files.library.replace(with: ordered.map(\.value.bytes))
            count("library event", added: libraryIn)
        }
        try applySaved(merged, new, files, now: now, count: count)
        // Named sessions.
        for name in Set(new.sessions.keys).union(view.sessions.keys).sorted()
        where new.sessions[name] != view.sessions[name] && Self.isSafeName(name) {
            let url = files.paths.namedSession(name)
            if let body = new.sessions[name] {
                guard body.utf8.count <= Self.sessionLimit else { continue }
                try files.store.write(Data(body.utf8), to: url)
                count("named session", added: 1)
            } else if files.store.remove(url) {
                count("named session", removed: 1)
            }
        }
        return applied
    }

    private func applySaved(
        _ merged: SyncFold, _ new: SyncView, _ files: SyncFiles, now: Date,
        count: (String, Int, Int) -> Void
    ) throws {
        let names = Set(new.saved.keys).union(view.saved.keys).union(new.seen.keys).filter(Self.isSafeName)
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
                (search.query, search.filter, search.sort, search.group, search.savedAt) = (
                    definition.query, definition.filter, definition.sort, definition.group, definition.savedAt
                )
                let seen = merged.seen[name] ?? []
                if definition.watched {
                    var watch = search.watch ?? SavedSearch.Watch(since: now, seen: [])
                    let known = Set(watch.seen)
                    watch.seen += seen.subtracting(known).sorted()
                    if watch.seen.count > SavedSearch.seenCap {
                        watch.seen.removeFirst(watch.seen.count - SavedSearch.seenCap)
                    }
                    search.watch = watch
                } else {
                    search.watch = nil
                }
                if let index { searches[index] = search } else { searches.append(search) }
            }
            return ((added, removed), true)
        }
        count("saved search", added, removed)
    }
}
