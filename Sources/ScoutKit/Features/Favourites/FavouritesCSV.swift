import FoundationEssentials

/// Favourites as CSV, the one place scout writes and reads it.
///
/// The header is `id,title,source,added_at,tags,url`, then one column per field name (tags joined with `;`,
/// each as scout shows it, `'sci fi'` quoted where it holds a space;
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

    /// A tag as the tags cell holds it: quoted as typed where it holds a space (`'sci fi'`), plain in files
    /// written before tags were quoted there, or by hand.
    static func unquotedTag(_ text: String) -> String {
        guard text.hasPrefix("'") || text.hasPrefix("\""), let words = try? Tokenizer.commands(text),
            words.count == 1, let only = words.first, only.count == 1
        else { return text }
        return only[0]
    }
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
            var row = [
                f.id, f.title, f.source, ISODate.string(f.addedAt), f.tags.map(Tokenizer.quoted).joined(separator: ";"),
                f.url ?? "",
            ]
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
        guard value.unicodeScalars.contains(where: { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return value
        }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
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
            throw UsageError(
                "\(name) is not UTF-8: save it as CSV UTF-8 (in Excel: Save As, CSV UTF-8) and import it again")
        }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        let rows = try parse(text, separator: separator(of: text), name: name)
        guard let header = rows.first?.cells.map({ restored($0).trimmedSpaces() }),
            let idColumn = header.firstIndex(where: { $0.lowercased() == "id" })
        else {
            throw UsageError(
                "\(name) has no id column: its first line names the columns (id,title,…); fav export FILE.csv shows "
                    + "the shape"
            )
        }
        func index(_ name: String) -> Int? { header.firstIndex { $0.lowercased() == name } }
        let columns = (
            title: index("title"), added: index("added_at"), tags: index("tags"), url: index("url"),
            order: index(orderColumn)
        )
        let fieldColumns = header.indices.filter {
            !fixed.contains(header[$0].lowercased()) && header[$0].lowercased() != orderColumn
        }
        var favourites: [Favourite] = []
        var skipped: [Int] = []
        for row in rows.dropFirst() {
            let cells = row.cells.map(restored)
            func cell(_ column: Int?) -> String? {
                column.flatMap { $0 < cells.count ? cells[$0] : nil }.flatMap { $0.isEmpty ? nil : $0 }
            }
            guard let id = cell(idColumn)?.trimmedSpaces(), id.contains(":"), !id.hasPrefix(":")
            else {
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
            let added = cell(columns.added).flatMap(ISODate.date) ?? now
            let tags =
                cell(columns.tags)?.split(separator: ";").map { unquotedTag($0.trimmedSpaces()) }.filter {
                    !$0.isEmpty
                } ?? []
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

    /// The rows of a favourites file with the line each starts on, as `CSVParser` reads them (RFC 4180, and
    /// lenient as spreadsheets are); blank lines, and lines of one empty cell, are left out. The whole file
    /// is in memory already, so the parser's limits are lifted.
    static func parse(
        _ text: String, separator: Unicode.Scalar, name: String = "the CSV"
    ) throws(UsageError) -> [(cells: [String], line: Int)] {
        var rows: [(cells: [String], line: Int)] = []
        var parser = CSVParser(separator: UInt8(ascii: separator), maxField: .max, maxFields: .max)
        func keep(_ row: CSVRow) {
            if row.fields.count > 1 || row.fields.first?.isEmpty == false { rows.append((row.fields, row.line)) }
        }
        do {
            try parser.feed(chunk: text.utf8, row: keep)
            try parser.finish(row: keep)
        } catch {
            throw UsageError(
                "\(name):\((error as? CSVError)?.line ?? 1): a quote opened in this row is never closed: close it "
                    + "(a quote inside a quoted cell is written twice) and import the file again")
        }
        return rows
    }
}
