import FoundationEssentials

/// Every source scout can search, by name, built on demand from the context and the settings: the
/// built-in catalog (or a catalog server), each iTunes kind, OMDb. It owns what they share across a run:
/// the catalog's loaded data, iTunes' pacing, and the response cache's fetcher.
@MainActor
final class SourceRegistry {
    /// Every family of sources, in the order `sources` lists them: the one list. Everything known of a
    /// source by name (names, options, id prefixes, default groups, how one is built) comes from here.
    nonisolated static let families: [SourceFamily] = [
        CatalogSource.family, ITunesSource.family, OMDbSource.family, TMDbSource.family,
    ]

    /// Every source's name, in the order `sources` lists them.
    nonisolated static let names: [String] = families.flatMap(\.names)

    /// The source a new session searches, and the one a history record that names none was made in: the
    /// list's first (the built-in catalog's films).
    nonisolated static let defaultSource = names.first ?? ""

    /// Every option any source's search takes, in the order `help search` lists them. An option two families
    /// declare (`--year` in OMDb and TMDb) is one, taken by both, each one's help said where they differ.
    nonisolated static let searchOptions: [CommandSpec.Option] = {
        let declared = families.enumerated()
            .sorted { ($0.element.optionsRank, $0.offset) < ($1.element.optionsRank, $1.offset) }
            .flatMap(\.element.searchOptions)
        var merged: [CommandSpec.Option] = []
        for option in declared {
            guard let index = merged.firstIndex(where: { $0.name == option.name }) else {
                merged.append(option)
                continue
            }
            merged[index] = merging(merged[index], option)
        }
        return merged
    }()

    /// One option declared by two families: both sources take it, Tab offers both's values, and help says it
    /// once when they agree (`omdb, tmdb: that year only`), else each's (`omdb: …; tmdb: …`).
    nonisolated static func merging(_ first: CommandSpec.Option, _ second: CommandSpec.Option) -> CommandSpec.Option {
        var option = first
        option.sources = first.sources.flatMap { mine in second.sources.map { mine + $0 } }
        // Tab offers the values of the source searched.
        var table: [String: [String]] = [:]
        for part in [first, second] {
            switch part.values {
            case .words(let words): for source in part.sources ?? [] { table[source] = words }
            case .wordsBySource(let theirs): table.merge(theirs) { mine, _ in mine }
            default: break
            }
        }
        if !table.isEmpty { option.values = .wordsBySource(table) }
        if first.help == second.help {
            option.owner = [first.owner, second.owner].compactMap { $0 }.joined(separator: ", ")
        } else {
            option.help = [first, second].map { part in part.owner.map { "\($0): \(part.help)" } ?? part.help }
                .joined(separator: "; ")
            option.owner = nil
        }
        return option
    }

    /// The family that answers to `name`, if any.
    nonisolated static func family(of name: String) -> SourceFamily? {
        families.first { $0.names.contains(name) }
    }

    /// What the sources whose item ids start with `prefix` (`itunes`: every iTunes kind) say of their items.
    nonisolated static func capabilities(ofItemsIn prefix: String) -> SourceCapabilities? {
        for family in families {
            for name in family.names where family.capabilities(name).idPrefix == prefix {
                return family.capabilities(name)
            }
        }
        return nil
    }

    /// What the ids of a source's items start with (its capabilities' `idPrefix`), read without building it.
    nonisolated static func idPrefix(of name: String) -> String {
        family(of: name)?.capabilities(name).idPrefix ?? name
    }

    /// The field a listing of `name` is grouped by when the user has not said, read without building the
    /// source (which would cost a fetcher at every row count).
    nonisolated static func defaultGroup(of name: String) -> String? {
        family(of: name)?.defaultGroup(name)
    }

    let context: ShellContext
    let warnings: WarningLog
    /// What a family shares across a run, one of each type: the catalog's loaded lists, iTunes' pacing.
    /// A list, not a dictionary: a few entries, and no hashing metadata to build at start.
    private var shared: [AnyObject] = []
    /// Whether this run has cleared the cache folder of temporary files left by a killed scout.
    private var cacheSwept = false

    init(context: ShellContext, warnings: WarningLog) {
        self.context = context
        self.warnings = warnings
    }

    /// The one `Value` of this run, made the first time a source asks for it.
    func shared<Value: AnyObject>(_ make: () -> Value) -> Value {
        for object in shared { if let value = object as? Value { return value } }
        let value = make()
        shared.append(value)
        return value
    }

    /// The response cache's fetcher with the settings' timeout and freshness, paced by `pacer` when the
    /// service limits how often it may be asked.
    func fetcher(_ settings: Settings, pacer: Pacer? = nil) -> CachingFetcher {
        if !cacheSwept {
            cacheSwept = true
            context.fileStore.sweepTemporaries(in: context.paths.cache)
        }
        var fetcher = CachingFetcher(
            folder: context.paths.cache, store: context.fileStore, ttl: TimeInterval(settings.cacheTTL),
            offline: context.offline || settings.offline, now: context.now,
            fetcher: HTTPFetcher(timeout: .seconds(settings.timeout), network: context.network),
            pacer: pacer, warn: warnings.add)
        fetcher.notice = context.notice
        fetcher.networkOnly = settings.networkOnly
        return fetcher
    }

    /// The source called `name`, or why there is none: a `SCOUT_*_URL` that is not a URL, or a name
    /// no family answers to (with the nearest one, when it is close).
    func source(named name: String, settings: Settings) throws(UsageError) -> any Source {
        if let family = Self.family(of: name) {
            if let variable = family.urlVariable, let problem = context.urlProblem(variable) {
                throw UsageError(problem)
            }
            if let source = family.make(name, self, settings) { return source }
        }
        let near = Nearest.word(to: name, among: Self.names, limit: 2)
        throw UsageError(
            "no source \"\(name.prefix(40))\": \(near.map { "did you mean \($0)? " } ?? "")sources lists them")
    }
}
