import FoundationEssentials

/// The favourites' operations, as `fav` and `pick fav` use them: listing, adding what the screen
/// shows, removing and tagging by number or id.
extension ShellState {
    /// Favourites as `fav` lists them, numbered in the whole list (a search among them keeps the numbers).
    func favouriteList(_ list: [Favourite], empty: String) -> Output {
        var output = Output()
        if list.isEmpty { output.say(empty) }
        let all = favourites.all()
        // None listed: the numbers stay with the last listing that showed rows, still on the screen.
        if !list.isEmpty { rowsOnScreen = .films(listing: "fav", ids: all.map(\.id)) }
        // Numbers in the whole list: the list itself for `fav`, looked up for a search among them.
        let numbers =
            list.count == all.count
            ? [:] : Dictionary(all.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { a, _ in a })
        let width = String(all.count).count
        for (index, favourite) in list.enumerated() {
            let n = String(numbers.isEmpty ? index + 1 : numbers[favourite.id] ?? 0).leftPadded(to: width, with: " ")
            let tags = favourite.tags.isEmpty ? "" : "  " + Tokenizer.hashtags(favourite.tags)
            output.say(fitted("\(n). \(Renderer.summary(favourite.item))  [\(favourite.id)]\(tags)"))
        }
        guard context.json else { return output }
        output.json = TypedJSON.listing(
            .favourites,
            list.enumerated().map { index, favourite in
                var object = TypedJSON.item(favourite.item)
                object["n"] = .int(numbers.isEmpty ? index + 1 : numbers[favourite.id] ?? 0)
                object["addedAt"] = TypedJSON.date(favourite.addedAt)
                object["tags"] = .array(favourite.tags.map(JSONValue.string))
                return .object(object)
            }, total: list.count)
        return output
    }

    /// What `fav add` keeps: those rows of the list; without rows, what the screen shows, the item of the
    /// detail view, else the selected items that are rows of the current list (never items selected in
    /// other searches).
    func itemsToKeep(_ rows: RangeSpec?) throws -> [Item] {
        if let rows {
            try requireResults()
            let shown = results.displayed
            return try rows.indices(count: shown.count).map { shown[$0] }
        }
        if case .detail(let id) = session.view,
            let item = results.displayed.first(where: { $0.id == id }) ?? results.items.first(where: { $0.id == id })
                ?? session.selections.first(where: { $0.id == id })
                ?? favourites.all().first(where: { $0.id == id })?.item
        {
            return [item]
        }
        if !results.loaded, session.query != nil {
            throw UsageError(
                "nothing to add yet: list shows the results again, then fav add N keeps row N, or select rows first")
        }
        let selected = selectedIDs
        let items = results.loaded ? results.displayed.filter { selected.contains($0.id) } : []
        guard !items.isEmpty else {
            let elsewhere = session.selections.count
            let note =
                elsewhere == 0
                ? "" : " (\(elsewhere == 1 ? "the one selected is" : "the \(elsewhere) selected are") not in this list)"
            throw UsageError("nothing to add: fav add N keeps row N, or select rows first\(note)")
        }
        return items
    }

    /// `fav add [RANGES] [--tag T]`: keeps the items, tags them (those already kept too), and names them.
    func addFavourites(_ rows: RangeSpec?, tags: [String]) throws -> Output {
        let items = try itemsToKeep(rows)
        let outcome = try favourites.addOrTag(items, tags: tags, at: context.now())
        prefetchArt(of: items) // those kept before too: their artwork may have been cleared with the cache
        var output = Output()
        let hashtags = Tokenizer.hashtags(tags)
        if items.count == 1, let item = items.first {
            if !outcome.added.isEmpty {
                output.say("♥ \(Renderer.summary(item)) is a favourite\(tags.isEmpty ? "" : ", tagged \(hashtags)").")
            } else if let tagged = outcome.tagged.first {
                let now = Tokenizer.hashtags(tagged.changed)
                output.say("♥ \(Renderer.summary(item)) was already a favourite: now tagged \(now).")
            } else {
                output.say("\(item.title) was already a favourite\(tags.isEmpty ? "" : " tagged \(hashtags)").")
            }
        } else {
            let already = outcome.tagged.count + outcome.unchanged.count
            let tagged = tags.isEmpty ? "" : " tagged \(hashtags)"
            let count = outcome.added.count
            let kept = already > 0 ? " (\(already) already kept)" : ""
            output.say("♥ Added \(count) favourite\(count == 1 ? "" : "s")\(tagged)\(kept)\(count == 0 ? "." : ":")")
            // Each one named, as fav rm names what it removed.
            for favourite in outcome.added { output.say(fitted("  \(Renderer.summary(favourite.item))")) }
            if !outcome.tagged.isEmpty {
                let count = outcome.tagged.count
                let whom =
                    count == already
                    ? "The \(count) already kept \(count == 1 ? "is" : "are")"
                    : "\(count) of the \(already) already kept \(count == 1 ? "is" : "are")"
                output.say("\(whom) now tagged \(hashtags) too.")
            }
        }
        output.json["added"] = .int(outcome.added.count)
        output.json["tagged"] = .int(outcome.tagged.count)
        return output
    }

    /// The favourites `what` names: ids (`movies:12`), or ranges of the numbers `fav` shows.
    func favouritesNamed(_ what: String) throws -> [Favourite] {
        let all = favourites.all()
        if what.contains(":") {
            var named: [Favourite] = []
            for id in what.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) {
                guard let favourite = all.first(where: { $0.id == id }) else {
                    throw UsageError.notFound("no favourite has the id \(id): fav lists them with their ids")
                }
                if !named.contains(favourite) { named.append(favourite) }
            }
            return named
        }
        let spec = try RangeSpec.parse(what)
        guard !all.isEmpty else { throw UsageError("there are no favourites: fav add N keeps row N of a search") }
        if case .rows(let spans) = spec,
            let past = spans.compactMap({ [$0.lower, $0.upper].compactMap { $0 }.max() }).max(), past > all.count
        {
            throw UsageError.notFound("there is no favourite \(past): fav lists 1 to \(all.count)")
        }
        return try spec.indices(count: all.count).map { all[$0] }
    }

    /// `fav rm`: drops the favourites named, naming each one.
    func removeFavourites(_ what: String) throws -> Output {
        let removed = try favourites.remove(ids: Set(try favouritesNamed(what).map(\.id)))
        var output = Output()
        if removed.count == 1, let favourite = removed.first {
            output.say("Removed \(Renderer.summary(favourite.item)) from the favourites.")
        } else {
            output.say(
                "Removed \(removed.count) favourite\(removed.count == 1 ? "" : "s")\(removed.isEmpty ? "." : ":")")
            for favourite in removed { output.say(fitted("  \(Renderer.summary(favourite.item))")) }
        }
        output.json["removed"] = .int(removed.count)
        output.json["ids"] = .array(removed.map { .string($0.id) })
        return output
    }

    /// `fav tag` and `fav untag`.
    func retagFavourites(_ what: String, adding: [String] = [], removing: [String] = []) throws -> Output {
        let named = try favouritesNamed(what)
        let results = try favourites.retag(ids: named.map(\.id), adding: adding, removing: removing)
        let changed = results.filter { !$0.changed.isEmpty }
        let hashtags = Tokenizer.hashtags(adding + removing)
        var output = Output()
        if removing.isEmpty {
            if results.count == 1, let one = results.first {
                let summary = Renderer.summary(one.favourite.item)
                let changed = Tokenizer.hashtags(one.changed)
                output.say(
                    one.changed.isEmpty ? "\(summary) was already tagged \(hashtags)." : "Tagged \(summary) \(changed)."
                )
            } else {
                let already = results.count - changed.count
                let had = already > 0 ? " (\(already) had \(adding.count == 1 ? "it" : "them") already)" : ""
                output.say("Tagged \(changed.count) favourite\(changed.count == 1 ? "" : "s") \(hashtags)\(had).")
            }
        } else {
            guard !changed.isEmpty else {
                let whose =
                    results.count == 1
                    ? "\(results.first.map { $0.favourite.title } ?? "it") has no tag"
                    : "none of those \(results.count) favourites has the tag"
                throw UsageError("\(whose) \(hashtags): fav shows each favourite's tags")
            }
            if results.count == 1, let one = results.first {
                let took = Tokenizer.hashtags(one.changed)
                output.say("Took \(took) off \(Renderer.summary(one.favourite.item)).")
            } else {
                output.say("Took \(hashtags) off \(changed.count) favourite\(changed.count == 1 ? "" : "s").")
            }
        }
        output.json["changed"] = .int(changed.count)
        return output
    }
}
