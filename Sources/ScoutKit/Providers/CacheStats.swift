import Foundation

/// Hits and misses of the cache, kept beside it so that `cache` can give a hit rate across runs.
enum CacheStats {
    struct Counts: Codable { var hits = 0; var misses = 0 }

    static func file(in folder: URL) -> URL { folder.appendingPathComponent("stats") }

    static func record(hit: Bool, in folder: URL, store: FileStore, warn: (String) -> Void) {
        let file = StateFile<Counts>(file(in: folder), label: "the cache's hit counts", store: store, recovery: "counted afresh")
        _ = try? store.withLock(file.url) {
            var counts = file.load(warn: warn) ?? Counts()
            if hit { counts.hits += 1 } else { counts.misses += 1 }
            try file.save(counts)
        }
    }

    static func read(in folder: URL, store: FileStore, warn: (String) -> Void) -> Counts {
        StateFile<Counts>(file(in: folder), label: "the cache's hit counts", store: store, recovery: "counted afresh").load(warn: warn) ?? Counts()
    }
}
