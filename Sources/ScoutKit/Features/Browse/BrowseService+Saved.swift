import FoundationEssentials

/// Running a saved search: a new search in the session, then narrowed, sorted and grouped as it was saved.
extension BrowseService {
    /// Runs `saved` as a new search with its parameters filled, recorded in the history like any other,
    /// then narrowed, sorted and grouped as it was saved.
    func runSaved(_ saved: SavedSearch, arguments: [String]) async throws -> Output {
        if saved.isStreaming { return try await services.whereToWatch.watchlist(streamingOnly: true) }
        let query = try saved.filled(with: arguments)
        return try await runSearch(query) { [self] in
            session.filter = saved.filter
            (session.sort, session.group) = (nil, nil)
            var notes: [String] = []
            if let sort = saved.sort {
                do { try await applySort(sort) } catch {
                    notes.append("(saved with sort \(sort.description), left out: \(error))")
                }
            }
            if let group = saved.group {
                do { try await applyGroup(group) } catch {
                    notes.append("(saved with group \(group), left out: \(error))")
                }
            }
            return notes.isEmpty ? nil : notes.joined(separator: "\n")
        }
    }
}
