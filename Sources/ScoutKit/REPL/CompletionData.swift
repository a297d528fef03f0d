import FoundationEssentials

/// What completion may offer beyond the fixed words, each read only when the word being typed needs it.
public struct CompletionData {
    public struct Favourite: Sendable {
        public var id: String
        public var title: String
        public init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }

    public var sources: [String] = []
    public var currentSource = SourceRegistry.defaultSource
    /// The favourites, in `fav`'s order.
    public var favourites: () -> [Favourite] = { [] }
    /// The tags in use among the favourites.
    public var tags: () -> [String] = { [] }
    public var historyCount: () -> Int = { 0 }
    /// How `history` shows search N, for the listing.
    public var historyLabel: (Int) -> String? = { _ in nil }
    public var sessions: () -> [String] = { [] }
    /// The saved searches' names, whether each is watched, and whether it takes arguments.
    public var savedSearches: () -> [(name: String, watched: Bool, takesArguments: Bool)] = { [] }
    /// The Letterboxd members followed.
    public var followed: () -> [String] = { [] }
    /// Denied terms starting with the text typed.
    public var deniedTerms: (String) -> [String] = { _ in [] }
    /// The titles of the rows shown, row 1 first.
    public var rows: () -> [String] = { [] }
    /// The sort keys and the group keys that apply to the results.
    public var sortKeys: () -> [String] = { SortOrder.Key.allCases.map(\.rawValue) }
    public var groupKeys: () -> [String] = { ResultView.groupKeys }
    /// The streaming services TMDb knows in the user's country, for `set services` (from the cache alone).
    public var streamingServices: () -> [String] = { [] }
    /// How many pages the results have.
    public var pageCount: () -> Int = { 0 }
    /// Paths that complete the path typed.
    public var files: (String) -> [String] = { _ in [] }

    public init() {}

    /// Entries of the folder of `typed` whose names start with what follows its last `/`; folders end in `/`.
    public static func paths(_ typed: String, home: String, workingDirectory: String, store: FileStore) -> [String] {
        let folderPart = typed.contains("/") ? String(typed[...(typed.lastIndex(of: "/") ?? typed.startIndex)]) : ""
        let expanded = folderPart.hasPrefix("~/") ? home + folderPart.dropFirst() : folderPart
        let folder = URL(
            fileURLWithPath: expanded.isEmpty ? workingDirectory : expanded,
            relativeTo: URL(fileURLWithPath: workingDirectory))
        let names = store.contents(of: folder) ?? []
        let namePrefix = typed.dropFirst(folderPart.count)
        return names.filter { $0.hasPrefix(namePrefix) && ($0.hasPrefix(".") == namePrefix.hasPrefix(".")) }.sorted()
            .map { name in
                folderPart + name + (store.isFolder(folder.appendingPathComponent(name)) ? "/" : "")
            }
    }
}
