import Foundation

extension Shell {
    func fav(_ command: Command.Fav) throws -> Output {
        switch command {
        case .list: return favouriteList(favourites.all(), empty: "No favourites yet: fav add RANGES keeps rows.")
        case .add(let spec, let tags): return try favAdd(spec, tags: tags)
        case .remove(let what): return try favRemove(what)
        case .show(let n):
            let all = favourites.all()
            guard (1...max(1, all.count)).contains(n), n <= all.count else {
                throw UsageError(all.isEmpty ? "there are no favourites" : "there is no favourite \(n): fav lists 1 to \(all.count)")
            }
            var output = detail(all[n - 1].item)
            output.say("Added \(RelativeTime.date(all[n - 1].addedAt, calendar: context.calendar))" +
                       (all[n - 1].tags.isEmpty ? "" : " · tags: \(all[n - 1].tags.joined(separator: ", "))"))
            return output
        case .search(let text):
            let words = Text.words(text)
            let matches = favourites.all().filter {
                Text.matches(words, in: $0.item.searchText + " " + Text.fold($0.tags.joined(separator: " ")))
            }
            return favouriteList(matches, empty: "No favourite matches \"\(text)\".")
        case .export(let path): return try favExport(path)
        case .importFile(let path): return try favImport(path)
        }
    }

    func favouriteList(_ list: [Favourite], empty: String) -> Output {
        var output = Output()
        if list.isEmpty { output.say(empty) }
        let all = favourites.all()
        // Numbers in the whole list: the list itself for `fav`, looked up for a search among them.
        let numbers = list.count == all.count ? [:] : Dictionary(all.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { a, _ in a })
        let width = String(all.count).count
        for (index, favourite) in list.enumerated() {
            let n = String(numbers.isEmpty ? index + 1 : numbers[favourite.id] ?? 0).leftPadded(to: width, with: " ")
            let tags = favourite.tags.isEmpty ? "" : "  #" + favourite.tags.joined(separator: " #")
            output.say(fitted("\(n). \(Renderer.summary(favourite.item))  [\(favourite.id)]\(tags)"))
        }
        guard context.json else { return output }
        output.json["favourites"] = .array(list.map { favourite in
            var object: [String: JSONValue] = ["id": .string(favourite.id), "title": .string(favourite.title),
                                               "source": .string(favourite.source),
                                               "addedAt": .string(ISODate.string(favourite.addedAt)),
                                               "tags": .array(favourite.tags.map(JSONValue.string))]
            for field in favourite.fields where object[field.name] == nil { object[field.name] = .string(field.value) }
            return .object(object)
        })
        return output
    }

    func favAdd(_ spec: RangeSpec?, tags: [String]) throws -> Output {
        let items: [Item]
        if let spec {
            try requireResults()
            let rows = displayed
            items = try spec.indices(count: rows.count).map { rows[$0] }
        } else if case .detail(let id) = session.view, let item = displayed.first(where: { $0.id == id }) ?? session.selections.first(where: { $0.id == id }) {
            items = [item]
        } else {
            guard !session.selections.isEmpty else { throw UsageError("nothing to add: select rows first, or fav add RANGES") }
            items = session.selections
        }
        let added = try favourites.add(items, tags: tags, at: context.now())
        var output = Output()
        let already = items.count - added
        if items.count == 1, let item = items.first {
            output.say(added == 1 ? "♥ \(Renderer.summary(item)) is a favourite." : "\(item.title) was already a favourite.")
        } else {
            output.say("♥ Added \(added) favourite\(added == 1 ? "" : "s")\(already > 0 ? " (\(already) already kept)" : "").")
        }
        output.json["added"] = .int(added)
        return output
    }

    func favRemove(_ what: String) throws -> Output {
        let all = favourites.all()
        let ids: Set<String>
        if what.contains(":") {
            guard all.contains(where: { $0.id == what }) else { throw UsageError("no favourite has the id \(what)") }
            ids = [what]
        } else {
            let spec = try RangeSpec.parse(what)
            ids = Set(try spec.indices(count: all.count).map { all[$0].id })
        }
        let removed = try favourites.remove(ids: ids)
        var output = Output()
        output.say("Removed \(removed) favourite\(removed == 1 ? "" : "s").")
        output.json["removed"] = .int(removed)
        return output
    }

    func favExport(_ path: String?) throws -> Output {
        let all = favourites.all()
        var output = Output()
        let data: Data
        if let path, path.lowercased().hasSuffix(".csv") {
            data = Data(FavouritesCSV.write(all).utf8)
        } else {
            data = try JSONEncoder.scout.encode(FavouritesFile(favourites: all)) + Data("\n".utf8)
        }
        guard let path else {
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                output.say(String(line))
            }
            return output
        }
        let url = context.resolve(path)
        try context.fileStore.write(data, to: url)
        output.say("Exported \(all.count) favourite\(all.count == 1 ? "" : "s") to \(url.path).")
        output.json["exported"] = .int(all.count)
        output.json["file"] = .string(url.path)
        return output
    }

    func favImport(_ path: String) throws -> Output {
        let url = context.resolve(path)
        guard let data = try context.fileStore.read(url) else { throw StoreError.unreadable(path: url.path, reason: "no such file") }
        let incoming: [Favourite]
        if path.lowercased().hasSuffix(".csv") {
            incoming = try FavouritesCSV.read(String(decoding: data, as: UTF8.self), now: context.now())
        } else if let file = try? JSONDecoder.scout.decode(FavouritesFile.self, from: data), !file.favourites.isEmpty || data.first == UInt8(ascii: "{") {
            incoming = file.favourites
        } else if let list = try? JSONDecoder.scout.decode([Favourite].self, from: data) {
            incoming = list
        } else {
            throw UsageError("\(url.path) is not a favourites export (JSON from fav export, or CSV ending in .csv)")
        }
        let added = try favourites.merge(incoming)
        var output = Output()
        output.say("Imported \(added) new favourite\(added == 1 ? "" : "s") (\(incoming.count - added) already kept).")
        output.json["imported"] = .int(added)
        return output
    }
}

/// Favourites as CSV: `id,title,source,added_at,tags,url` and then one column per field name.
enum FavouritesCSV {
    static let fixed = ["id", "title", "source", "added_at", "tags", "url"]

    static func write(_ favourites: [Favourite]) -> String {
        var fieldNames: [String] = []
        for favourite in favourites {
            for field in favourite.fields where !fieldNames.contains(field.name) && !fixed.contains(field.name) {
                fieldNames.append(field.name)
            }
        }
        var lines = [(fixed + fieldNames).map(quote).joined(separator: ",")]
        for f in favourites {
            let row = [f.id, f.title, f.source, ISODate.string(f.addedAt), f.tags.joined(separator: ";"), f.url ?? ""]
                + fieldNames.map { name in f.fields.first { $0.name == name }?.value ?? "" }
            lines.append(row.map(quote).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func quote(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func read(_ text: String, now: Date) throws(UsageError) -> [Favourite] {
        let rows = parse(text)
        guard let header = rows.first, let idColumn = header.firstIndex(of: "id") else {
            throw UsageError("the CSV has no id column: export one with fav export FILE.csv to see the shape")
        }
        let formatter = ISO8601DateFormatter()
        return rows.dropFirst().compactMap { row in
            func value(_ name: String) -> String? {
                header.firstIndex(of: name).flatMap { $0 < row.count ? row[$0] : nil }.flatMap { $0.isEmpty ? nil : $0 }
            }
            guard idColumn < row.count, row[idColumn].contains(":") else { return nil }
            let fields = header.enumerated().compactMap { index, name -> Item.Field? in
                guard !fixed.contains(name), index < row.count, !row[index].isEmpty else { return nil }
                return Item.Field(name, row[index])
            }
            let item = Item(id: row[idColumn], title: value("title") ?? row[idColumn], fields: fields, url: value("url"))
            let added = value("added_at").flatMap(formatter.date(from:)) ?? now
            let tags = value("tags")?.split(separator: ";").map(String.init) ?? []
            return Favourite(item: item, addedAt: added, tags: tags)
        }
    }

    /// RFC 4180 rows: quoted fields may hold commas, quotes (doubled) and line breaks.
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else {
                            quoted = false
                            if next == "," { row.append(field); field = "" } else if next == "\n" || next == "\r\n" {
                                row.append(field); rows.append(row); row = []; field = ""
                            }
                        }
                    } else { quoted = false }
                } else { field.append(character) }
                continue
            }
            switch character {
            case "\"": quoted = true
            case ",": row.append(field); field = ""
            case "\n", "\r\n", "\r":
                row.append(field); field = ""
                if row != [""] { rows.append(row) }
                row = []
            default: field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
