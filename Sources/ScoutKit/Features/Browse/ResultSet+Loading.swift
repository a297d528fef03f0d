/// Fetching a result set's pages: the next one, or every one left (`load all`), concurrently where the
/// source pages its results. Only these set the items, the pages fetched and whether more may come.
extension ResultSet {
    /// Fetches the source's next page, through `fetch` (which may show a spinner).
    func fetchNextPage(_ query: SearchQuery, from source: any Source, progress: (@Sendable (String?) -> Void)?)
        async throws
    {
        guard hasMore else { return }
        let number = fetchedPages + 1
        let page: ResultPage
        if let parked = parkedPages.removeValue(forKey: number) {
            // A parked page is a whole page: the count says whether more follow, or else whether it is full.
            let size = source.capabilities.paging.pageSize ?? parked.count
            page = ResultPage(
                items: parked, total: sourceTotal,
                hasMore: sourceTotal.map { number * size < $0 } ?? (parked.count >= size))
        } else {
            page = try await Spinner.waiting("fetching page \(number) from \(source.name)", progress: progress) {
                try await source.search(query, page: number)
            }
        }
        let known = Set(items.map(\.id))
        let new = page.items.filter { !known.contains($0.id) }
        items.append(contentsOf: new)
        fetchedPages += 1
        // A page with nothing new ends the list, whatever the server says, so paging always ends.
        hasMore = page.hasMore && !new.isEmpty
        invalidate()
    }

    /// Fetches every remaining page of a paged source, several at a time, each put in its place so that the
    /// list does not jump. When the source said how many results it has, `loadAllConcurrency` at a time up
    /// to the last page the count gives; otherwise up to `openEndedConcurrency` at a time until a page
    /// comes back short. Pages that arrived are kept whatever stops the rest (an error, Ctrl-C). Returns
    /// how many results it added, how many the pages held, and what stopped it.
    func loadRemaining(
        _ query: SearchQuery, from source: any Source,
        progress: (@Sendable (String?) -> Void)?
    ) async -> (added: Int, received: Int, failure: (any Error)?) {
        guard hasMore else { return (0, 0, nil) }
        guard case .paged(let size, let maxPages) = source.capabilities.paging else {
            return await loadOneByOne(query, from: source, progress: progress)
        }
        let before = items.count
        var failure: (any Error)?
        var received = 0
        let counted = sourceTotal != nil
        // The last page: the count's, within the source's cap; without a count, the cap alone.
        let last = sourceTotal.map { min(maxPages ?? .max, ($0 + size - 1) / size) } ?? maxPages
        var arrived = parkedPages
        let done = fetchedPages + parkedPages.count
        var count = 0
        var ended = false
        // Without a count, the first page that came back short (parked by an earlier load all, or arriving
        // now): those past it are past the end, and are not asked for.
        var endPage = counted ? .max : parkedPages.filter { $0.value.count < size }.keys.min() ?? .max
        // Without a count, every id seen so far: a page of nothing new ends the list, as one fetched alone
        // does, so that a server repeating its last page for every offset does not keep `load all` going.
        var seen = counted ? [] : Set(items.map(\.id) + arrived.values.joined().map(\.id))
        var candidate = fetchedPages
        let upper = max(fetchedPages + 1, last ?? .max)
        func report() {
            if counted, let last {
                progress?("loading pages: \(done + count) of \(last)")
            } else {
                progress?("loading: \(items.count + arrived.values.reduce(0) { $0 + $1.count }) results")
            }
        }
        report()
        await withTaskGroup(of: (Int, Result<ResultPage, SourceError>).self) { group in
            var inFlight = 0
            var window = counted ? Self.loadAllConcurrency : 1
            func launch() -> Bool {
                repeat { candidate += 1 } while arrived[candidate] != nil
                guard candidate <= upper, candidate < endPage else { return false }
                let page = candidate
                group.addTask {
                    // The result is made first and returned with the page after: returned from inside a
                    // `do throws(SourceError)` in this task, the page number came back as garbage in
                    // release builds (Swift 6.3.1), and every page was dropped (load-all-keeps-every-page,
                    // run against the release binary by scripts/test).
                    let result: Result<ResultPage, SourceError>
                    do throws(SourceError) {
                        result = .success(try await source.search(query, page: page))
                    } catch {
                        result = .failure(error)
                    }
                    return (page, result)
                }
                inFlight += 1
                return true
            }
            func fill() {
                while failure == nil, !ended, inFlight < window, launch() {}
            }
            fill()
            for await (page, result) in group {
                inFlight -= 1
                switch result {
                case .success(let answer):
                    arrived[page] = answer.items
                    count += 1
                    // An empty page is the end, whatever the count said: no more are asked for.
                    if answer.items.isEmpty { ended = true }
                    if !counted {
                        let fresh = answer.items.filter { seen.insert($0.id).inserted }
                        if fresh.isEmpty || !answer.hasMore {
                            // No more are asked for. A short page is the end; a page of nothing new ends
                            // the list where the pages, joined in order, first add nothing (below), which
                            // the order they arrived in must not decide.
                            ended = true
                            if !answer.hasMore { endPage = min(endPage, page) }
                        } else {
                            window = min(Self.openEndedConcurrency, window + 1)
                        }
                    }
                case .failure(let error): if failure == nil { failure = error }
                }
                report()
                fill()
            }
        }
        progress?(nil)
        // Pages join the list in order, up to the first that is missing; those after it wait for it.
        var known = Set(items.map(\.id))
        var page = fetchedPages + 1
        while page <= endPage, let pageItems = arrived.removeValue(forKey: page) {
            received += pageItems.count
            let new = pageItems.filter { known.insert($0.id).inserted }
            items.append(contentsOf: new)
            fetchedPages = page
            // Without a count, a page with nothing new ends the list (see `seen`).
            if !counted, new.isEmpty { endPage = page }
            page += 1
        }
        if counted {
            parkedPages = arrived
            hasMore = fetchedPages < (last ?? .max) && !ended
            if failure == nil, items.count == before || ended {
                // Every page repeated what was listed: the list ends here, whatever the count said.
                hasMore = false
                sourceTotal = items.count
            }
        } else {
            // Pages past the end were asked for while the end was on its way; they hold nothing to keep.
            parkedPages = arrived.filter { $0.key <= endPage }
            hasMore = fetchedPages < endPage && fetchedPages < (last ?? .max)
        }
        invalidate()
        return (items.count - before, received, failure)
    }

    /// A source that hands over its whole list at once has no pages left to ask for; should one say it
    /// has more, they are asked for one after another.
    private func loadOneByOne(
        _ query: SearchQuery, from source: any Source,
        progress: (@Sendable (String?) -> Void)?
    ) async -> (added: Int, received: Int, failure: (any Error)?) {
        let before = items.count
        var failure: (any Error)?
        do {
            while hasMore {
                try await fetchNextPage(query, from: source, progress: progress)
                progress?("loading: \(items.count) results")
            }
        } catch { failure = error }
        progress?(nil)
        invalidate()
        return (items.count - before, items.count - before, failure)
    }
}
