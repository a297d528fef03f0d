extension Command {
    /// Whether the command works on the results, which a restored session fetches when first needed.
    var needsResults: Bool {
        switch self {
        case .list, .next, .prev, .page, .loadAll, .filter, .sort, .group, .show, .open, .select, .unselect: true
        // Without rows, fav add keeps what the screen shows: the detail, or the selected rows of the list.
        case .fav(.add): true
        case .pick(let pick): pick.over == .results
        default: false
        }
    }

    /// The highest row the command names, when it names rows of the list by number.
    var highestRow: Int? {
        func top(_ spec: RangeSpec?) -> Int? {
            // `all` and an open end (`5-`) name the rows loaded; a closed one may name rows still to fetch.
            guard case .rows(let spans)? = spec else { return nil }
            return spans.map { $0.upper ?? $0.lower ?? 0 }.max()
        }
        switch self {
        case .show(let n), .open(let n): return n
        case .select(let spec), .unselect(let spec): return top(spec)
        case .fav(.add(let spec, _)): return top(spec)
        default: return nil
        }
    }
}
