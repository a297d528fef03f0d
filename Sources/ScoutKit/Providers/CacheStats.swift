import FoundationEssentials

/// Hits and misses of the cache, kept beside it so that `cache` can give a hit rate across runs: a byte
/// appended a look-up (`h` or `m`) to `lookups`, one short write without a lock or a decoder, where
/// rewriting a counts file cost a search a lock, a JSON round trip and two fsyncs.
enum CacheStats {
    struct Counts: Equatable {
        var hits = 0
        var misses = 0
    }

    static func file(in folder: URL) -> URL { folder.appendingPathComponent("lookups") }

    static func record(hit: Bool, in folder: URL, store: FileStore) {
        // Derived figures: a write that fails costs the hit rate a look-up, nothing more.
        try? store.append(Data([hit ? 0x68 : 0x6D]), to: file(in: folder), durably: false)
    }

    static func read(in folder: URL, store: FileStore) -> Counts {
        var counts = Counts()
        for byte in (try? store.read(file(in: folder))) ?? Data() {
            if byte == 0x68 { counts.hits += 1 } else if byte == 0x6D { counts.misses += 1 }
        }
        return counts
    }
}
