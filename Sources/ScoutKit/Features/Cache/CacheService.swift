import FoundationEssentials

/// The caches: the response cache (the sources', in the cache folder, fresh for `cache-ttl`) and the art cache
/// (the art service's), their figures, and emptying both.
@MainActor final class CacheService {
    private let wiring: ServiceWiring
    private let art: ArtService

    init(wiring: ServiceWiring, art: ArtService) {
        self.wiring = wiring
        self.art = art
    }

    private var folder: URL { wiring.context.paths.cache }
    private var files: FileStore { wiring.context.fileStore }

    /// How many entries and bytes each cache holds, the response cache's hit rate and where each is.
    func figures() -> Output {
        let settings = wiring.settings()
        var output = Output()
        let names = CachingFetcher.entryNames(in: folder, store: files)
        let bytes = names.reduce(0) { total, name in total + files.size(of: folder.appendingPathComponent(name)) }
        let counts = CacheStats.read(in: folder, store: files)
        let asked = counts.hits + counts.misses
        let rate =
            asked == 0 ? "no look-ups yet" : "hit rate \(counts.hits * 100 / asked)% (\(counts.hits) of \(asked))"
        output.say(
            "Cache: \(names.count) entr\(names.count == 1 ? "y" : "ies"), \(bytes) bytes, \(rate), fresh for "
                + "\(settings.cacheTTL) s, in \(folder.path)"
        )
        let figures = art.cache.figures()
        output.say(
            "Art: \(figures.images) image\(figures.images == 1 ? "" : "s"), \(figures.bytes) bytes of "
                + "\(settings.artCacheMB) MB (set art-cache-mb), in \(art.cache.folder.path)")
        output.json[.images] = .int(figures.images)
        output.json[.imageBytes] = .int(figures.bytes)
        output.json[.entries] = .int(names.count)
        output.json[.bytes] = .int(bytes)
        output.json[.hits] = .int(counts.hits)
        output.json[.misses] = .int(counts.misses)
        return output
    }

    /// Both caches emptied, and how much went.
    func clear() -> Output {
        var output = Output()
        let names = CachingFetcher.entryNames(in: folder, store: files)
        for name in names { files.remove(folder.appendingPathComponent(name)) }
        files.remove(CacheStats.file(in: folder))
        files.remove(folder.appendingPathComponent("stats")) // the hit counts of scout before 0.2
        let images = art.cache.clear()
        let entries = "\(names.count) entr\(names.count == 1 ? "y" : "ies")"
        output.say("Cache cleared (\(entries), \(images) image\(images == 1 ? "" : "s")).")
        output.json[.images] = .int(images)
        return output
    }
}
