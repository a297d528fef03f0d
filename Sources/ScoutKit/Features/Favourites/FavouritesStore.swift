import FoundationEssentials
/// The favourites, read only when a command needs them and re-read when another scout changed the file.
/// Every change is a read-modify-write under the file's lock, so two scouts adding at once lose nothing.
public final class FavouritesStore {
    let file: StateFile<FavouritesFile>
    /// Where the set of the favourites' id hashes is kept (the cache folder); nil keeps none.
    let idIndex: URL?
    let warn: @Sendable (String) -> Void
    private var cached: [Favourite]?
    private var cachedStamp: FileStamp?
    /// The ids of `cached`, for the marks of a listing, and the stamp they were taken at.
    private var cachedIDs: Set<String>?
    private var idsStamp: FileStamp?

    public init(url: URL, idIndex: URL? = nil, store: FileStore, warn: @escaping @Sendable (String) -> Void) {
        file = Self.stateFile(url, store: store)
        self.idIndex = idIndex
        self.warn = warn
    }

    /// The file, read and written through `FavouritesCodec` where it can be.
    static func stateFile(_ url: URL, store: FileStore) -> StateFile<FavouritesFile> {
        StateFile(
            url, label: "the favourites file", store: store, fastDecode: FavouritesCodec.decode,
            fastEncode: FavouritesCodec.encode)
    }

    /// All favourites, oldest first.
    public func all() -> [Favourite] {
        let stamp = FileStamp(file.url)
        if let cached, stamp == cachedStamp { return cached }
        let favourites = file.load(warn: warn)?.favourites ?? []
        cached = favourites
        // The stamp from before the read: a change made while reading is seen at the next call.
        cachedStamp = stamp
        return favourites
    }

    public func contains(_ id: String) -> Bool {
        favouriteIDs(among: [id]).contains(id)
    }

    /// Which of `candidates` (the rows of a listing) are favourites, for their marks: from the set of the
    /// favourites' id hashes in the cache folder when it is of the file's current version, else from the
    /// file (and the set written again).
    public func favouriteIDs(among candidates: some Sequence<String>) -> Set<String> {
        guard let stamp = FileStamp(file.url) else { return [] }
        if let cachedIDs, stamp == idsStamp { return Set(candidates.filter(cachedIDs.contains)) }
        if let idIndex, let set = StampedHashSet(reading: idIndex, for: stamp) {
            return Set(candidates.filter { set.contains(FNV.hash($0)) })
        }
        let ids = self.ids
        if let idIndex, idsStamp == stamp {
            try? file.store.write(
                StampedHashSet.encode(ids.map { FNV.hash($0) }, stamp: stamp), to: idIndex, durably: false)
        }
        return Set(candidates.filter(ids.contains))
    }

    /// The ids of the favourites, for the marks of a listing: taken from the file's bytes without decoding
    /// the favourites (a search beside ten thousand of them stays as quick and small as beside none).
    public var ids: Set<String> {
        let stamp = FileStamp(file.url)
        if let cachedIDs, stamp == idsStamp { return cachedIDs }
        let ids: Set<String>
        if let cached, stamp == cachedStamp {
            ids = Set(cached.map(\.id))
        } else if stamp == nil {
            ids = []
        } else if let data = try? file.store.map(file.url, whole: true), let scanned = Self.scanIDs(data) {
            ids = scanned
        } else {
            ids = Set(all().map(\.id)) // not in the shape scout writes: read it whole (and report damage)
        }
        (cachedIDs, idsStamp) = (ids, stamp)
        return ids
    }

    /// Adds the items not yet kept, with `tags` (favourites already kept are left as they are); returns how
    /// many were new.
    @discardableResult
    public func add(_ items: [Item], tags: [String] = [], at date: Date) throws -> Int {
        if let added = try appendInPlace(items, tags: tags, tagKept: false, at: date) { return added.count }
        return try modify { favourites in
            var known = Set(favourites.map(\.id))
            let new = items.filter { known.insert($0.id).inserted }.map {
                Favourite(item: $0, addedAt: date, tags: tags)
            }
            favourites += new
            return (new.count, !new.isEmpty)
        }
    }

    /// What `addOrTag` did to each item named: kept it anew, gave a favourite already kept tags it lacked,
    /// or found it kept with every tag already.
    public struct AddOutcome: Sendable, Equatable {
        public var added: [Favourite] = []
        /// Favourites kept before that gained tags, with the tags they gained.
        public var tagged: [Retagged] = []
        /// Items kept before, with every tag asked for.
        public var unchanged: [Item] = []
    }

    /// Adds the items not yet kept, with `tags`, and gives the favourites already kept the `tags` they lack.
    public func addOrTag(_ items: [Item], tags: [String] = [], at date: Date) throws -> AddOutcome {
        if let added = try appendInPlace(items, tags: tags, tagKept: true, at: date) {
            // appendInPlace gives tags to no favourite kept before: the items it did not add stay as they were.
            var outcome = AddOutcome(added: added)
            var seen = Set(added.map(\.id))
            outcome.unchanged = items.filter { seen.insert($0.id).inserted }
            return outcome
        }
        return try modify { favourites in
            var outcome = AddOutcome()
            var position = Dictionary(favourites.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            var seen: Set<String> = []
            for item in items where seen.insert(item.id).inserted {
                if let index = position[item.id] {
                    let missing = Self.missing(tags, from: favourites[index].tags)
                    if missing.isEmpty {
                        outcome.unchanged.append(item)
                    } else {
                        favourites[index].tags += missing
                        outcome.tagged.append(Retagged(favourite: favourites[index], changed: missing))
                    }
                } else {
                    let favourite = Favourite(item: item, addedAt: date, tags: tags)
                    position[item.id] = favourites.count
                    favourites.append(favourite)
                    outcome.added.append(favourite)
                }
            }
            return (outcome, !outcome.added.isEmpty || !outcome.tagged.isEmpty)
        }
    }

    /// The tags of `tags` that `existing` lacks, ignoring case.
    static func missing(_ tags: [String], from existing: [String]) -> [String] {
        let have = Set(existing.map { $0.lowercased() })
        return tags.filter { !have.contains($0.lowercased()) }
    }

    /// Adds to a file in scout's own layout without decoding and encoding the favourites already in it
    /// (with ten thousand, that was most of a `fav add`): its ids come from the byte scan, and the new
    /// favourites are written in before the end of the list. Nil when the file is in any other shape
    /// (or absent), or when tags go to a favourite already kept (`tagKept`), for `modify` to do the whole read
    /// and write.
    private func appendInPlace(_ items: [Item], tags: [String], tagKept: Bool, at date: Date) throws -> [Favourite]? {
        try file.store.withLock(file.url) {
            let stamp = FileStamp(file.url)
            guard stamp != nil, let data = try file.store.read(file.url), var known = Self.scanIDs(data) else {
                return nil
            }
            if tagKept, !tags.isEmpty, items.contains(where: { known.contains($0.id) }) { return nil }
            let new = items.filter { known.insert($0.id).inserted }.map {
                Favourite(item: $0, addedAt: date, tags: tags)
            }
            if new.isEmpty { return [] }
            guard let longer = FavouritesCodec.appending(new, to: data) else { return nil }
            try file.store.write(longer, to: file.url)
            // What was read before, and is still the file, grows by the same favourites.
            if let cached, stamp == cachedStamp {
                (self.cached, cachedStamp) = (cached + new, FileStamp(file.url))
            } else {
                (self.cached, cachedStamp) = (nil, nil)
            }
            return new
        }
    }

    /// Removes the favourites with these ids; returns those that went, in the order `fav` lists them.
    @discardableResult
    public func remove(ids: Set<String>) throws -> [Favourite] {
        try modify { favourites in
            let gone = favourites.filter { ids.contains($0.id) }
            favourites.removeAll { ids.contains($0.id) }
            return (gone, !gone.isEmpty)
        }
    }

    /// What `retag` did to one favourite: the tags it gained or lost (empty when it had, or lacked, them all).
    public struct Retagged: Sendable, Equatable {
        public var favourite: Favourite
        public var changed: [String]
    }

    /// Adds `adding` to, or drops `removing` from, the tags of the favourites with these ids (ignoring case).
    public func retag(ids: [String], adding: [String] = [], removing: [String] = []) throws -> [Retagged] {
        try modify { favourites in
            var result: [Retagged] = []
            let drop = Set(removing.map { $0.lowercased() })
            for index in favourites.indices where ids.contains(favourites[index].id) {
                let missing = Self.missing(adding, from: favourites[index].tags)
                let dropped = favourites[index].tags.filter { drop.contains($0.lowercased()) }
                favourites[index].tags = favourites[index].tags.filter { !drop.contains($0.lowercased()) } + missing
                result.append(Retagged(favourite: favourites[index], changed: missing + dropped))
            }
            return (result, result.contains { !$0.changed.isEmpty })
        }
    }

    /// Merges favourites by id: ones already kept stay as they are. Returns how many were new.
    public func merge(_ incoming: [Favourite]) throws -> Int {
        try modify { favourites in
            var known = Set(favourites.map(\.id))
            let new = incoming.filter { known.insert($0.id).inserted }
            favourites.append(contentsOf: new)
            return (new.count, !new.isEmpty)
        }
    }

    /// Puts the favourites in `order` (ids; those it does not name keep their order after them): sync's
    /// order, the same on every device. Written only when it changes.
    func reorder(_ order: [String]) throws {
        let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        try modify { favourites in
            let sorted = favourites.enumerated().sorted {
                (rank[$0.element.id] ?? Int.max, $0.offset) < (rank[$1.element.id] ?? Int.max, $1.offset)
            }.map(\.element)
            let changed = sorted.map(\.id) != favourites.map(\.id)
            favourites = sorted
            return ((), changed)
        }
    }

    /// Changes the favourites under the file's lock; `change` says whether there is anything to write.
    private func modify<T>(_ change: (inout [Favourite]) -> (T, Bool)) throws -> T {
        try file.store.withLock(file.url) {
            // What was read before is still the file if its stamp has not changed since that read.
            var favourites = FileStamp(file.url) == cachedStamp ? cached ?? [] : file.load(warn: warn)?.favourites ?? []
            let (result, changed) = change(&favourites)
            if changed { try file.save(FavouritesFile(favourites: favourites)) }
            cached = favourites
            cachedStamp = FileStamp(file.url)
            return result
        }
    }
}
