import FoundationEssentials

/// Favourites to and from files: `fav export` and `fav import`, JSON or CSV.
extension FavouritesService {
    /// `fav export`: JSON on standard output, or FILE (CSV for `.csv`). An existing FILE is replaced only with
    /// `--force`, and the folder must exist: a mistyped path creates nothing.
    func export(to path: String?, force: Bool) throws -> Output {
        let all = store.all()
        var output = Output()
        let data: Data
        if let path, path.lowercased().hasSuffix(".csv") {
            data = Data(FavouritesCSV.write(all).utf8)
        } else {
            data = try JSONEncoder.scout.encode(FavouritesFile(favourites: all)) + Data("\n".utf8)
        }
        guard let path else {
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast()
            {
                output.say(String(line))
            }
            return output
        }
        let url = try wiring.context.exportTarget(path, force: force, again: "fav export \(path)")
        try wiring.context.fileStore.write(data, to: url)
        output.say("Exported \(all.count) favourite\(all.count == 1 ? "" : "s") to \(path).")
        output.json[.exported] = .int(all.count)
        output.json[.file] = .string(url.path)
        return output
    }

    func importFile(from path: String) throws -> Output {
        let url = wiring.context.resolve(path)
        guard let data = try wiring.context.fileStore.read(url) else {
            throw StoreError.unreadable(path: path, reason: "no such file")
        }
        let incoming: [Favourite]
        var skipped: [Int] = []
        if path.lowercased().hasSuffix(".csv") {
            let read = try FavouritesCSV.read(data, name: path, now: wiring.context.now())
            incoming = read.favourites
            skipped = read.skippedLines
        } else if let file = try? JSONDecoder.scout.decode(FavouritesFile.self, from: data),
            !file.favourites.isEmpty || data.first == UInt8(ascii: "{")
        {
            incoming = file.favourites
        } else if let list = try? JSONDecoder.scout.decode([Favourite].self, from: data) {
            incoming = list
        } else {
            throw UsageError("\(path) is not a favourites export (JSON from fav export, or CSV ending in .csv)")
        }
        let added = try store.merge(incoming)
        var output = Output()
        output.say("Imported \(added) new favourite\(added == 1 ? "" : "s") (\(incoming.count - added) already kept).")
        if !skipped.isEmpty {
            let lines = skipped.prefix(5).map(String.init).joined(separator: ", ") + (skipped.count > 5 ? ", …" : "")
            output.warn(
                "skipped \(skipped.count) row\(skipped.count == 1 ? "" : "s") of \(path) without an id such as "
                    + "movies:12 (line\(skipped.count == 1 ? "" : "s") \(lines))"
            )
        }
        output.json[.imported] = .int(added)
        return output
    }
}
