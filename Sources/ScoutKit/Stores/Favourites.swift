import Foundation

/// A kept item: a snapshot of its fields, so `fav` and `fav show` work offline, with its tags and
/// when it was added.
public struct Favourite: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var source: String
    public var fields: [Item.Field]
    public var url: String?
    public var addedAt: Date
    public var tags: [String]

    public init(item: Item, addedAt: Date, tags: [String] = []) {
        id = item.id
        title = item.title
        source = item.sourceName
        fields = item.fields
        url = item.url
        self.addedAt = addedAt
        self.tags = tags
    }

    init(id: String, title: String, source: String, fields: [Item.Field], url: String?, addedAt: Date, tags: [String]) {
        (self.id, self.title, self.source, self.fields, self.url, self.addedAt, self.tags) = (id, title, source, fields, url, addedAt, tags)
    }

    public var item: Item { Item(id: id, title: title, fields: fields, url: url) }

    enum CodingKeys: String, CodingKey { case id, title, source, fields, url, addedAt, tags }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? id
        source = try c.decodeIfPresent(String.self, forKey: .source) ?? String(id.prefix { $0 != ":" })
        fields = try c.decodeIfPresent([Item.Field].self, forKey: .fields) ?? []
        url = try c.decodeIfPresent(String.self, forKey: .url)
        addedAt = try c.decodeIfPresent(Date.self, forKey: .addedAt) ?? Date(timeIntervalSince1970: 0)
        tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
    }
}

/// `favourites.json`: `{"version": 1, "favourites": [...]}`, oldest first.
struct FavouritesFile: Codable, Equatable {
    var version = 1
    var favourites: [Favourite] = []

    init(favourites: [Favourite] = []) {
        self.favourites = favourites
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 1
        favourites = try c.decodeIfPresent([Favourite].self, forKey: .favourites) ?? []
    }
}

/// The favourites, read only when a command needs them and re-read when another scout changed the file.
/// Every change is a read-modify-write under the file's lock, so two scouts adding at once lose nothing.
public final class FavouritesStore {
    let file: StateFile<FavouritesFile>
    let warn: @Sendable (String) -> Void
    private var cached: [Favourite]?
    private var cachedStamp: FileStamp?
    /// The ids of `cached`, for the marks of a listing, and the stamp they were taken at.
    private var cachedIDs: Set<String>?
    private var idsStamp: FileStamp?

    public init(url: URL, store: FileStore, warn: @escaping @Sendable (String) -> Void) {
        file = Self.stateFile(url, store: store)
        self.warn = warn
    }

    /// The file, read and written through `FavouritesCodec` where it can be.
    static func stateFile(_ url: URL, store: FileStore) -> StateFile<FavouritesFile> {
        StateFile(url, label: "favourites", store: store, fastDecode: FavouritesCodec.decode, fastEncode: FavouritesCodec.encode)
    }

    /// All favourites, oldest first.
    public func all() -> [Favourite] {
        let stamp = FileStamp(file.url)
        if let cached, stamp == cachedStamp { return cached }
        let favourites = file.load(warn: warn)?.favourites ?? []
        cached = favourites
        // The stamp from before the read: a change made while reading is seen at the next call.
        cachedStamp = stamp
        return favourites
    }

    public func contains(_ id: String) -> Bool {
        ids.contains(id)
    }

    /// The ids of the favourites, for the marks of a listing: taken from the file's bytes without decoding
    /// the favourites (a search beside ten thousand of them stays as quick and small as beside none).
    public var ids: Set<String> {
        let stamp = FileStamp(file.url)
        if let cachedIDs, stamp == idsStamp { return cachedIDs }
        let ids: Set<String>
        if let cached, stamp == cachedStamp {
            ids = Set(cached.map(\.id))
        } else if stamp == nil {
            ids = []
        } else if let data = try? file.store.map(file.url, whole: true), let scanned = Self.scanIDs(data) {
            ids = scanned
        } else {
            ids = Set(all().map(\.id))  // not in the shape scout writes: read it whole (and report damage)
        }
        (cachedIDs, idsStamp) = (ids, stamp)
        return ids
    }

    /// The `id` of each favourite (the key at the third level of `{"favourites": [{…}]}`), when the file
    /// closes every string and bracket and no id holds an escape; nil otherwise.
    static func scanIDs(_ data: Data) -> Set<String>? {
        data.withUnsafeBytes { raw -> Set<String>? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var ids: Set<String> = []
            var depth = 0, index = 0
            var keyIsID = false, afterKey = false
            var inFavourites = false, afterTopKey = false
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x22:
                    // A string: find its end; note escapes.
                    var end = index + 1, escaped = false
                    while end < bytes.count, bytes[end] != 0x22 {
                        if bytes[end] == 0x5C { escaped = true; end += 1 }
                        end += 1
                    }
                    guard end < bytes.count else { return nil }
                    if depth == 1 {
                        if !afterTopKey { inFavourites = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]).elementsEqual("favourites".utf8) }
                        afterTopKey = false
                    }
                    if depth == 3 && inFavourites {
                        let text = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
                        if afterKey {
                            if keyIsID {
                                guard !escaped else { return nil }
                                ids.insert(String(decoding: text, as: UTF8.self))
                            }
                            afterKey = false
                            keyIsID = false
                        } else {
                            keyIsID = text.elementsEqual("id".utf8)
                        }
                    }
                    index = end
                case 0x3A:
                    if depth == 3 { afterKey = true }
                    if depth == 1 { afterTopKey = true }
                case 0x2C:
                    if depth == 3 { afterKey = false; keyIsID = false }
                    if depth == 1 { afterTopKey = false }
                case 0x7B, 0x5B:
                    depth += 1
                    afterKey = false
                case 0x7D, 0x5D:
                    depth -= 1
                    guard depth >= 0 else { return nil }
                default: break
                }
                index += 1
            }
            return depth == 0 ? ids : nil
        }
    }

    /// Adds the items not yet kept, with `tags` (favourites already kept are left as they are); returns how
    /// many were new.
    @discardableResult
    public func add(_ items: [Item], tags: [String] = [], at date: Date) throws -> Int {
        if let added = try appendInPlace(items, tags: tags, tagKept: false, at: date) { return added.count }
        return try modify { favourites in
            var known = Set(favourites.map(\.id))
            let new = items.filter { known.insert($0.id).inserted }.map { Favourite(item: $0, addedAt: date, tags: tags) }
            favourites += new
            return (new.count, !new.isEmpty)
        }
    }

    /// What `addOrTag` did to each item named: kept it anew, gave a favourite already kept tags it lacked,
    /// or found it kept with every tag already.
    public struct AddOutcome: Sendable, Equatable {
        public var added: [Favourite] = []
        /// Favourites kept before that gained tags, with the tags they gained.
        public var tagged: [Retagged] = []
        /// Items kept before, with every tag asked for.
        public var unchanged: [Item] = []
    }

    /// Adds the items not yet kept, with `tags`, and gives the favourites already kept the `tags` they lack.
    public func addOrTag(_ items: [Item], tags: [String] = [], at date: Date) throws -> AddOutcome {
        if let added = try appendInPlace(items, tags: tags, tagKept: true, at: date) {
            // appendInPlace gives tags to no favourite kept before: the items it did not add stay as they were.
            var outcome = AddOutcome(added: added)
            var seen = Set(added.map(\.id))
            outcome.unchanged = items.filter { seen.insert($0.id).inserted }
            return outcome
        }
        return try modify { favourites in
            var outcome = AddOutcome()
            var position = Dictionary(favourites.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            var seen: Set<String> = []
            for item in items where seen.insert(item.id).inserted {
                if let index = position[item.id] {
                    let missing = Self.missing(tags, from: favourites[index].tags)
                    if missing.isEmpty {
                        outcome.unchanged.append(item)
                    } else {
                        favourites[index].tags += missing
                        outcome.tagged.append(Retagged(favourite: favourites[index], changed: missing))
                    }
                } else {
                    let favourite = Favourite(item: item, addedAt: date, tags: tags)
                    position[item.id] = favourites.count
                    favourites.append(favourite)
                    outcome.added.append(favourite)
                }
            }
            return (outcome, !outcome.added.isEmpty || !outcome.tagged.isEmpty)
        }
    }

    /// The tags of `tags` that `existing` lacks, ignoring case.
    static func missing(_ tags: [String], from existing: [String]) -> [String] {
        let have = Set(existing.map { $0.lowercased() })
        return tags.filter { !have.contains($0.lowercased()) }
    }

    /// Adds to a file in scout's own layout without decoding and encoding the favourites already in it
    /// (with ten thousand, that was most of a `fav add`): its ids come from the byte scan, and the new
    /// favourites are written in before the end of the list. Nil when the file is in any other shape
    /// (or absent), or when tags go to a favourite already kept (`tagKept`), for `modify` to do the whole read
    /// and write.
    private func appendInPlace(_ items: [Item], tags: [String], tagKept: Bool, at date: Date) throws -> [Favourite]? {
        try file.store.withLock(file.url) {
            let stamp = FileStamp(file.url)
            guard stamp != nil, let data = try file.store.read(file.url), var known = Self.scanIDs(data) else { return nil }
            if tagKept, !tags.isEmpty, items.contains(where: { known.contains($0.id) }) { return nil }
            let new = items.filter { known.insert($0.id).inserted }.map { Favourite(item: $0, addedAt: date, tags: tags) }
            if new.isEmpty { return [] }
            guard let longer = FavouritesCodec.appending(new, to: data) else { return nil }
            try file.store.write(longer, to: file.url)
            // What was read before, and is still the file, grows by the same favourites.
            if let cached, stamp == cachedStamp {
                (self.cached, cachedStamp) = (cached + new, FileStamp(file.url))
            } else {
                (self.cached, cachedStamp) = (nil, nil)
            }
            return new
        }
    }

    /// Removes the favourites with these ids; returns those that went, in the order `fav` lists them.
    @discardableResult
    public func remove(ids: Set<String>) throws -> [Favourite] {
        try modify { favourites in
            let gone = favourites.filter { ids.contains($0.id) }
            favourites.removeAll { ids.contains($0.id) }
            return (gone, !gone.isEmpty)
        }
    }

    /// What `retag` did to one favourite: the tags it gained or lost (empty when it had, or lacked, them all).
    public struct Retagged: Sendable, Equatable {
        public var favourite: Favourite
        public var changed: [String]
    }

    /// Adds `adding` to, or drops `removing` from, the tags of the favourites with these ids (ignoring case).
    public func retag(ids: [String], adding: [String] = [], removing: [String] = []) throws -> [Retagged] {
        try modify { favourites in
            var result: [Retagged] = []
            let drop = Set(removing.map { $0.lowercased() })
            for index in favourites.indices where ids.contains(favourites[index].id) {
                let missing = Self.missing(adding, from: favourites[index].tags)
                let dropped = favourites[index].tags.filter { drop.contains($0.lowercased()) }
                favourites[index].tags = favourites[index].tags.filter { !drop.contains($0.lowercased()) } + missing
                result.append(Retagged(favourite: favourites[index], changed: missing + dropped))
            }
            return (result, result.contains { !$0.changed.isEmpty })
        }
    }

    /// Merges favourites by id: ones already kept stay as they are. Returns how many were new.
    public func merge(_ incoming: [Favourite]) throws -> Int {
        try modify { favourites in
            var known = Set(favourites.map(\.id))
            let new = incoming.filter { known.insert($0.id).inserted }
            favourites.append(contentsOf: new)
            return (new.count, !new.isEmpty)
        }
    }

    /// Changes the favourites under the file's lock; `change` says whether there is anything to write.
    private func modify<T>(_ change: (inout [Favourite]) -> (T, Bool)) throws -> T {
        try file.store.withLock(file.url) {
            // What was read before is still the file if its stamp has not changed since that read.
            var favourites = FileStamp(file.url) == cachedStamp ? cached ?? [] : file.load(warn: warn)?.favourites ?? []
            let (result, changed) = change(&favourites)
            if changed { try file.save(FavouritesFile(favourites: favourites)) }
            cached = favourites
            cachedStamp = FileStamp(file.url)
            return result
        }
    }
}

/// What identifies one version of a file cheaply: inode, size and modification time.
struct FileStamp: Equatable {
    var inode: UInt64
    var size: Int64
    var modified: timespec

    init?(_ url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
    }

    /// The permission bits of a file, nil when it does not exist.
    static func mode(of url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o777)
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.inode == b.inode && a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
}

/// Favourites as CSV, the one place scout writes and reads it.
///
/// The header is `id,title,source,added_at,tags,url`, then one column per field name (tags joined with `;`,
/// `added_at` as `2026-11-22T19:14:00Z`). The field columns come in an order every favourite's fields keep,
/// so a favourite reads the same after a round trip (its summary is its first three fields); when no one
/// order fits them all (or a field is empty), a `fields` column after `url` lists each row's field names,
/// joined with `;`, in their order. A field whose name is a column of its own, or starts with `field.`, is
/// written under `field.NAME`.
///
/// Writing: RFC 4180 (`,`, CRLF, a cell quoted when it holds `,`, `"`, CR or LF), and a cell a spreadsheet
/// would run as a formula (starting with `=`, `+`, `-`, `@`, tab or CR, after any `'`) gets a leading `'`,
/// as OWASP advises against CSV injection. Reading undoes exactly that, and takes what spreadsheets save:
/// a UTF-8 byte-order mark, CRLF, LF or CR line ends, and `;` or tab instead of `,` (whichever the header
/// line holds most of).
public enum FavouritesCSV {
    static let fixed = ["id", "title", "source", "added_at", "tags", "url"]
    static let orderColumn = "fields"

    /// What `read` found: the favourites, and the line numbers of rows skipped for want of an id.
    public struct Import: Sendable {
        public var favourites: [Favourite]
        public var skippedLines: [Int]
    }

    public static func write(_ favourites: [Favourite]) -> String {
        let names = fieldOrder(favourites.map { $0.fields.map(\.name) })
        let needsOrder = favourites.contains { favourite in
            let fieldNames = favourite.fields.map(\.name)
            return Set(fieldNames).count != fieldNames.count || favourite.fields.contains { $0.value.isEmpty }
                || names.filter(Set(fieldNames).contains) != fieldNames
        }
        let header = fixed + (needsOrder ? [orderColumn] : []) + names.map(column)
        var lines = [line(header)]
        for f in favourites {
            var row = [f.id, f.title, f.source, ISODate.string(f.addedAt), f.tags.joined(separator: ";"), f.url ?? ""]
            if needsOrder { row.append(f.fields.map(\.name).joined(separator: ";")) }
            row += names.map { name in f.fields.first { $0.name == name }?.value ?? "" }
            lines.append(line(row))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// One order of the field names that keeps each list's own order where the lists agree: a name seen for
    /// the first time goes just before the first placed of the names after it in its list, else just after
    /// the last placed of those before it.
    static func fieldOrder(_ lists: [[String]]) -> [String] {
        var order: [String] = []
        for list in lists {
            for (position, name) in list.enumerated() where !order.contains(name) {
                if let next = list[(position + 1)...].compactMap({ order.firstIndex(of: $0) }).min() {
                    order.insert(name, at: next)
                } else if let previous = list[..<position].compactMap({ order.firstIndex(of: $0) }).max() {
                    order.insert(name, at: previous + 1)
                } else {
                    order.append(name)
                }
            }
        }
        return order
    }

    /// The column a field is written under: its name, or `field.NAME` when that would be taken for another column.
    static func column(_ name: String) -> String {
        let reserved = fixed.contains(name.lowercased()) || name.lowercased() == orderColumn || name.hasPrefix("field.")
        return reserved ? "field." + name : name
    }

    static func fieldName(_ column: String) -> String {
        column.hasPrefix("field.") ? String(column.dropFirst(6)) : column
    }

    static func line(_ cells: [String]) -> String {
        cells.map { quote(neutralised($0), separator: ",") }.joined(separator: ",")
    }

    static func quote(_ value: String, separator: Unicode.Scalar) -> String {
        guard value.unicodeScalars.contains(where: { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: Formulas

    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// Whether a spreadsheet would take the cell for a formula once any leading `'` are gone.
    static func startsFormula(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first(where: { $0 != "'" }) else { return false }
        return formulaStarts.contains(first)
    }

    /// The cell as written: `'` before one a spreadsheet would run (and before one that only looks guarded,
    /// so that reading it back is exact).
    static func neutralised(_ value: String) -> String {
        startsFormula(value) ? "'" + value : value
    }

    /// The cell as read: the `'` that `neutralised` added, taken off.
    static func restored(_ value: String) -> String {
        value.hasPrefix("'") && startsFormula(value) ? String(value.dropFirst()) : value
    }

    // MARK: Reading

    /// The favourites in a CSV file's bytes; `name` is the file as the user named it, for the errors.
    public static func read(_ data: Data, name: String = "the CSV", now: Date) throws(UsageError) -> Import {
        guard var text = String(validating: data, as: UTF8.self) else {
            throw UsageError("\(name) is not UTF-8: save it as CSV UTF-8 (in Excel: Save As, CSV UTF-8) and import it again")
        }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        let rows = parse(text, separator: separator(of: text))
        guard let header = rows.first?.cells.map({ restored($0).trimmingCharacters(in: .whitespaces) }),
              let idColumn = header.firstIndex(where: { $0.lowercased() == "id" }) else {
            throw UsageError("\(name) has no id column: its first line names the columns (id,title,…); fav export FILE.csv shows the shape")
        }
        func index(_ name: String) -> Int? { header.firstIndex { $0.lowercased() == name } }
        let columns = (title: index("title"), added: index("added_at"), tags: index("tags"), url: index("url"), order: index(orderColumn))
        let fieldColumns = header.indices.filter { !fixed.contains(header[$0].lowercased()) && header[$0].lowercased() != orderColumn }
        let formatter = ISO8601DateFormatter()
        var favourites: [Favourite] = []
        var skipped: [Int] = []
        for row in rows.dropFirst() {
            let cells = row.cells.map(restored)
            func cell(_ column: Int?) -> String? {
                column.flatMap { $0 < cells.count ? cells[$0] : nil }.flatMap { $0.isEmpty ? nil : $0 }
            }
            guard let id = cell(idColumn)?.trimmingCharacters(in: .whitespaces), id.contains(":"), !id.hasPrefix(":") else {
                skipped.append(row.line)
                continue
            }
            var fields: [Item.Field] = []
            if let order = cell(columns.order) {
                for name in order.split(separator: ";").map(String.init) {
                    let column = header.firstIndex(of: column(name)) ?? header.firstIndex(of: name)
                    fields.append(Item.Field(name, column.flatMap { $0 < cells.count ? cells[$0] : nil } ?? ""))
                }
            } else {
                fields = fieldColumns.compactMap { column in
                    guard column < cells.count, !cells[column].isEmpty else { return nil }
                    return Item.Field(fieldName(header[column]), cells[column])
                }
            }
            let item = Item(id: id, title: cell(columns.title) ?? id, fields: fields, url: cell(columns.url))
            let added = cell(columns.added).flatMap(formatter.date(from:)) ?? now
            let tags = cell(columns.tags)?.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } ?? []
            favourites.append(Favourite(item: item, addedAt: added, tags: tags))
        }
        return Import(favourites: favourites, skippedLines: skipped)
    }

    /// The separator of a file: whichever of `,`, `;` and tab its header line holds most of, outside quotes
    /// (`,` when none).
    static func separator(of text: String) -> Unicode.Scalar {
        var counts: [Unicode.Scalar: Int] = [:]
        var quoted = false
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.toggle() }
            if !quoted && (scalar == "\n" || scalar == "\r") { break }
            if !quoted && (scalar == "," || scalar == ";" || scalar == "\t") { counts[scalar, default: 0] += 1 }
        }
        let best = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key != ",") }
        return best?.key ?? ","
    }

    /// RFC 4180 rows with the line each starts on: a quoted cell may hold the separator, quotes (doubled)
    /// and line breaks; CRLF, LF and CR end a row; blank lines are skipped. Lenient as spreadsheets are: a
    /// quote inside an unquoted cell is a character, and text after a closing quote joins the cell.
    static func parse(_ text: String, separator: Unicode.Scalar) -> [(cells: [String], line: Int)] {
        var rows: [(cells: [String], line: Int)] = []
        var row: [String] = []
        var cell = String.UnicodeScalarView()
        var quoted = false, cellStarted = false
        var line = 1, rowLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        func endRow() {
            row.append(String(cell))
            if row != [""] { rows.append((row, rowLine)) }
            row = []
            cell = String.UnicodeScalarView()
            cellStarted = false
        }
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = scalars.next()
                    if next == "\"" { cell.append("\"") } else { quoted = false; pending = next }
                } else {
                    if scalar == "\n" || scalar == "\r" { line += 1 }
                    if scalar == "\r" {
                        // CRLF counts as one line.
                        let next = scalars.next()
                        cell.append(scalar)
                        if next == "\n" { cell.append("\n") } else { pending = next }
                        continue
                    }
                    cell.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where !cellStarted:
                quoted = true
                cellStarted = true
            case separator:
                row.append(String(cell))
                cell = String.UnicodeScalarView()
                cellStarted = false
            case "\r", "\n":
                if scalar == "\r" {
                    let next = scalars.next()
                    if next != "\n" { pending = next }
                }
                endRow()
                line += 1
                rowLine = line
            default:
                cell.append(scalar)
                cellStarted = true
            }
        }
        if cellStarted || !row.isEmpty || !cell.isEmpty { endRow() }
        return rows
    }
}
