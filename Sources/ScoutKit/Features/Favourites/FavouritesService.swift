import FoundationEssentials

/// Favourites as a feature: the store (`favourites.json`, each kept with a snapshot so it works offline)
/// and what `fav` and `pick fav` do: listing, adding what the screen shows, removing and tagging by number
/// or id, showing one, and the files (`FavouritesService+Files`).
@MainActor final class FavouritesService {
    let store: FavouritesStore
    let wiring: ServiceWiring
    /// The rows the list shows and the numbers on screen, which `fav add` and `fav show` work on.
    private unowned let screen: any Screen
    /// A favourite's artwork is fetched when it is kept, so that it shows offline.
    private let art: ArtService

    init(wiring: ServiceWiring, screen: any Screen, art: ArtService) {
        self.wiring = wiring
        self.screen = screen
        self.art = art
        let paths = wiring.context.paths
        store = FavouritesStore(
            url: paths.favouritesFile, idIndex: paths.cache.appendingPathComponent("favourites.index"),
            store: wiring.context.fileStore, warn: wiring.warn)
    }

    /// Every favourite, in the file's order (the art cache's, Tab's and the library's look-ups).
    func all() -> [Favourite] { store.all() }

    /// The favourite kept under `id`, if any.
    func favourite(_ id: String) -> Favourite? { store.all().first { $0.id == id } }

    /// Whether the item `id` is a favourite: a row's mark.
    func contains(_ id: String) -> Bool { store.contains(id) }

    /// Which of `candidates` are favourites: the marks of a page of rows.
    func favouriteIDs(among candidates: some Sequence<String>) -> Set<String> { store.favouriteIDs(among: candidates) }

    /// `fav`: every favourite, numbered.
    func list() -> Output { list(store.all(), empty: "No favourites yet: fav add RANGES keeps rows.") }

    /// `fav search TEXT`: the favourites whose title, fields or tags hold each word, numbered as `fav` numbers
    /// them.
    func search(_ text: String) -> Output {
        let words = Text.words(text)
        let matches = store.all().filter {
            Text.matches(words, in: $0.item.searchText + " " + Text.fold($0.tags.joined(separator: " ")))
        }
        return list(matches, empty: "No favourite matches \"\(text)\".")
    }

    /// Favourites as `fav` lists them, numbered in the whole list (a search among them keeps the numbers).
    private func list(_ list: [Favourite], empty: String) -> Output {
        let all = store.all()
        // None listed: the numbers stay with the last listing that showed rows, still on the screen.
        if !list.isEmpty { screen.number(all.map(\.id), as: "fav") }
        // Numbers in the whole list: the list itself for `fav`, looked up for a search among them.
        let numbers =
            list.count == all.count
            ? list.indices.map { $0 + 1 }
            : {
                let among = Dictionary(all.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { a, _ in a })
                return list.map { among[$0.id] ?? 0 }
            }()
        var view = ListingView { [list, numbers] in
            TypedJSON.listing(
                zip(list, numbers).map { favourite, n in
                    JSONObject<FavouriteField>(
                        extending: TypedJSON.item(favourite.item),
                        [
                            .n: .int(n), .addedAt: TypedJSON.date(favourite.addedAt),
                            .tags: .array(favourite.tags.map(JSONValue.string)),
                        ])
                }, total: list.count)
        }
        if list.isEmpty { view.say(empty) }
        let width = String(all.count).count
        for (favourite, n) in zip(list, numbers) {
            let tags = favourite.tags.isEmpty ? "" : "  " + Tokenizer.hashtags(favourite.tags)
            // Tags that leave the title too little room go before the id does: fav rm and fav tag take the id.
            view.row(
                "\(String(n).leftPadded(to: width, with: " ")). \(Renderer.summary(favourite.item))",
                keeping: "  [\(favourite.id)]\(tags)", shorter: "  [\(favourite.id)]")
        }
        return Output(showing: view)
    }

    /// `fav add [RANGES] [--tag T]`: keeps the items, tags them (those already kept too), and names them.
    func add(_ rows: RangeSpec?, tags: [String]) throws -> Output {
        let items = try screen.itemsToKeep(rows)
        let outcome = try store.addOrTag(items, tags: tags, at: wiring.context.now())
        art.prefetch(of: items) // those kept before too: their artwork may have been cleared with the cache
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
            for favourite in outcome.added { output.row("  \(Renderer.summary(favourite.item))") }
            if !outcome.tagged.isEmpty {
                let count = outcome.tagged.count
                let whom =
                    count == already
                    ? "The \(count) already kept \(count == 1 ? "is" : "are")"
                    : "\(count) of the \(already) already kept \(count == 1 ? "is" : "are")"
                output.say("\(whom) now tagged \(hashtags) too.")
            }
        }
        output.json[.added] = .int(outcome.added.count)
        output.json[.tagged] = .int(outcome.tagged.count)
        return output
    }

    /// The favourites `what` names: ids (`movies:12`), or ranges of the numbers `fav` shows.
    func named(_ what: String) throws -> [Favourite] {
        let all = store.all()
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
    func remove(_ what: String) throws -> Output {
        let removed = try store.remove(ids: Set(try named(what).map(\.id)))
        var output = Output()
        if removed.count == 1, let favourite = removed.first {
            output.say("Removed \(Renderer.summary(favourite.item)) from the favourites.")
        } else {
            output.say(
                "Removed \(removed.count) favourite\(removed.count == 1 ? "" : "s")\(removed.isEmpty ? "." : ":")")
            for favourite in removed { output.row("  \(Renderer.summary(favourite.item))") }
        }
        output.json[.removed] = .int(removed.count)
        output.json[.ids] = .array(removed.map { .string($0.id) })
        return output
    }

    /// `fav tag` and `fav untag`.
    func retag(_ what: String, adding: [String] = [], removing: [String] = []) throws -> Output {
        let named = try named(what)
        let results = try store.retag(ids: named.map(\.id), adding: adding, removing: removing)
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
        output.json[.changed] = .int(changed.count)
        return output
    }

    /// `fav show N`: favourite `n` as `fav` numbers them, in full, with when it was kept and its tags.
    func show(_ n: Int) throws -> Output {
        let all = store.all()
        guard (1...max(1, all.count)).contains(n), n <= all.count else {
            throw UsageError.notFound(
                all.isEmpty ? "there are no favourites" : "there is no favourite \(n): fav lists 1 to \(all.count)")
        }
        let favourite = all[n - 1]
        return screen.showDetail(
            favourite.item,
            under: "Added \(RelativeTime.date(favourite.addedAt, in: wiring.context.localTime))"
                + (favourite.tags.isEmpty ? "" : " · tags: \(Tokenizer.hashtags(favourite.tags))"))
    }

    /// What `pick fav` chose: each favourite of `ids` shown, in the order `fav` lists them.
    func show(ids: [String]) throws -> Output {
        var output = Output()
        for (offset, favourite) in store.all().enumerated() where ids.contains(favourite.id) {
            output.merge(try show(offset + 1))
        }
        return output
    }

    /// The picker's candidates: each favourite with its tags and id, the newest first.
    func pickerCorpus() -> PickerCorpus {
        PickerCorpus(
            store.all().enumerated().reversed().map { offset, favourite in
                let tags = favourite.tags.isEmpty ? "" : " " + Tokenizer.hashtags(favourite.tags)
                return .init(
                    value: favourite.id,
                    text: SafeText.clean("\(Renderer.summary(favourite.item))\(tags)  [\(favourite.id)]"),
                    recency: offset)
            }, earlierMatchFirst: true)
    }
}
