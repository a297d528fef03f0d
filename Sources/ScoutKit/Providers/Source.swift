import FoundationEssentials

/// A place scout searches: the built-in catalog, a catalog server, iTunes, OMDb.
///
/// Sources are asynchronous and paged; a search is cancelled by cancelling its task, and every failure
/// is a `SourceError`.
public protocol Source: Sendable {
    var name: String { get }
    var selection: SelectionMode { get }
    /// The field a listing is grouped by when the user has not said (`cuisine` for restaurants).
    var defaultGroup: String? { get }
    /// The fields a listing shows beside the title, in order.
    var columns: [String] { get }
    /// Page `page` (from 1) of the results for `query`, in the source's own page size.
    func search(_ query: SearchQuery, page: Int) async throws(SourceError) -> ResultPage
    /// The full details of one item, for `show`.
    func details(of item: Item) async throws(SourceError) -> Item
    /// The options its searches take beyond terms and `--in`: the parser, `help search` and Tab read them.
    static var searchOptions: [CommandSpec.Option] { get }
    /// Refuses, before any request, a search it cannot run: an option it does not take, a value out of range.
    func validate(_ query: SearchQuery) throws(UsageError)
}
