/// A place scout searches: the built-in catalog, a catalog server, iTunes, OMDb.
///
/// Sources are asynchronous and paged; a search is cancelled by cancelling its task, and every failure
/// is a `SourceError`. A source says what it can do (`capabilities`) and how it is listed and built
/// (`family`), so that no other file needs to know which source it is.
public protocol Source: Sendable {
    /// Its names, options, capabilities and how it is built, as `SourceRegistry.families` lists them.
    static var family: SourceFamily { get }
    var name: String { get }
    var selection: SelectionMode { get }
    /// The fields a listing shows beside the title, in order.
    var columns: [String] { get }
    /// What it can do; by default what its family says of its name.
    var capabilities: SourceCapabilities { get }
    /// Where its results come from, as `sources` says it (`iTunes at https://itunes.apple.com`).
    var origin: String { get }
    /// Whether it can search now, as `sources` says it: false while it lacks a key. True by default.
    var usable: Bool { get }
    /// Whether a search that found nothing is remembered (and then refused) by the deny list: a remote
    /// search costs a request, a local one nothing. True by default.
    var remembersEmptySearches: Bool { get }
    /// What `search` takes here, for `use` and hints; by default from its family's options.
    var searchHint: String { get }
    /// The options a search runs with, those the settings fill in included, so that a search in another
    /// store is another search for the deny list. By default the query's own.
    func effectiveOptions(of query: SearchQuery, settings: Settings) -> [String: String]
    /// Page `page` (from 1) of the results for `query`, in the source's own page size.
    func search(_ query: SearchQuery, page: Int) async throws(SourceError) -> ResultPage
    /// The full details of one item, for `show`.
    func details(of item: Item) async throws(SourceError) -> Item
    /// Refuses, before any request, a search it cannot run: an option it does not take, a value out of range.
    func validate(_ query: SearchQuery) throws(UsageError)
}

extension Source {
    public var capabilities: SourceCapabilities { Self.family.capabilities(name) }
    public var usable: Bool { true }
    public var remembersEmptySearches: Bool { true }
    public var searchHint: String { SourceFamily.searchHint(Self.family.searchOptions) }
    public func effectiveOptions(of query: SearchQuery, settings: Settings) -> [String: String] { query.options }
}
