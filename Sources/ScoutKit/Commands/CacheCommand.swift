import FoundationEssentials

/// `cache` and `cache clear`: the response cache's figures, and emptying it.
struct CacheCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "cache", summary: "response and art cache figures; clear them", example: "cache clear",
        topic: .session, subcommands: [Clear.self])

    /// The response cache is the sources' (its folder and `cache-ttl`), the art cache the art service's.
    static func service(in services: Services) -> (wiring: ServiceWiring, art: ArtService) {
        (services.wiring, services.art)
    }

    func run(with services: (wiring: ServiceWiring, art: ArtService)) async throws -> Output {
        let (wiring, art) = services
        let settings = wiring.settings()
        var output = Output()
        let folder = wiring.context.paths.cache
        let files = wiring.context.fileStore
        let names = CachingFetcher.entryNames(in: folder, store: files)
        let bytes = names.reduce(0) { total, name in total + files.size(of: folder.appendingPathComponent(name)) }
        let counts = CacheStats.read(in: folder, store: wiring.context.fileStore)
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

    /// `cache clear`: both caches emptied.
    struct Clear: PlainCommand, ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "clear", summary: "empty both caches", example: "cache clear", topic: .session)

        static func service(in services: Services) -> (wiring: ServiceWiring, art: ArtService) {
            CacheCommand.service(in: services)
        }

        func run(with services: (wiring: ServiceWiring, art: ArtService)) async throws -> Output {
            let (wiring, art) = services
            var output = Output()
            let folder = wiring.context.paths.cache
            let files = wiring.context.fileStore
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
}
