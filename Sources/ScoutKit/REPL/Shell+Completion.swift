import FoundationEssentials

extension Shell {
    /// What Tab offers from this scout's state: each part read only when the word being completed needs it.
    public func completionData() -> CompletionData {
        var data = CompletionData()
        data.sources = SourceRegistry.names
        data.currentSource = state.browse.session.source
        data.favourites = { [self] in
            state.services.favourites.all().map { CompletionData.Favourite(id: $0.id, title: $0.title) }
        }
        data.tags = { [self] in Array(Set(state.services.favourites.all().flatMap(\.tags))).sorted() }
        // A million records are scanned once per Tab, not per number.
        let log = Once { [history = state.services.history] in try? history.log() }
        data.historyCount = { log.value?.count ?? 0 }
        data.historyLabel = { n in
            log.value?.entry(n).map { "\(n)  \($0.source) \(BrowseService.describe(terms: $0.terms))" }
        }
        data.sessions = { [self] in state.browse.savedSessions }
        data.followed = { [self] in state.services.follow.all().map(\.member) }
        data.savedSearches = { [self] in
            state.services.saved.all().map { ($0.name, $0.watch != nil, $0.parameterCount > 0) }
        }
        let context = state.context
        data.files = { typed in
            CompletionData.paths(
                typed, home: context.home, workingDirectory: context.workingDirectory, store: context.fileStore)
        }
        data.deniedTerms = { [deny = state.services.deny] typed in
            let folded = Text.fold(typed)
            return ((try? deny.terms()) ?? []).lazy.filter { Text.fold($0).hasPrefix(folded) }.prefix(
                Completion.limit
            ).map { $0 }
        }
        // The rows on screen: a library listing's films, else the results'.
        data.rows = { [self] in
            if case .films(_, let ids) = state.browse.rowsOnScreen {
                let library = (try? state.services.library.library()) ?? Library()
                let favourites = Dictionary(state.services.favourites.all().map { ($0.id, $0.title) }) {
                    first, _ in first
                }
                return ids.map { id in library.films[id]?.title ?? favourites[id] ?? id }
            }
            return state.browse.results.loaded ? state.browse.results.displayed.map(\.title) : []
        }
        data.pageCount = { [self] in state.browse.results.loaded ? state.browse.results.pageCount : 0 }
        data.sortKeys = { [self] in state.browse.sortKeys }
        data.groupKeys = { [self] in state.browse.groupKeys }
        data.streamingServices = { [self] in state.services.whereToWatch.cachedServiceNames() }
        return data
    }
}

/// A value worked out the first time it is asked for.
final class Once<Value> {
    private var made: Value?
    private let make: () -> Value

    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    var value: Value {
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
