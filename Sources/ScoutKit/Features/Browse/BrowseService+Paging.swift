/// Turning pages, as `next`, `prev` and `page N` do.
extension BrowseService {
    /// Shows page `page`, fetching what it needs; says why when there is no such page (`next` says it is
    /// on the last one; `page N` how many there are).
    func turnPage(to page: Int, isNext: Bool = false) async throws -> Output {
        try requireResults()
        if page < 1 { throw UsageError("already on the first page") }
        let promised = results.hasMore
        while !results.pageIsFull(page) { try await fetchNextPage() }
        if promised, !results.hasMore, page > results.pageCount, (results.sourceTotal ?? 0) > results.items.count {
            // The source counted more than its pages hold: say so, rather than "there is only one page".
            let kept = results.view.filter == nil ? "" : "; the filter keeps \(results.displayed.count) of them"
            throw UsageError.notFound(
                "\(session.source) sent no results after the \(results.items.count) loaded\(kept), so the list ends at "
                    + "page \(results.pageCount)"
            )
        }
        if isNext, page > results.pageCount { throw UsageError.notFound("already on the last page") }
        guard page <= results.pageCount else {
            throw UsageError.notFound(
                results.pageCount == 1
                    ? "there is only one page"
                    : "there are only \(results.pageCount) pages: page 1 to \(results.pageCount)")
        }
        session.page = page
        session.view = .list
        return try listing()
    }
}
