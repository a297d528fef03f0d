import FoundationEssentials
import Glibc

/// The artwork kept under `$XDG_CACHE_HOME/scout/art/`: one file an image address (its URL on the first
/// line, then the image's bytes as they came), held under a size cap. A file's time is when it was last
/// drawn or fetched: over the cap the least recently used go first, and favourites' images last.
struct ArtCache: Sendable {
    let folder: URL
    let store: FileStore

    func file(for url: String) -> URL {
        folder.appendingPathComponent(CachingFetcher.hash(url) + ".art")
    }

    /// The image kept for `url`, marked as used now; nil when none is (or the file holds another address).
    func read(_ url: String) -> Data? {
        let file = file(for: url)
        guard let data = try? store.read(file), let newline = data.firstIndex(of: 0x0A),
            data[data.startIndex..<newline].elementsEqual(url.utf8)
        else { return nil }
        utimensat(AT_FDCWD, file.path, nil, 0) // used now
        return Data(data[(newline + 1)...])
    }

    /// Whether an image is kept for `url` (without marking it used).
    func has(_ url: String) -> Bool {
        store.exists(file(for: url))
    }

    /// Keeps `bytes` for `url`, then holds the folder under `capBytes`, `favourites`' addresses going last.
    func keep(_ bytes: Data, for url: String, capBytes: Int, favourites: Set<String>) {
        guard capBytes > 0, bytes.count + url.utf8.count < capBytes else { return }
        try? store.makeDirectory(folder)
        try? store.write(Data(url.utf8) + Data([0x0A]) + bytes, to: file(for: url), durably: false)
        trim(to: capBytes, favourites: favourites, keeping: url)
    }

    /// Removes images until the folder holds at most `capBytes`: others' least recently used first, then
    /// favourites', never the one just kept.
    @discardableResult
    func trim(to capBytes: Int, favourites: Set<String>, keeping kept: String? = nil) -> Int {
        let favouriteNames = Set(favourites.map { file(for: $0).lastPathComponent })
        let keptName = kept.map { file(for: $0).lastPathComponent }
        var entries: [(name: String, size: Int, used: Int, favourite: Bool)] = []
        var total = 0
        for name in names() {
            var info = stat()
            guard stat(folder.appendingPathComponent(name).path, &info) == 0 else { continue }
            entries.append((name, Int(info.st_size), Int(info.st_mtim.tv_sec), favouriteNames.contains(name)))
            total += Int(info.st_size)
        }
        guard total > capBytes else { return 0 }
        var removed = 0
        let order = entries.sorted { ($0.favourite ? 1 : 0, $0.used) < ($1.favourite ? 1 : 0, $1.used) }
        for entry in order where total > capBytes && entry.name != keptName {
            if store.remove(folder.appendingPathComponent(entry.name)) {
                total -= entry.size
                removed += 1
            }
        }
        return removed
    }

    func names() -> [String] {
        (store.contents(of: folder) ?? []).filter { $0.hasSuffix(".art") }
    }

    /// How many images are kept, and their bytes.
    func figures() -> (images: Int, bytes: Int) {
        let names = names()
        return (names.count, names.reduce(0) { $0 + store.size(of: folder.appendingPathComponent($1)) })
    }

    /// Removes every image; how many there were.
    func clear() -> Int {
        let names = names()
        for name in names { store.remove(folder.appendingPathComponent(name)) }
        return names.count
    }
}
