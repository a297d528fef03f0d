import FoundationEssentials

/// The session restored at launch and by `session load`: the results fetched again, the view the user
/// left, and a line that says where it stands.
extension BrowseService {
    /// Restores the session on launch: fetches the last query's results again and, when `greet` (on a
    /// terminal), shows a welcome-back line and the view the user left. Scripts get neither, so that a
    /// script's start reads no favourites.
    func start(greet: Bool) async -> Output {
        var output = Output()
        guard greet else { return output }
        if let problem = await reload() { output.warn(problem) }
        if let previousVisit {
            let now = context.now()
            output.say(
                prose:
                    "Welcome back, last visit "
                    + "\(RelativeTime.describe(previousVisit, now: now, in: context.localTime))"
                    + " (\(RelativeTime.date(previousVisit, in: context.localTime))).", width: wiring.proseWidth,
                indent: 2)
            output.say(prose: "Restored: \(contextSummary()).", width: wiring.proseWidth, indent: 2)
            output.say(prose: "Next: \(nextHint()).", width: wiring.proseWidth, indent: 2)
        } else {
            output.say(
                prose:
                    "scout \(Scout.version): search the \(session.source) catalog. Type help for commands, Tab to "
                    + "complete, Ctrl-D to leave.",
                width: wiring.proseWidth, indent: 2)
        }
        // At most the rows that fit under the welcome lines, the prompt's line left free.
        if results.loaded {
            output.merge(await restoredView(maxLines: height.map { max(3, $0 - output.lines.count - 1) }))
        }
        return output
    }

    /// The view the session was left in: the detail of one item, or the current list page (within `maxLines`).
    /// A detail is the one left, whole (OMDb's plot, director, ratings), from the response cache alone: the
    /// start waits on no network.
    func restoredView(maxLines: Int? = nil) async -> Output {
        if case .detail(let id) = session.view {
            if let item = results.displayed.first(where: { $0.id == id }) ?? session.selections.first(where: {
                $0.id == id
            })
                ?? favourites.favourite(id)?.item
            {
                let detail = detailWithArt(await cachedDetails(of: item), cachedOnly: true)
                // Within the rows under the welcome lines, as a restored page is: the rest is a command away.
                guard let maxLines, detail.art == nil, DisplayWidth.rows(detail.styledLines, columns: width) > maxLines
                else {
                    return detail
                }
                var cut = Output()
                var rows = 0
                for line in detail.styledLines {
                    rows += DisplayWidth.rows([line], columns: width)
                    guard rows < maxLines else { break }
                    cut.say(line)
                }
                let whole = results.displayed.firstIndex { $0.id == id }.map { ": show \($0 + 1) shows it whole" } ?? ""
                cut.say("(cut to fit under the welcome\(whole))")
                return cut
            }
            session.view = .list
        }
        return (try? listing(maxLines: maxLines)) ?? Output()
    }

    /// The item with what its source's details added when they were last asked for, read from the response
    /// cache only; the item as it is when they are not there.
    func cachedDetails(of item: Item) async -> Item {
        var cacheOnly = settings
        cacheOnly.offline = true
        guard let source = try? sources.source(named: item.sourceName, settings: cacheOnly) else { return item }
        return (try? await source.details(of: item)) ?? item
    }

    /// One line naming where the session stands: source, query, filter, page, selection, view.
    func contextSummary() -> String {
        var parts = [session.source]
        parts.append(session.query.map { Self.describe(terms: $0.terms) } ?? "no search yet")
        if let filter = session.filter { parts.append("filter \"\(filter)\"") }
        if let sort = session.sort { parts.append("by \(sort.description)") }
        if session.query != nil { parts.append("page \(session.page)") }
        parts.append("\(session.selections.count) selected")
        switch session.view {
        case .list: parts.append("list view")
        case .detail(let id):
            let title =
                results.displayed.first { $0.id == id }?.title ?? session.selections.first { $0.id == id }?.title ?? id
            parts.append("showing \(title)")
        }
        return parts.joined(separator: ", ")
    }

    /// What to type next, after the welcome back: the likeliest command from where the session stands.
    func nextHint() -> String {
        if case .detail(let id) = session.view {
            return "list goes back to the results" + (favourites.contains(id) ? "" : ", fav add keeps this one")
        }
        if !session.selections.isEmpty {
            let count = session.selections.count
            return "done confirms the \(count) selected, selection lists \(count == 1 ? "it" : "them")"
        }
        if results.loaded, session.page < results.pageCount {
            return "next shows page \(session.page + 1) of \(results.pageCount), select N picks a row"
        }
        if session.query == nil { return "search TERMS to begin, help for every command" }
        return "select N picks a row, history lists past searches"
    }
}
