import FoundationEssentials

/// Every source scout can search, by name, built on demand from the context and the settings: the
/// built-in catalog (or a catalog server), each iTunes kind, OMDb. It owns what they share across a run:
/// the catalog's loaded data, iTunes' pacing, and the response cache's fetcher.
@MainActor
final class SourceRegistry {
    /// Every source's name, in the order `sources` lists them.
    nonisolated static let names: [String] = CatalogSource.Kind.allCases.map(\.rawValue) + ITunesSource.kinds.map(\.name) + ["omdb"]

    /// Every option any source's search takes, in the order `help search` lists them.
    nonisolated static let searchOptions: [CommandSpec.Option] = CatalogSource.searchOptions + OMDbSource.searchOptions + ITunesSource.searchOptions

    let context: ShellContext
    let catalogStore: CatalogStore
    let warnings: WarningLog
    /// Keeps iTunes requests under about 20 a minute across the whole run.
    let itunesPacer = Pacer()
    /// Whether this run has cleared the cache folder of temporary files left by a killed scout.
    private var cacheSwept = false

    init(context: ShellContext, warnings: WarningLog) {
        self.context = context
        self.warnings = warnings
        catalogStore = CatalogStore(origin: context.catalog, offline: context.offline)
    }

    /// The OMDb key: `OMDB_API_KEY`, else the settings'.
    func omdbKey(_ settings: Settings) -> String? { context.omdbKey ?? settings.omdbKey }

    func fetcher(_ settings: Settings) -> CachingFetcher {
        if !cacheSwept {
            cacheSwept = true
            context.fileStore.sweepTemporaries(in: context.paths.cache)
        }
        var fetcher = CachingFetcher(folder: context.paths.cache, store: context.fileStore, ttl: TimeInterval(settings.cacheTTL),
                                     offline: context.offline || settings.offline, now: context.now,
                                     fetcher: HTTPFetcher(timeout: .seconds(settings.timeout), network: context.network),
                                     pacer: itunesPacer, warn: warnings.add)
        fetcher.notice = context.notice
        return fetcher
    }

    func source(named name: String, settings: Settings) throws(UsageError) -> any Source {
        if let kind = CatalogSource.Kind(rawValue: name) {
            if let problem = context.urlProblems["SCOUT_CATALOG_URL"] { throw UsageError(problem) }
            return CatalogSource(kind: kind, store: catalogStore)
        }
        if name == "omdb" {
            if let problem = context.urlProblems["SCOUT_OMDB_URL"] { throw UsageError(problem) }
            return OMDbSource(base: context.omdbURL, key: omdbKey(settings), fetcher: fetcher(settings))
        }
        if ITunesSource.kinds.contains(where: { $0.name == name }), let problem = context.urlProblems["SCOUT_ITUNES_URL"] {
            throw UsageError(problem)
        }
        if let source = ITunesSource(name: name, base: context.itunesURL, fetcher: fetcher(settings), country: settings.country, lang: settings.lang) {
            return source
        }
        let near = Self.names.min { CommandTable.editDistance(name, $0) < CommandTable.editDistance(name, $1) }
            .flatMap { CommandTable.editDistance(name, $0) <= 2 ? $0 : nil }
        throw UsageError("no source \"\(name.prefix(40))\": \(near.map { "did you mean \($0)? " } ?? "")sources lists them")
    }

    /// What the ids of a source's items start with: every iTunes kind's are `itunes:`, the others' their name.
    nonisolated static func idPrefix(of name: String) -> String {
        ITunesSource.kinds.contains { $0.name == name } ? "itunes" : name
    }

    /// What `search` takes in `source`, for hints.
    static func searchHint(_ source: any Source) -> String {
        let options = type(of: source).searchOptions.map { option in
            "[\(option.name) \(option.name == "--type" ? OMDbSource.types.joined(separator: "|") : option.valueName ?? "")]"
        }
        return options.isEmpty ? "search TERMS, or search alone for everything" : (["search TERMS"] + options).joined(separator: " ")
    }
}
