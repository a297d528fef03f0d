import FoundationEssentials

/// `favourites.json` read and written straight from and to bytes, in the one shape scout writes it:
/// Foundation's coders take about a quarter of a second each way for ten thousand favourites.
///
/// `decode` returns a value only for a file in that shape (known keys, each once, no escape in a key,
/// dates as `YYYY-MM-DDTHH:MM:SSZ`, strict JSON), and then the same value `JSONDecoder.scout` reads;
/// anything else is nil and left to `JSONDecoder`, which reads every other valid file and reports the
/// damaged ones. `encode` writes the bytes `JSONEncoder.scout` writes. Tests and the `favourites` fuzz
/// target hold both promises.
enum FavouritesCodec {
    static func decode(_ data: Data) -> FavouritesFile? {
        JSONBytes.whole(data) { $0.favouritesFile() }
    }

    /// The file `data` with `favourites` added at the end, when `data` ends as scout writes the file
    /// (`…}⏎  ],⏎  "version" : 1⏎}⏎`): the bytes `encode` would write for the longer list, without reading
    /// or writing the favourites already there. Nil for any other ending.
    static func appending(_ favourites: [Favourite], to data: Data) -> Data? {
        let ending = Data("\n  ],\n  \"version\" : 1\n}\n".utf8)
        guard data.count > ending.count, data.suffix(ending.count) == ending,
            data[data.endIndex - ending.count - 1] == UInt8(ascii: "}")
        else { return nil }
        var out = JSONWriter()
        for favourite in favourites {
            out.comma()
            out.newline(2)
            out.favourite(favourite, level: 2)
        }
        var result = data.prefix(data.count - ending.count)
        result.append(contentsOf: out.bytes)
        result.append(ending)
        return result
    }

    static func encode(_ file: FavouritesFile) -> Data {
        var out = JSONWriter()
        out.bytes.reserveCapacity(file.favourites.count * 512 + 64)
        out.open("{")
        out.key("favourites", level: 1)
        out.array(file.favourites, level: 1) { out, favourite, level in out.favourite(favourite, level: level) }
        out.comma()
        out.key("version", level: 1)
        out.bytes.append(contentsOf: String(file.version).utf8)
        out.close("}", level: 0)
        return Data(out.bytes)
    }
}

extension JSONBytes {
    /// `{"favourites": [...], "version": N}`, in either order, each key at most once.
    mutating func favouritesFile() -> FavouritesFile? {
        var file = FavouritesFile()
        var seen = (favourites: false, version: false)
        guard take(0x7B) else { return nil }
        var step = member(first: true)
        while case .key(let key) = step {
            defer { step = member(first: false) }
            if Self.same(key, "favourites"), !seen.favourites {
                seen.favourites = true
                guard let list = elements({ $0.favourite() }) else { return nil }
                file.favourites = list
            } else if Self.same(key, "version"), !seen.version, let version = smallInteger() {
                seen.version = true
                file.version = version
            } else {
                return nil
            }
        }
        guard case .end = step else { return nil }
        return file
    }

    mutating func favourite() -> Favourite? {
        var id: String?, title: String?, source: String?, url: String?, addedAt: Date?, addID: String?
        var fields: [Item.Field] = [], tags: [String] = []
        var seen: UInt8 = 0
        guard take(0x7B) else { return nil }
        var step = member(first: true)
        while case .key(let key) = step {
            defer { step = member(first: false) }
            guard let index = Self.favouriteKey(key) else { return nil }
            let bit: UInt8 = 1 << index
            guard seen & bit == 0 else { return nil }
            seen |= bit
            if index != 0, null() { continue } // a null is an absent value, but not for the id
            switch index {
            case 0: id = string(); if id == nil { return nil }
            case 1: title = string(); if title == nil { return nil }
            case 2: source = string(); if source == nil { return nil }
            case 3: url = string(); if url == nil { return nil }
            case 4: addedAt = date(); if addedAt == nil { return nil }
            case 5:
                guard let list = elements({ $0.stringPair("name", "value").map(Item.Field.init) }) else { return nil }
                fields = list
            case 7: addID = string(); if addID == nil { return nil }
            default:
                guard let list = elements({ $0.string() }) else { return nil }
                tags = list
            }
        }
        guard case .end = step, let id else { return nil }
        return Favourite(
            id: id, title: title ?? id, source: source ?? String(id.prefix { $0 != ":" }), fields: fields,
            url: url, addedAt: addedAt ?? Date(timeIntervalSince1970: 0), tags: tags, addID: addID)
    }

    /// Which key of a favourite: id, title, source, url, addedAt, fields, tags, addID.
    private static func favouriteKey(_ key: UnsafeRawBufferPointer) -> Int? {
        switch key.count {
        case 2: return same(key, "id") ? 0 : nil
        case 3: return same(key, "url") ? 3 : nil
        case 4: return same(key, "tags") ? 6 : nil
        case 5: return same(key, "title") ? 1 : same(key, "addID") ? 7 : nil
        case 6: return same(key, "source") ? 2 : same(key, "fields") ? 5 : nil
        case 7: return same(key, "addedAt") ? 4 : nil
        default: return nil
        }
    }
}

extension JSONWriter {
    /// One favourite, its keys sorted, at `level`.
    mutating func favourite(_ favourite: Favourite, level: Int) {
        open("{")
        if let addID = favourite.addID {
            key("addID", level: level + 1)
            string(addID)
            comma()
        }
        key("addedAt", level: level + 1)
        date(favourite.addedAt)
        comma()
        itemMembers(
            fields: favourite.fields, id: favourite.id, title: favourite.title, url: favourite.url, level: level
        ) { out in
            out.comma()
            out.key("source", level: level + 1)
            out.string(favourite.source)
            out.comma()
            out.key("tags", level: level + 1)
            out.array(favourite.tags, level: level + 1) { out, tag, _ in out.string(tag) }
        }
        close("}", level: level)
    }
}
