import FoundationEssentials

/// `fav` and its subcommands.
@MainActor
struct FavouritesHandler {
    let state: ShellState

    func fav(_ command: Command.Fav) throws -> Output {
        switch command {
        case .list: return favouriteList(state.favourites.all(), empty: "No favourites yet: fav add RANGES keeps rows.")
        case .add(let spec, let tags): return try favAdd(spec, tags: tags)
        case .remove(let what): return try favRemove(what)
        case .tag(let what, let tags): return try favTag(what, adding: tags)
        case .untag(let what, let tags): return try favTag(what, removing: tags)
        case .show(let n):
            let all = state.favourites.all()
            guard (1...max(1, all.count)).contains(n), n <= all.count else {
                throw UsageError(all.isEmpty ? "there are no favourites" : "there is no favourite \(n): fav lists 1 to \(all.count)")
            }
            var output = state.detail(all[n - 1].item)
            output.say("Added \(RelativeTime.date(all[n - 1].addedAt, calendar: state.context.calendar))" +
                       (all[n - 1].tags.isEmpty ? "" : " · tags: \(all[n - 1].tags.joined(separator: ", "))"))
            return output
        case .search(let text):
            let words = Text.words(text)
            let matches = state.favourites.all().filter {
                Text.matches(words, in: $0.item.searchText + " " + Text.fold($0.tags.joined(separator: " ")))
            }
            return favouriteList(matches, empty: "No favourite matches \"\(text)\".")
        case .export(let path, let force): return try favExport(path, force: force)
        case .importFile(let path): return try favImport(path)
        }
    }

    func favouriteList(_ list: [Favourite], empty: String) -> Output {
        var output = Output()
        if list.isEmpty { output.say(empty) }
        let all = state.favourites.all()
        // Numbers in the whole list: the list itself for `fav`, looked up for a search among them.
        let numbers = list.count == all.count ? [:] : Dictionary(all.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { a, _ in a })
        let width = String(all.count).count
        for (index, favourite) in list.enumerated() {
            let n = String(numbers.isEmpty ? index + 1 : numbers[favourite.id] ?? 0).leftPadded(to: width, with: " ")
            let tags = favourite.tags.isEmpty ? "" : "  #" + favourite.tags.joined(separator: " #")
            output.say(state.fitted("\(n). \(Renderer.summary(favourite.item))  [\(favourite.id)]\(tags)"))
        }
        guard state.context.json else { return output }
        output.json = TypedJSON.listing(.favourites, list.map { favourite in
            var object = TypedJSON.item(favourite.item)
            object["n"] = .int(numbers.isEmpty ? (list.firstIndex { $0.id == favourite.id } ?? 0) + 1 : numbers[favourite.id] ?? 0)
            object["addedAt"] = TypedJSON.date(favourite.addedAt)
            object["tags"] = .array(favourite.tags.map(JSONValue.string))
            return .object(object)
        }, total: list.count)
        return output
    }

    /// `fav add RANGES`: those rows of the list. `fav add`: what the screen shows, the item of the detail view,
    /// else the selected items that are rows of the current list (never items selected in other searches).
    func favAdd(_ spec: RangeSpec?, tags: [String]) throws -> Output {
        let items: [Item]
        if let spec {
            try state.requireResults()
            let rows = state.results.displayed
            items = try spec.indices(count: rows.count).map { rows[$0] }
        } else if case .detail(let id) = state.session.view,
                  let item = state.results.displayed.first(where: { $0.id == id }) ?? state.results.items.first(where: { $0.id == id })
                      ?? state.session.selections.first(where: { $0.id == id }) ?? state.favourites.all().first(where: { $0.id == id })?.item {
            items = [item]
        } else {
            if !state.results.loaded, state.session.query != nil {
                throw UsageError("nothing to add yet: list shows the results again, then fav add N keeps row N, or select rows first")
            }
            let selected = state.selectedIDs
            items = state.results.loaded ? state.results.displayed.filter { selected.contains($0.id) } : []
            guard !items.isEmpty else {
                let elsewhere = state.session.selections.count
                let note = elsewhere == 0 ? "" : " (\(elsewhere == 1 ? "the one selected is" : "the \(elsewhere) selected are") not in this list)"
                throw UsageError("nothing to add: fav add N keeps row N, or select rows first\(note)")
            }
        }
        let outcome = try state.favourites.addOrTag(items, tags: tags, at: state.context.now())
        var output = Output()
        let hashtags = tags.map { "#" + $0 }.joined(separator: " ")
        if items.count == 1, let item = items.first {
            if !outcome.added.isEmpty {
                output.say("♥ \(Renderer.summary(item)) is a favourite.")
            } else if let tagged = outcome.tagged.first {
                output.say("♥ \(Renderer.summary(item)) was already a favourite: now tagged \(tagged.changed.map { "#" + $0 }.joined(separator: " ")).")
            } else {
                output.say("\(item.title) was already a favourite\(tags.isEmpty ? "" : " tagged \(hashtags)").")
            }
        } else {
            let already = outcome.tagged.count + outcome.unchanged.count
            let tagged = tags.isEmpty ? "" : " tagged \(tags.map { "#" + $0 }.joined(separator: " "))"
            output.say("♥ Added \(outcome.added.count) favourite\(outcome.added.count == 1 ? "" : "s")\(tagged)\(already > 0 ? " (\(already) already kept)" : "")\(outcome.added.isEmpty ? "." : ":")")
            // Each one named, as fav rm names what it removed.
            for favourite in outcome.added { output.say(state.fitted("  \(Renderer.summary(favourite.item))")) }
            if !outcome.tagged.isEmpty {
                let count = outcome.tagged.count
                let whom = count == already ? "The \(count) already kept \(count == 1 ? "is" : "are")" : "\(count) of the \(already) already kept \(count == 1 ? "is" : "are")"
                output.say("\(whom) now tagged \(hashtags) too.")
            }
        }
        output.json["added"] = .int(outcome.added.count)
        output.json["tagged"] = .int(outcome.tagged.count)
        return output
    }

    /// The favourites `what` names: ids (`movies:12`), or ranges of the numbers `fav` shows.
    func favouritesNamed(_ what: String) throws -> [Favourite] {
        let all = state.favourites.all()
        if what.contains(":") {
            var named: [Favourite] = []
            for id in what.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) {
                guard let favourite = all.first(where: { $0.id == id }) else { throw UsageError.notFound("no favourite has the id \(id): fav lists them with their ids") }
                if !named.contains(favourite) { named.append(favourite) }
            }
            return named
        }
        let spec = try RangeSpec.parse(what)
        guard !all.isEmpty else { throw UsageError("there are no favourites: fav add N keeps row N of a search") }
        if case .rows(let spans) = spec, let past = spans.compactMap({ [$0.lower, $0.upper].compactMap { $0 }.max() }).max(), past > all.count {
            throw UsageError.notFound("there is no favourite \(past): fav lists 1 to \(all.count)")
        }
        return try spec.indices(count: all.count).map { all[$0] }
    }

    func favRemove(_ what: String) throws -> Output {
        let named = try favouritesNamed(what)
        let removed = try state.favourites.remove(ids: Set(named.map(\.id)))
        var output = Output()
        if removed.count == 1, let favourite = removed.first {
            output.say("Removed \(Renderer.summary(favourite.item)) from the favourites.")
        } else {
            output.say("Removed \(removed.count) favourite\(removed.count == 1 ? "" : "s")\(removed.isEmpty ? "." : ":")")
            for favourite in removed { output.say(state.fitted("  \(Renderer.summary(favourite.item))")) }
        }
        output.json["removed"] = .int(removed.count)
        output.json["ids"] = .array(removed.map { .string($0.id) })
        return output
    }

    /// `fav tag` and `fav untag`.
    func favTag(_ what: String, adding: [String] = [], removing: [String] = []) throws -> Output {
        let named = try favouritesNamed(what)
        let results = try state.favourites.retag(ids: named.map(\.id), adding: adding, removing: removing)
        let changed = results.filter { !$0.changed.isEmpty }
        let hashtags = (adding + removing).map { "#" + $0 }.joined(separator: " ")
        var output = Output()
        if removing.isEmpty {
            if results.count == 1, let one = results.first {
                output.say(one.changed.isEmpty ? "\(Renderer.summary(one.favourite.item)) was already tagged \(hashtags)."
                                               : "Tagged \(Renderer.summary(one.favourite.item)) \(one.changed.map { "#" + $0 }.joined(separator: " ")).")
            } else {
                let already = results.count - changed.count
                output.say("Tagged \(changed.count) favourite\(changed.count == 1 ? "" : "s") \(hashtags)\(already > 0 ? " (\(already) had \(adding.count == 1 ? "it" : "them") already)" : "").")
            }
        } else {
            guard !changed.isEmpty else {
                let whose = results.count == 1 ? "\(results.first.map { $0.favourite.title } ?? "it") has no tag" : "none of those \(results.count) favourites has the tag"
                throw UsageError("\(whose) \(hashtags): fav shows each favourite's tags")
            }
            if results.count == 1, let one = results.first {
                output.say("Took \(one.changed.map { "#" + $0 }.joined(separator: " ")) off \(Renderer.summary(one.favourite.item)).")
            } else {
                output.say("Took \(hashtags) off \(changed.count) favourite\(changed.count == 1 ? "" : "s").")
            }
        }
        output.json["changed"] = .int(changed.count)
        return output
    }

    /// `fav export`: JSON on standard output, or FILE (CSV for `.csv`). An existing FILE is replaced only with
    /// `--force`, and the folder must exist: a mistyped path creates nothing.
    func favExport(_ path: String?, force: Bool) throws -> Output {
        let all = state.favourites.all()
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
        let url = state.context.resolve(path)
        let folder = url.deletingLastPathComponent()
        let shownFolder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) + "/" : "./"
        let files = state.context.fileStore
        guard files.exists(folder) else {
            throw UsageError("there is no folder \(shownFolder): make it first (mkdir -p \(shownFolder)); nothing was written")
        }
        guard files.isFolder(folder) else { throw UsageError("\(shownFolder) is not a folder; nothing was written") }
        if files.exists(url) {
            guard !files.isFolder(url) else { throw UsageError("\(path) is a folder: name a file in it; nothing was written") }
            guard force else { throw UsageError("\(path) already exists: fav export \(path) --force replaces it; nothing was written") }
        } else if files.kind(of: url) == .link, !force {
            throw UsageError("\(path) already exists (a link to nothing): fav export \(path) --force replaces it; nothing was written")
        }
        try state.context.fileStore.write(data, to: url)
        output.say("Exported \(all.count) favourite\(all.count == 1 ? "" : "s") to \(path).")
        output.json["exported"] = .int(all.count)
        output.json["file"] = .string(url.path)
        return output
    }

    func favImport(_ path: String) throws -> Output {
        let url = state.context.resolve(path)
        guard let data = try state.context.fileStore.read(url) else { throw StoreError.unreadable(path: path, reason: "no such file") }
        let incoming: [Favourite]
        var skipped: [Int] = []
        if path.lowercased().hasSuffix(".csv") {
            let read = try FavouritesCSV.read(data, name: path, now: state.context.now())
            incoming = read.favourites
            skipped = read.skippedLines
        } else if let file = try? JSONDecoder.scout.decode(FavouritesFile.self, from: data), !file.favourites.isEmpty || data.first == UInt8(ascii: "{") {
            incoming = file.favourites
        } else if let list = try? JSONDecoder.scout.decode([Favourite].self, from: data) {
            incoming = list
        } else {
            throw UsageError("\(path) is not a favourites export (JSON from fav export, or CSV ending in .csv)")
        }
        let added = try state.favourites.merge(incoming)
        var output = Output()
        output.say("Imported \(added) new favourite\(added == 1 ? "" : "s") (\(incoming.count - added) already kept).")
        if !skipped.isEmpty {
            let lines = skipped.prefix(5).map(String.init).joined(separator: ", ") + (skipped.count > 5 ? ", …" : "")
            output.warn("skipped \(skipped.count) row\(skipped.count == 1 ? "" : "s") of \(path) without an id such as movies:12 (line\(skipped.count == 1 ? "" : "s") \(lines))")
        }
        output.json["imported"] = .int(added)
        return output
    }
}
