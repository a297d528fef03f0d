extension JSONBytes {
    /// A session in the shape scout writes; nil for anything else (left to `JSONDecoder`).
    mutating func session() -> SessionModel? {
        var session = SessionModel()
        var seen: UInt16 = 0
        guard take(0x7B) else { return nil }
        var step = member(first: true)
        while case .key(let key) = step {
            defer { step = member(first: false) }
            guard let index = Self.sessionKeys.firstIndex(where: { Self.same(key, $0) }), seen & (1 << index) == 0
            else { return nil }
            seen |= 1 << index
            if null() { continue } // as decodeIfPresent reads a null: the default
            switch index {
            case 0: guard let value = smallInteger() else { return nil }; session.schemaVersion = value
            case 1: guard let value = date() else { return nil }; session.lastVisited = value
            case 2: guard let value = string() else { return nil }; session.source = value
            case 3: guard let value = searchQuery() else { return nil }; session.query = value
            case 4: guard let value = string() else { return nil }; session.filter = value
            case 5: guard let value = sortOrder() else { return nil }; session.sort = value
            case 6: guard let value = string() else { return nil }; session.group = value
            case 7: guard let value = smallInteger() else { return nil }; session.page = max(1, value)
            case 8: guard let value = elements({ $0.item() }) else { return nil }; session.selections = value
            case 9: guard let value = view() else { return nil }; session.view = value
            default: guard let value = string() else { return nil }; session.searchID = value
            }
        }
        guard case .end = step else { return nil }
        return session
    }

    private static let sessionKeys: [StaticString] = [
        "schemaVersion", "lastVisited", "source", "query", "filter", "sort", "group",
        "page", "selections", "view", "searchID",
    ]

    /// An item as a selection keeps it: id, title, fields, url (null or absent: none).
    mutating func item() -> Item? {
        var id: String?, title: String?, fields: [Item.Field]?, url: String?
        var seen: UInt8 = 0
        guard take(0x7B) else { return nil }
        var step = member(first: true)
        while case .key(let key) = step {
            defer { step = member(first: false) }
            let index =
                Self.same(key, "id")
                ? 0 : Self.same(key, "title") ? 1 : Self.same(key, "fields") ? 2 : Self.same(key, "url") ? 3 : 4
            guard index < 4, seen & (1 << index) == 0 else { return nil }
            seen |= 1 << index
            switch index {
            case 0: id = string(); if id == nil { return nil }
            case 1: title = string(); if title == nil { return nil }
            case 2:
                fields = elements { $0.stringPair("name", "value").map(Item.Field.init) };
                if fields == nil { return nil }
            default: if !null() { url = string(); if url == nil { return nil } }
            }
        }
        guard case .end = step, let id, let title, let fields else { return nil }
        return Item(id: id, title: title, fields: fields, url: url)
    }

    private mutating func searchQuery() -> SearchQuery? {
        var source: String?, terms: String?, options: [String: String]?
        guard take(0x7B) else { return nil }
        var step = member(first: true)
        while case .key(let key) = step {
            defer { step = member(first: false) }
            if Self.same(key, "source"), source == nil {
                source = string(); if source == nil { return nil }
            } else if Self.same(key, "terms"), terms == nil {
                terms = string(); if terms == nil { return nil }
            } else if Self.same(key, "options"), options == nil {
                options = stringObject(); if options == nil { return nil }
            } else {
                return nil
            }
        }
        guard case .end = step, let source, let terms, let options else { return nil }
        return SearchQuery(source: source, terms: terms, options: options)
    }

    private mutating func sortOrder() -> SortOrder? {
        var key: SortOrder.Key?, descending: Bool?
        guard take(0x7B) else { return nil }
        var step = member(first: true)
        while case .key(let name) = step {
            defer { step = member(first: false) }
            if Self.same(name, "key"), key == nil {
                key = string().flatMap(SortOrder.Key.init(rawValue:)); if key == nil { return nil }
            } else if Self.same(name, "descending"), descending == nil {
                descending = boolean(); if descending == nil { return nil }
            } else {
                return nil
            }
        }
        guard case .end = step, let key, let descending else { return nil }
        return SortOrder(key: key, descending: descending)
    }

    /// `{"list": {}}` or `{"detail": {"id": "…"}}`.
    private mutating func view() -> SessionModel.View? {
        guard take(0x7B), case .key(let name) = member(first: true) else { return nil }
        let view: SessionModel.View
        if Self.same(name, "list") {
            guard take(0x7B), take(0x7D) else { return nil }
            view = .list
        } else if Self.same(name, "detail") {
            guard take(0x7B), case .key(let key) = member(first: true), Self.same(key, "id"), let id = string(),
                case .end = member(first: false)
            else { return nil }
            view = .detail(id: id)
        } else {
            return nil
        }
        guard case .end = member(first: false) else { return nil }
        return view
    }

    private mutating func boolean() -> Bool? {
        space()
        if bytes.count - at >= 4, bytes[at] == 0x74, bytes[at + 1] == 0x72, bytes[at + 2] == 0x75, bytes[at + 3] == 0x65
        {
            at += 4; return true
        }
        if bytes.count - at >= 5, bytes[at] == 0x66, bytes[at + 1] == 0x61, bytes[at + 2] == 0x6C,
            bytes[at + 3] == 0x73, bytes[at + 4] == 0x65
        {
            at += 5
            return false
        }
        return nil
    }
}
