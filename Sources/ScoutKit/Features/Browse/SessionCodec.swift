import FoundationEssentials

/// The session file read and written straight from and to bytes, as `FavouritesCodec` does for the
/// favourites: a search beside a session of 200 selections spent about 3 ms in Foundation's coders,
/// reading it at start and writing it back.
///
/// `decode` returns a value only for a file in the shape scout writes (known keys, each once, no escape
/// in a key, dates as `YYYY-MM-DDTHH:MM:SSZ`), and then the same value `JSONDecoder.scout` reads; any
/// other file is nil and left to `JSONDecoder`. `encode` writes the bytes `JSONEncoder.scout` writes
/// (`SessionCodecTests` hold both promises over random sessions).
enum SessionCodec {
    static func decode(_ data: Data) -> SessionModel? {
        JSONBytes.whole(data) { $0.session() }
    }

    static func encode(_ session: SessionModel) -> Data {
        var out = JSONWriter()
        out.bytes.reserveCapacity(512 + session.selections.count * 256)
        out.open("{")
        var first = true
        func key(_ name: StaticString) {
            if !first { out.comma() }
            first = false
            out.key(name, level: 1)
        }
        if let filter = session.filter { key("filter"); out.string(filter) }
        if let group = session.group { key("group"); out.string(group) }
        if let lastVisited = session.lastVisited { key("lastVisited"); out.date(lastVisited) }
        key("page"); out.bytes.append(contentsOf: String(session.page).utf8)
        if let query = session.query {
            key("query")
            out.open("{")
            out.key("options", level: 2)
            out.object(query.options.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }, level: 2) {
                out, value, _ in out.string(value)
            }
            out.comma()
            out.key("source", level: 2)
            out.string(query.source)
            out.comma()
            out.key("terms", level: 2)
            out.string(query.terms)
            out.close("}", level: 1)
        }
        key("schemaVersion"); out.bytes.append(contentsOf: String(session.schemaVersion).utf8)
        if let searchID = session.searchID { key("searchID"); out.string(searchID) }
        key("selections")
        out.array(session.selections, level: 1) { out, item, level in out.item(item, level: level) }
        if let sort = session.sort {
            key("sort")
            out.open("{")
            out.key("descending", level: 2)
            out.bytes.append(contentsOf: (sort.descending ? "true" : "false").utf8)
            out.comma()
            out.key("key", level: 2)
            out.string(sort.key.rawValue)
            out.close("}", level: 1)
        }
        key("source"); out.string(session.source)
        key("view")
        out.open("{")
        switch session.view {
        case .list:
            out.key("list", level: 2)
            out.object([(String, String)](), level: 2) { _, _, _ in }
        case .detail(let id):
            out.key("detail", level: 2)
            out.object([("id", id)], level: 2) { out, value, _ in out.string(value) }
        }
        out.close("}", level: 1)
        out.close("}", level: 0)
        return Data(out.bytes)
    }
}

extension JSONWriter {
    /// An item's fields, `[{"name" : …, "value" : …}, …]`, as a favourite and a selection keep them.
    mutating func fields(_ fields: [Item.Field], level: Int) {
        array(fields, level: level) { out, field, level in
            out.open("{")
            out.key("name", level: level + 1)
            out.string(field.name)
            out.comma()
            out.key("value", level: level + 1)
            out.string(field.value)
            out.close("}", level: level)
        }
    }

    /// One item (a selection's snapshot), its keys sorted, at `level`.
    mutating func item(_ item: Item, level: Int) {
        open("{")
        itemMembers(fields: item.fields, id: item.id, title: item.title, url: item.url, level: level)
        close("}", level: level)
    }

    /// The members an item and a favourite share, keys sorted from `fields` to `url`; `between` writes
    /// those that sort between `id` and `title` (a favourite's source and tags).
    mutating func itemMembers(
        fields: [Item.Field], id: String, title: String, url: String?, level: Int,
        between: (inout JSONWriter) -> Void = { _ in }
    ) {
        key("fields", level: level + 1)
        self.fields(fields, level: level + 1)
        comma()
        key("id", level: level + 1)
        string(id)
        between(&self)
        comma()
        key("title", level: level + 1)
        string(title)
        if let url {
            comma()
            key("url", level: level + 1)
            string(url)
        }
    }
}
