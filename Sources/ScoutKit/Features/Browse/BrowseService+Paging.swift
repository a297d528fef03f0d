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

    /// `load all`: every page left, fetched at once where the source pages; the heading, and what it kept.
    func loadAll() async throws -> Output {
        try requireResults()
        var output = Output()
        guard results.hasMore else {
            output.say("All \(results.items.count) results are loaded.")
            output.addJSON(try resultsPage())
            return output
        }
        let (added, received, failure) = try await loadRemaining()
        output.say(heading())
        let kept = results.items.count
        if let failure {
            // Nothing loaded: the failure's line says what was kept ("Loaded 0 more" read as if it had finished).
            if added > 0 { output.say("Loaded \(added) more: \(kept) in all.") }
            output.fail(
                "stopped loading (\(failure)); \(kept) results kept: load all again to go on",
                code: TypedJSON.code(of: failure))
        } else if added == 0 {
            // Said, not hidden: a source whose count promised more than its pages hold.
            let source = session.source
            output.say(
                received == 0
                    ? "Loaded nothing more: \(source) sent no results after the \(kept) loaded, so the list ends there."
                    : "Loaded nothing more: the pages left repeated \(received) results already listed, so the list "
                        + "ends at \(kept)."
            )
        } else {
            output.say("Loaded \(added) more: \(kept) in all.")
        }
        output.addJSON(try resultsPage())
        output.json[.added] = .int(added)
        return output
    }
}
