/// What a source can do, declared by the source itself so that nothing else needs to know which source it
/// is: the kinds of item it serves, how its results come (whole, or in pages), whether it looks items up
/// by id, whether its answers carry artwork, and what its ids start with.
public struct SourceCapabilities: Sendable, Equatable {
    /// How a source hands over its results.
    public enum Paging: Sendable, Equatable {
        /// One answer holds every result (the catalog, matched locally).
        case whole
        /// Pages of `size` results, from 1; at most `maxPages` of them when the service stops there
        /// (OMDb's 100), else as many as come back full.
        case paged(size: Int, maxPages: Int?)

        /// Results a page holds, when the source pages.
        public var pageSize: Int? {
            if case .paged(let size, _) = self { return size }
            return nil
        }
    }

    /// The kinds of item it serves, as an item's `kind` field says them (`song`, `Album`, `series`).
    public var kinds: [String]
    public var paging: Paging
    /// Whether `details(of:)` asks the service for more than a search returned (iTunes' `/lookup`,
    /// OMDb's `?i=`), rather than handing the item back.
    public var lookup: Bool
    /// Whether the service's items carry an artwork address (iTunes' `artworkUrl100`, OMDb's `Poster`).
    public var artwork: Bool
    /// What the ids of its items start with, before the `:` (`itunes` for every iTunes kind).
    public var idPrefix: String
    /// Which of its items are films, that the library keeps: every one (the catalog's movies, OMDb's
    /// titles), those of some kinds (iTunes' `feature-movie`), or none.
    public var films: Films

    public enum Films: Sendable, Equatable {
        case all
        case kinds([String])
        case none

        /// Whether an item of this `kind` (its `kind` field) is a film.
        public func hold(kind: String?) -> Bool {
            switch self {
            case .all: true
            case .kinds(let kinds): kind.map(kinds.contains) ?? false
            case .none: false
            }
        }
    }

    public init(kinds: [String], paging: Paging, lookup: Bool, artwork: Bool, idPrefix: String, films: Films) {
        self.kinds = kinds
        self.paging = paging
        self.lookup = lookup
        self.artwork = artwork
        self.idPrefix = idPrefix
        self.films = films
    }
}
