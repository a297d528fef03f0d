import FoundationEssentials

/// A command as the shell runs it, parsed and checked from the words a user typed.
public enum Command: Equatable, Sendable {
    case search(terms: String, source: String?, options: [String: String])
    case use(String)
    case sources
    case list
    case next
    case prev
    case page(Int)
    case loadAll
    case filter(String?)
    case sort(SortOrder)
    case group(String)
    case show(Int)
    case open(Int)
    case select(RangeSpec)
    case unselect(RangeSpec)
    case selection
    case done
    case fav(Fav)
    case history(History)
    case deny(Deny)
    case cache(clear: Bool)
    case session(Session)
    case set(key: String?, value: String?)
    case pick(Pick)
    case help(String?)
    case quit
}
