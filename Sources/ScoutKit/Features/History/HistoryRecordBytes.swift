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
                // Matched on its bytes: a String made and switched on for each of a million records cost more.
                guard let raw = plainString() else { return nil }
                kind = Self.same(raw, "search") ? .search : Self.same(raw, "done") ? .done : nil
                if kind == nil { return nil }
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

extension HistoryRecord {
    /// The record as a line of `history.jsonl`, without its newline: the bytes `JSONEncoder.scoutLine` writes
    /// (keys sorted, no spaces), written directly. The encoder cost a search half a millisecond, most of it
    /// the runtime looking up the generic conformances its containers need and the calendar its dates use
    /// (`HistoryScanTests` holds the two to the same bytes).
    var line: [UInt8] {
        var out = JSONWriter()
        out.bytes.reserveCapacity(160)
        out.open("{")
        var first = true
        func key(_ name: StaticString) {
            if !first { out.comma() }
            first = false
            out.key(name)
        }
        if let chosen {
            key("chosen")
            out.open("[")
            for (index, choice) in chosen.enumerated() {
                if index > 0 { out.comma() }
                out.open("{")
                out.key("id")
                out.string(choice.id)
                out.comma()
                out.key("title")
                out.string(choice.title)
                out.open("}")
            }
            out.open("]")
        }
        if let count { key("count"); out.bytes.append(contentsOf: String(count).utf8) }
        if let filters {
            key("filters")
            out.open("{")
            let sorted = filters.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, filter) in sorted.enumerated() {
                if index > 0 { out.comma() }
                out.string(filter.key)
                out.bytes.append(0x3A)
                out.string(filter.value)
            }
            out.open("}")
        }
        key("id"); out.string(id)
        key("kind"); out.string(kind.rawValue)
        if let search { key("search"); out.string(search) }
        if let source { key("source"); out.string(source) }
        if let terms { key("terms"); out.string(terms) }
        key("time"); out.date(time)
        out.open("}")
        return out.bytes
    }
}
