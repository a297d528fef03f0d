/// `fav` and its subcommands: favourites, kept with a snapshot so they work offline.
struct FavCommand: SubcommandsCommand, ServiceCommand, Equatable {
    static let tagOption = CommandSpec.Option(
        "--tag", short: "-t", value: "T", help: "fav add: tag them T, those already kept too (repeat for more)",
        values: .tags)
    static let forceOption = CommandSpec.Option("--force", help: "fav export: replace FILE when it exists")

    static let spec = CommandSpec(
        name: "fav", usage: usage("fav", alone: nil, subcommands),
        summary: "favourites, kept with a snapshot so they work offline",
        example: "fav add 2 --tag weekend; fav tag 1-3 rewatch",
        topic: .choosing, subcommands: subcommands.map(\.declared),
        details: .table(
            """
            add [RANGES]   keep rows of the list; no RANGES: the item shown (show N), else the selected rows of this
                           list
            --tag T, -t T  fav add: tag them T, those already kept too (repeat for more)
            tag, untag     add or drop tags of the favourites numbered as fav shows them (1-3,7), or of an id
            rm RANGES|ID   drop favourites, numbered as for tag; names each one dropped
            export [FILE]  FILE.csv: CSV, else JSON; no FILE: JSON on standard output
            --force        fav export: replace FILE when it exists
            """))

    enum Action: Equatable, Sendable {
        case list
        /// Rows of the current list; none: the item shown in the detail view, else the selected rows of the list.
        case add(RangeSpec?, tags: [String])
        /// Favourites as `fav` numbers them (`1-3,7`), or ids (`movies:12`).
        case remove(String)
        case tag(String, tags: [String])
        case untag(String, tags: [String])
        case show(Int)
        case search(String)
        case export(String?, force: Bool)
        case importFile(String)
    }

    var action: Action

    static let bare: Action? = .list

    static let subcommands: [Subcommand<Action>] = [
        Subcommand("add", "[RANGES] [--tag T]", completers: [.rows], options: [tagOption]) {
            rest throws(UsageError) in
            let read = try rest.options([tagOption], command: "fav add", example: "fav add 2 --tag weekend")
            var tags: [String] = []
            for word in read.all("--tag") { tags.append(try tag(word)) }
            let ranges = read.positional
            return .add(ranges.isEmpty ? nil : try RangeSpec.parse(ranges.joined(separator: " ")), tags: unique(tags))
        },
        Subcommand("rm", "RANGES|ID", completers: [.favouriteIDs]) { rest throws(UsageError) in
            guard !rest.isEmpty else { throw UsageError("usage: fav rm RANGES|ID (RANGES as fav numbers them)") }
            return .remove(try target(rest.joined))
        },
        Subcommand("tag", "RANGES|ID TAG…", completers: [.favouriteIDs, .tags]) { rest throws(UsageError) in
            let (named, tags) = try tagged(rest, "tag")
            return .tag(named, tags: tags)
        },
        Subcommand("untag", "RANGES|ID TAG…", completers: [.favouriteIDs, .tags]) { rest throws(UsageError) in
            let (named, tags) = try tagged(rest, "untag")
            return .untag(named, tags: tags)
        },
        Subcommand("show", "N", completers: [.favourites]) { rest throws(UsageError) in
            guard rest.count == 1, let n = Int(rest[0]), n >= 1 else {
                throw UsageError("usage: fav show N (N as fav lists them)")
            }
            return .show(n)
        },
        Subcommand("search", "TEXT") { rest throws(UsageError) in
            guard !rest.isEmpty else { throw rest.usage() }
            return .search(rest.joined)
        },
        Subcommand("export", "[FILE] [--force]", completers: [.files], options: [forceOption]) {
            rest throws(UsageError) in
            let read = try rest.options([forceOption], command: "fav export", example: "fav export f.csv --force")
            let (files, force) = (read.positional, read.has("--force"))
            guard files.count <= 1 else { throw rest.usage() }
            if force && files.isEmpty { throw UsageError("--force replaces a file: fav export FILE --force") }
            return .export(files.first, force: force)
        },
        Subcommand("import", "FILE", completers: [.files]) { rest throws(UsageError) in .importFile(try rest.one()) },
    ]

    /// `fav tag` and `fav untag`'s words: the favourites come first, an id or every leading word that reads as
    /// ranges (`1 3`, `1-3,7`), leaving at least one tag.
    private static func tagged(
        _ rest: CommandSpec.Arguments, _ sub: String
    ) throws(UsageError) -> (String, [String]) {
        let words = rest.words
        guard words.count >= 2 else {
            throw UsageError("usage: fav \(sub) RANGES|ID TAG… (such as fav \(sub) 1-3 rewatch)")
        }
        var split = 1
        if !words[0].contains(":") {
            while split < words.count - 1, !words[split].contains(":"), (try? RangeSpec.parse(words[split])) != nil {
                split += 1
            }
        }
        let named = try target(words[..<split].joined(separator: " "))
        var tags: [String] = []
        for word in words[split...] { tags.append(try tag(word)) }
        return (named, unique(tags))
    }

    // Without rows, fav add keeps what the screen shows: the detail, or the selected rows of the list.
    var needsResults: Bool {
        if case .add = action { return true }
        return false
    }

    var highestRow: Int? {
        if case .add(let rows?, _) = action { return rows.highestRow }
        return nil
    }

    static func service(in services: Services) -> FavouritesService { services.favourites }

    func run(with favourites: FavouritesService) async throws -> Output {
        switch action {
        case .list: return favourites.list()
        case .add(let rows, let tags): return try favourites.add(rows, tags: tags)
        case .remove(let what): return try favourites.remove(what)
        case .tag(let what, let tags): return try favourites.retag(what, adding: tags)
        case .untag(let what, let tags): return try favourites.retag(what, removing: tags)
        case .show(let n): return try favourites.show(n)
        case .search(let text): return favourites.search(text)
        case .export(let path, let force): return try favourites.export(to: path, force: force)
        case .importFile(let path): return try favourites.importFile(from: path)
        }
    }

    /// Favourites named for `fav rm`, `fav tag` and `fav untag`: ids (`movies:12`), or ranges of the numbers `fav`
    /// shows.
    static func target(_ text: String) throws(UsageError) -> String {
        if text.contains(":") {
            let words = text.split(whereSeparator: { $0 == " " || $0 == "," })
            if let bad = words.first(where: { !$0.contains(":") }) {
                throw UsageError(
                    "\"\(bad.prefix(40))\" is not an id: name favourites by ids such as movies:12, or by the numbers "
                        + "fav shows"
                )
            }
            return text
        }
        do {
            _ = try RangeSpec.parse(text)
        } catch {
            throw UsageError(
                "\"\(text.prefix(40))\" names no favourites: use the numbers fav shows (3, 1-3,7) or an id such as "
                    + "movies:12"
            )
        }
        return text
    }

    /// A tag as `--tag`, `fav tag` and `fav untag` take it: some text without `;` (CSV exports join tags with it).
    static func tag(_ text: String) throws(UsageError) -> String {
        let trimmed = text.trimmedSpaces()
        guard !trimmed.isEmpty else { throw UsageError("a tag needs some text: fav add 2 --tag weekend") }
        guard !trimmed.contains(";"),
            !trimmed.unicodeScalars.contains(where: { [.control, .format].contains($0.properties.generalCategory) })
        else {
            throw UsageError(
                "a tag cannot hold ; or control characters (CSV exports join tags with ;): \"\(Text.brief(trimmed))\"")
        }
        guard trimmed.count <= 100 else { throw UsageError("a tag is at most 100 characters: shorten it") }
        return trimmed
    }

    /// The tags in order, each once (ignoring case).
    static func unique(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.filter { seen.insert($0.lowercased()).inserted }
    }
}
