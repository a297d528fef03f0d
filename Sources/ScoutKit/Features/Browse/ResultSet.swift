/// The results of the current search: the pages fetched so far, in the source's order, and the rows as
/// they are numbered once filtered, sorted, grouped and cut into pages. It fetches further pages
/// (one by one, or `load all`'s several at once) and keeps every one that arrives.
@MainActor
final class ResultSet {
    /// The results, in the source's order.
    var items: [Item] = []
    /// Whether `items` holds the answer to the session's query (false before the first search, or when
    /// restoring it failed).
    private(set) var loaded = false
    /// Whether the source may have more pages than `items` holds, and how many it has fetched.
    var hasMore = false
    var fetchedPages = 0
    /// The source's count of all results, when it gives one.
    var sourceTotal: Int?
    /// Pages that arrived past one that did not (Ctrl-C during `load all`), kept until the gap is fetched.
    var parkedPages: [Int: [Item]] = [:]
    /// How many requests `load all` keeps in flight when the source has said how many results it has:
    /// the rest of ten OMDb pages arrive in one round trip instead of eight, while a free API is never
    /// sent more than eight at once.
    static let loadAllConcurrency = 8
    /// How many it keeps in flight at most when the source gives no count (iTunes), where only a short
    /// page says the list has ended and every request in flight past it is spent for nothing. It starts
    /// at one, so that a list ending on the next page costs one request as before, and grows by one with
    /// each full page.
    static let openEndedConcurrency = 3

    /// The view the rows are numbered in, asked for at each use.
    private let currentView: () -> ResultView
    private var cachedView: ResultView?
    /// `items` filtered, sorted and grouped, as rows are numbered; rebuilt when the items or the view change.
    private var displayedCache: [Item]?
    /// Where each page of `displayed` starts; rebuilt with it.
    private var pageStartsCache: [Int]?

    init(view: @escaping () -> ResultView) {
        currentView = view
    }

    var view: ResultView {
        let view = currentView()
        if view != cachedView {
            cachedView = view
            invalidate()
        }
        return view
    }

    /// Starts over with a search's first page.
    func start(with page: ResultPage) {
        items = page.items
        hasMore = page.hasMore
        sourceTotal = page.total
        fetchedPages = 1
        parkedPages = [:]
        loaded = true
        invalidate()
    }

    /// No results: before a search, after `use`, or when fetching them again failed.
    func clear() {
        items = []
        loaded = false
        hasMore = false
        parkedPages = [:]
        invalidate()
    }

    func invalidate() {
        displayedCache = nil
        pageStartsCache = nil
    }

    // MARK: Rows and pages

    /// The results as rows are numbered: filtered, sorted, then grouped.
    var displayed: [Item] {
        let view = self.view
        if let displayedCache { return displayedCache }
        var rows = items
        if let filter = view.filter, !filter.isEmpty {
            let words = Text.words(filter)
            rows = rows.filter { Text.matches(words, in: $0.searchText) }
        }
        if let sort = view.sort, sort.key != .relevance {
            rows = Self.sorted(rows, by: sort)
        }
        if let field = view.groupField {
            let keys = rows.map { Renderer.groupKey($0, field) }
            var order: [String: Int] = [:]
            let sortedKeys = Set(keys).sorted {
                field == "year" ? $0 > $1 : Text.standardCompare($0, $1) < 0
            }
            for (index, key) in sortedKeys.enumerated() { order[key] = index }
            rows = zip(rows, keys).enumerated()
                .sorted { (order[$0.element.1] ?? 0, $0.offset) < (order[$1.element.1] ?? 0, $1.offset) }
                .map(\.element.0)
        }
        displayedCache = rows
        return rows
    }

    static func sorted(_ items: [Item], by order: SortOrder) -> [Item] {
        func compare(_ a: Item, _ b: Item) -> Bool? {
            switch order.key {
            case .year:
                guard a.year != b.year else { return nil }
                guard let x = a.year else { return false }
                guard let y = b.year else { return true }
                return order.descending ? x > y : x < y
            case .rating:
                guard a.rating != b.rating else { return nil }
                guard let x = a.rating else { return false }
                guard let y = b.rating else { return true }
                return order.descending ? x > y : x < y
            case .title:
                let result = Text.standardCompare(a.title, b.title)
                if result == 0 { return nil }
                return (result < 0) != order.descending
            case .relevance:
                return nil
            }
        }
        return items.enumerated().sorted { a, b in
            if let decided = compare(a.element, b.element) { return decided }
            // Ties read best by title, then keep the source's order.
            let byTitle = Text.standardCompare(a.element.title, b.element.title)
            if order.key != .title, byTitle != 0 { return byTitle < 0 }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// How many results there are: the source's count while pages remain to fetch, else those loaded.
    var count: Int {
        hasMore && view.filter == nil ? max(displayed.count, sourceTotal ?? 0) : displayed.count
    }

    /// Where each page of `displayed` starts: every `pageLines` rows, or as many rows and headings as fit.
    var pageStarts: [Int] {
        let view = self.view
        if let pageStartsCache { return pageStartsCache }
        let rows = displayed
        var starts = [0]
        if view.pagesFitWindow, let field = view.groupField {
            var used = 0
            var previous: String?
            for (index, item) in rows.enumerated() {
                let key = Renderer.groupKey(item, field)
                // A page opens with its group's heading; a new group within a page adds one.
                var cost = used == 0 || key != previous ? 2 : 1
                if used > 0, used + cost > view.pageLines {
                    starts.append(index)
                    used = 0
                    cost = 2
                }
                used += cost
                previous = key
            }
        } else {
            starts += Array(stride(from: view.pageLines, to: rows.count, by: view.pageLines))
        }
        pageStartsCache = starts
        return starts
    }

    /// The rows of page `page` (from 1), as indices into `displayed`.
    func rows(onPage page: Int) -> Range<Int> {
        let starts = pageStarts, count = displayed.count
        guard page >= 1, page <= starts.count else { return count..<count }
        return starts[page - 1]..<(page < starts.count ? starts[page] : count)
    }

    /// Whether page `page` holds every row it will: the next page has begun, or nothing is left to fetch.
    func pageIsFull(_ page: Int) -> Bool {
        let view = self.view
        return !hasMore || pageStarts.count > page
            || (!(view.pagesFitWindow && view.groupField != nil) && displayed.count >= page * view.pageLines)
    }

    var pageCount: Int {
        let loadedPages = displayed.isEmpty ? 1 : pageStarts.count
        guard hasMore else { return loadedPages }
        // Unfiltered, the source's own count says how many pages there will be; otherwise one more at least.
        let view = self.view
        if view.filter == nil, let sourceTotal {
            let perPage = max(1, view.pagesFitWindow && view.groupField != nil ? view.pageLines - 2 : view.pageLines)
            let lastStart = pageStarts.last ?? 0
            return max(loadedPages, pageStarts.count - 1 + (sourceTotal - lastStart + perPage - 1) / perPage)
        }
        return loadedPages + 1
    }

    /// Whether more results may come than any count says: pages remain, and the source gave no count
    /// (iTunes) or a filter hides how many of them match.
    var countIsOpen: Bool { hasMore && (sourceTotal == nil || view.filter != nil) }

    /// The page count as shown: `3+` while the count is open.
    var pageCountText: String { countIsOpen ? "\(pageCount - 1)+" : "\(pageCount)" }
}
