import FoundationEssentials

/// The saved searches and what their watches have seen, read when a command needs them and again when
/// another scout changed the file. Every change is a read-modify-write under the file's lock, so a
/// `check` run by cron and a `save` at the prompt lose nothing of each other's.
public final class SavedSearchStore {
    let file: StateFile<SavedSearchesFile>
    let warn: @Sendable (String) -> Void
    private var cached: [SavedSearch]?
    private var cachedStamp: FileStamp?
    /// Whether the file was found damaged this run (kept aside and said, read as empty): `check` fails
    /// rather than say that nothing is watched.
    private(set) var damaged = false

    public init(url: URL, store: FileStore, warn: @escaping @Sendable (String) -> Void) {
        file = StateFile(
            url, label: "saved-searches.json", store: store,
            recovery: "went on without it (its searches and watches are in that copy)")
        self.warn = warn
    }

    private func load() -> [SavedSearch] {
        file.load { message in
            damaged = true
            warn(message)
        }?.searches ?? []
    }

    /// Every saved search, by name.
    public func all() -> [SavedSearch] {
        let stamp = FileStamp(file.url)
        if let cached, stamp == cachedStamp { return cached }
        let searches = load()
        (cached, cachedStamp) = (searches, stamp)
        return searches
    }

    public func search(named name: String) -> SavedSearch? {
        all().first { $0.name == name }
    }

    /// Changes the searches under the lock, from the file as it is now; writes them when `change` says it
    /// changed something, in name order.
    @discardableResult
    public func modify<T>(_ change: (inout [SavedSearch]) throws -> (T, changed: Bool)) throws -> T {
        try file.store.withLock(file.url) {
            var searches = FileStamp(file.url) == cachedStamp ? cached ?? [] : load()
            let (result, changed) = try change(&searches)
            if changed {
                searches.sort { $0.name < $1.name }
                try file.save(SavedSearchesFile(searches: searches))
            }
            (cached, cachedStamp) = (searches, FileStamp(file.url))
            return result
        }
    }
}
