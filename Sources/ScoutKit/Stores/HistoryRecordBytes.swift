import FoundationEssentials

/// A record of `history.jsonl` read by the quick JSON reader, the way `HistoryLog.decode` reads one first.
extension JSONBytes {
    /// A record of `history.jsonl` in the shape scout writes (known keys, each once), as `JSONDecoder`
    /// would read it; nil for any other shape, which is left to `JSONDecoder`.
    mutating func historyRecord() -> HistoryRecord? {
        var kind: HistoryRecord.Kind?, id: String?, time: Date?
        var record = HistoryRecord(kind: .search, id: "", time: Date(timeIntervalSince1970: 0))
        var seen: UInt16 = 0
        guard take(0x7B) else { return nil }
        var step = member(first: true)
        while case .key(let raw) = step {
            defer { step = member(first: false) }
            guard let key = Self.historyKeys.firstIndex(where: { Self.same(raw, $0) }) else { return nil }
            guard seen & (1 << key) == 0 else { return nil }
            seen |= 1 << key
            if key > 2, null() { continue } // a null is an absent value, but not for the kind, id or time
            switch key {
            case 0 /* kind */:
                kind = string().flatMap(HistoryRecord.Kind.init(rawValue:)); if kind == nil { return nil }
            case 1 /* id */: id = string(); if id == nil { return nil }
            case 2 /* time */: time = date(); if time == nil { return nil }
            case 3 /* source */: record.source = string(); if record.source == nil { return nil }
            case 4 /* terms */: record.terms = string(); if record.terms == nil { return nil }
            case 5 /* search */: record.search = string(); if record.search == nil { return nil }
            case 6 /* count */: record.count = smallInteger(); if record.count == nil { return nil }
            case 7 /* filters */: record.filters = stringObject(); if record.filters == nil { return nil }
            case 8 /* chosen */:
                record.chosen = elements { $0.stringPair("id", "title").map(HistoryEntry.Chosen.init) }
                if record.chosen == nil { return nil }
            default: return nil
            }
        }
        guard case .end = step, let kind, let id, let time else { return nil }
        (record.kind, record.id, record.time) = (kind, id, time)
        return record
    }

    private static let historyKeys: [StaticString] = [
        "kind", "id", "time", "source", "terms", "search", "count", "filters", "chosen",
    ]
}
