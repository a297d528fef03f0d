import FoundationEssentials

/// The saved searches and what their watches have seen, read when a command needs them and again when
/// another scout changed the file. Every change is a read-modify-write under the file's lock, so a
/// `check` run by cron and a `save` at the prompt lose nothing of each other's.
public final class SavedSearchStore {
    let file: StateFile<SavedSearchesFile>
    let warn: @Sendable (String) -> Void
    private var cached: [SavedSearch]?
    private var cachedStamp: FileStamp?

    public init(url: URL, store: FileStore, warn: @escaping @Sendable (String) -> Void) {
        file = StateFile(
            url, label: "saved-searches.json", store: store,
            recovery: "went on without it (its searches and watches are in that copy)")
        self.warn = warn
    }

    /// The file's version as last read: a newer scout's file is read, never written over.
    private var version = SavedSearchesFile.currentVersion

    /// The file's searches. A name found twice (a hand-edited file) is read as NAME-2, said, so that nothing
    /// in it is lost and each name runs one search.
    private func load() -> [SavedSearch] {
        guard
            let read = file.load(warn: warn)
        else { return [] }
        version = read.schemaVersion
        var searches = read.searches
        var names = Set<String>()
        for index in searches.indices where !names.insert(searches[index].name).inserted {
            let name = searches[index].name
            var number = 2
            while names.contains("\(name)-\(number)") { number += 1 }
            searches[index].name = "\(name)-\(number)"
            names.insert(searches[index].name)
            warn("saved-searches.json names \(name) twice: the second is read as \(name)-\(number)")
        }
        return searches
    }

    /// The copies of the file kept aside when it was found damaged, by name.
    public var damagedCopies: [String] {
        let name = file.url.lastPathComponent + ".corrupt-"
        return (file.store.contents(of: file.url.deletingLastPathComponent()) ?? []).filter { $0.hasPrefix(name) }
            .sorted()
    }

    /// Every saved search, by name.
    public func all() -> [SavedSearch] {
        let stamp = FileStamp(file.url)
        if let cached, stamp == cachedStamp { return cached }
        let searches = load()
        (cached, cachedStamp) = (searches, stamp)
        return searches
    }

    /// Changes the searches under the lock, from the file as it is now; writes them when `change` says it
    /// changed something, in name order.
    @discardableResult
    public func modify<T>(_ change: (inout [SavedSearch]) throws -> (T, changed: Bool)) throws -> T {
        try file.store.withLock(file.url) {
            var searches = FileStamp(file.url) == cachedStamp ? cached ?? [] : load()
            guard version <= SavedSearchesFile.currentVersion else {
                throw UsageError(
                    "saved-searches.json was written by a newer scout (version \(version)): this one reads it but "
                        + "does not change it; update scout",
                    code: "newer")
            }
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
