import Foundation

/// A kept item: a snapshot of its fields, so `fav` and `fav show` work offline, with its tags and
/// when it was added.
public struct Favourite: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var source: String
    public var fields: [Item.Field]
    public var url: String?
    public var addedAt: Date
    public var tags: [String]

    public init(item: Item, addedAt: Date, tags: [String] = []) {
        id = item.id
        title = item.title
        source = item.sourceName
        fields = item.fields
        url = item.url
        self.addedAt = addedAt
        self.tags = tags
    }

    init(id: String, title: String, source: String, fields: [Item.Field], url: String?, addedAt: Date, tags: [String]) {
        (self.id, self.title, self.source, self.fields, self.url, self.addedAt, self.tags) = (id, title, source, fields, url, addedAt, tags)
    }

    public var item: Item { Item(id: id, title: title, fields: fields, url: url) }

    enum CodingKeys: String, CodingKey { case id, title, source, fields, url, addedAt, tags }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? id
        source = try c.decodeIfPresent(String.self, forKey: .source) ?? String(id.prefix { $0 != ":" })
        fields = try c.decodeIfPresent([Item.Field].self, forKey: .fields) ?? []
        url = try c.decodeIfPresent(String.self, forKey: .url)
        addedAt = try c.decodeIfPresent(Date.self, forKey: .addedAt) ?? Date(timeIntervalSince1970: 0)
        tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
    }
}

/// `favourites.json`: `{"version": 1, "favourites": [...]}`, oldest first.
struct FavouritesFile: Codable, Equatable {
    var version = 1
    var favourites: [Favourite] = []

    init(favourites: [Favourite] = []) {
        self.favourites = favourites
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 1
        favourites = try c.decodeIfPresent([Favourite].self, forKey: .favourites) ?? []
    }
}

/// The favourites, read only when a command needs them and re-read when another scout changed the file.
/// Every change is a read-modify-write under the file's lock, so two scouts adding at once lose nothing.
public final class FavouritesStore {
    let file: StateFile<FavouritesFile>
    let warn: @Sendable (String) -> Void
    private var cached: [Favourite]?
    private var cachedStamp: FileStamp?
    /// The ids of `cached`, for the marks of a listing, and the stamp they were taken at.
    private var cachedIDs: Set<String>?
    private var idsStamp: FileStamp?

    public init(url: URL, store: FileStore, warn: @escaping @Sendable (String) -> Void) {
        file = Self.stateFile(url, store: store)
        self.warn = warn
    }

    /// The file, read and written through `FavouritesCodec` where it can be.
    static func stateFile(_ url: URL, store: FileStore) -> StateFile<FavouritesFile> {
        StateFile(url, label: "favourites", store: store, fastDecode: FavouritesCodec.decode, fastEncode: FavouritesCodec.encode)
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
        ids.contains(id)
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
            ids = Set(all().map(\.id))  // not in the shape scout writes: read it whole (and report damage)
        }
        (cachedIDs, idsStamp) = (ids, stamp)
        return ids
    }

    /// The `id` of each favourite (the key at the third level of `{"favourites": [{…}]}`), when the file
    /// closes every string and bracket and no id holds an escape; nil otherwise.
    static func scanIDs(_ data: Data) -> Set<String>? {
        data.withUnsafeBytes { raw -> Set<String>? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var ids: Set<String> = []
            var depth = 0, index = 0
            var keyIsID = false, afterKey = false
            var inFavourites = false, afterTopKey = false
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x22:
                    // A string: find its end; note escapes.
                    var end = index + 1, escaped = false
                    while end < bytes.count, bytes[end] != 0x22 {
                        if bytes[end] == 0x5C { escaped = true; end += 1 }
                        end += 1
                    }
                    guard end < bytes.count else { return nil }
                    if depth == 1 {
                        if !afterTopKey { inFavourites = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]).elementsEqual("favourites".utf8) }
                        afterTopKey = false
                    }
                    if depth == 3 && inFavourites {
                        let text = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
                        if afterKey {
                            if keyIsID {
                                guard !escaped else { return nil }
                                ids.insert(String(decoding: text, as: UTF8.self))
                            }
                            afterKey = false
                            keyIsID = false
                        } else {
                            keyIsID = text.elementsEqual("id".utf8)
                        }
                    }
                    index = end
                case 0x3A:
                    if depth == 3 { afterKey = true }
                    if depth == 1 { afterTopKey = true }
                case 0x2C:
                    if depth == 3 { afterKey = false; keyIsID = false }
                    if depth == 1 { afterTopKey = false }
                case 0x7B, 0x5B:
                    depth += 1
                    afterKey = false
                case 0x7D, 0x5D:
                    depth -= 1
                    guard depth >= 0 else { return nil }
                default: break
                }
                index += 1
            }
            return depth == 0 ? ids : nil
        }
    }

    /// Adds the items not yet kept; returns how many were new.
    @discardableResult
    public func add(_ items: [Item], tags: [String] = [], at date: Date) throws -> Int {
        if let added = try appendInPlace(items, tags: tags, at: date) { return added }
        return try modify { favourites in
            var known = Set(favourites.map(\.id))
            var added = 0
            for item in items where known.insert(item.id).inserted {
                favourites.append(Favourite(item: item, addedAt: date, tags: tags))
                added += 1
            }
            return added
        }
    }

    /// Adds to a file in scout's own layout without decoding and encoding the favourites already in it
    /// (with ten thousand, that was most of a `fav add`): its ids come from the byte scan, and the new
    /// favourites are written in before the end of the list. Nil when the file is in any other shape
    /// (or absent), for `modify` to do the whole read and write.
    private func appendInPlace(_ items: [Item], tags: [String], at date: Date) throws -> Int? {
        try file.store.withLock(file.url) {
            let stamp = FileStamp(file.url)
            guard stamp != nil, let data = try file.store.read(file.url), var known = Self.scanIDs(data) else { return nil }
            let new = items.filter { known.insert($0.id).inserted }.map { Favourite(item: $0, addedAt: date, tags: tags) }
            if new.isEmpty { return 0 }
            guard let longer = FavouritesCodec.appending(new, to: data) else { return nil }
            try file.store.write(longer, to: file.url)
            // What was read before, and is still the file, grows by the same favourites.
            if let cached, stamp == cachedStamp {
                (self.cached, cachedStamp) = (cached + new, FileStamp(file.url))
            } else {
                (self.cached, cachedStamp) = (nil, nil)
            }
            return new.count
        }
    }

    /// Removes the favourites with these ids; returns how many went.
    @discardableResult
    public func remove(ids: Set<String>) throws -> Int {
        try modify { favourites in
            let before = favourites.count
            favourites.removeAll { ids.contains($0.id) }
            return before - favourites.count
        }
    }

    /// Merges favourites by id: ones already kept stay as they are. Returns how many were new.
    public func merge(_ incoming: [Favourite]) throws -> Int {
        try modify { favourites in
            var known = Set(favourites.map(\.id))
            let new = incoming.filter { known.insert($0.id).inserted }
            favourites.append(contentsOf: new)
            return new.count
        }
    }

    private func modify(_ change: (inout [Favourite]) -> Int) throws -> Int {
        try file.store.withLock(file.url) {
            // What was read before is still the file if its stamp has not changed since that read.
            var favourites = FileStamp(file.url) == cachedStamp ? cached ?? [] : file.load(warn: warn)?.favourites ?? []
            let count = change(&favourites)
            if count > 0 { try file.save(FavouritesFile(favourites: favourites)) }
            cached = favourites
            cachedStamp = FileStamp(file.url)
            return count
        }
    }
}

/// What identifies one version of a file cheaply: inode, size and modification time.
struct FileStamp: Equatable {
    var inode: UInt64
    var size: Int64
    var modified: timespec

    init?(_ url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
    }

    /// The permission bits of a file, nil when it does not exist.
    static func mode(of url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o777)
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.inode == b.inode && a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
}
