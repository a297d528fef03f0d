/// `fav` and its subcommands: favourites, kept with a snapshot so they work offline.
struct FavCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "fav", summary: "favourites, kept with a snapshot so they work offline",
        example: "fav add 2 --tag weekend; fav tag 1-3 rewatch", topic: .choosing,
        subcommands: [
            Add.self, Remove.self, Tag.self, Untag.self, Show.self, Search.self, Export.self, Import.self,
        ],
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

    static func service(in services: Services) -> FavouritesService { services.favourites }

    func run(with favourites: FavouritesService) async throws -> Output { favourites.list() }

    /// `fav add [RANGES] [--tag T]`: rows of the current list; none: the item shown in the detail view, else the
    /// selected rows of the list.
    struct Add: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "add", summary: "keep rows of the list", example: "fav add 2 --tag weekend", topic: .choosing,
            positionals: [.init("RANGES", .ranges, optional: true, completer: .rows)],
            options: [
                .init(
                    "--tag", short: "-t", value: "T",
                    help: "fav add: tag them T, those already kept too (repeat for more)",
                    values: .tags)
            ])

        var rows: RangeSpec?
        var tags: [String]

        init(rows: RangeSpec?, tags: [String]) { (self.rows, self.tags) = (rows, tags) }

        init(_ args: CommandSpec.Arguments) throws(UsageError) {
            (rows, tags) = (args.ranges("RANGES"), try FavCommand.tags(args.all("--tag")))
        }

        // Without rows, fav add keeps what the screen shows: the detail, or the selected rows of the list.
        var needsResults: Bool { true }
        var highestRow: Int? { rows?.highestRow }

        static func service(in services: Services) -> FavouritesService { services.favourites }

        func run(with favourites: FavouritesService) async throws -> Output { try favourites.add(rows, tags: tags) }
    }

    /// `fav rm RANGES|ID`: favourites as `fav` numbers them (`1-3,7`), or ids (`movies:12`).
    struct Remove: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "rm", summary: "drop favourites", example: "fav rm 1-3", topic: .choosing,
            positionals: [.favourites])

        var named: String

        init(named: String) { self.named = named }

        init(_ args: CommandSpec.Arguments) throws(UsageError) { named = try FavCommand.target(args.text("RANGES|ID")) }

        static func service(in services: Services) -> FavouritesService { services.favourites }

        func run(with favourites: FavouritesService) async throws -> Output { try favourites.remove(named) }
    }

    /// `fav tag RANGES|ID TAG…`: the favourites come first, an id or every leading word that reads as ranges
    /// (`1 3`, `1-3,7`), leaving at least one tag.
    struct Tag: RetagCommand, Equatable {
        static let spec = CommandSpec(
            name: "tag", summary: "tag favourites", example: "fav tag 1-3 rewatch", topic: .choosing,
            positionals: [.favourites, .tags])
        static let adds = true

        var named: String
        var tags: [String]
    }

    /// `fav untag RANGES|ID TAG…`, read as `fav tag` is.
    struct Untag: RetagCommand, Equatable {
        static let spec = CommandSpec(
            name: "untag", summary: "drop tags of favourites", example: "fav untag 2 rewatch", topic: .choosing,
            positionals: [.favourites, .tags])
        static let adds = false

        var named: String
        var tags: [String]
    }

    /// `fav show N`: favourite N in the detail view.
    struct Show: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "show", summary: "favourite N in full", example: "fav show 2", topic: .choosing,
            positionals: [.init("N", .number(1...Int.max), completer: .favourites)])

        var n: Int

        init(_ args: CommandSpec.Arguments) throws(UsageError) { n = args.number("N") ?? 1 }

        static func service(in services: Services) -> FavouritesService { services.favourites }

        func run(with favourites: FavouritesService) async throws -> Output { try favourites.show(n) }
    }

    /// `fav search TEXT`.
    struct Search: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "search", summary: "the favourites that match", example: "fav search alien", topic: .choosing,
            positionals: [.init("TEXT", .text)])

        var text: String

        init(_ args: CommandSpec.Arguments) throws(UsageError) { text = args.text("TEXT") }

        static func service(in services: Services) -> FavouritesService { services.favourites }

        func run(with favourites: FavouritesService) async throws -> Output { favourites.search(text) }
    }

    /// `fav export [FILE] [--force]`: CSV to FILE.csv, else JSON; no FILE: JSON on standard output.
    struct Export: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "export", summary: "write the favourites out", example: "fav export f.csv --force", topic: .choosing,
            positionals: [.init("FILE", .file, optional: true, completer: .files)],
            options: [.init("--force", help: "fav export: replace FILE when it exists")])

        var path: String?
        var force: Bool

        init(path: String?, force: Bool) { (self.path, self.force) = (path, force) }

        init(_ args: CommandSpec.Arguments) throws(UsageError) {
            (path, force) = (args.given("FILE"), args.has("--force"))
            if force && path == nil { throw UsageError("--force replaces a file: fav export FILE --force") }
        }

        static func service(in services: Services) -> FavouritesService { services.favourites }

        func run(with favourites: FavouritesService) async throws -> Output {
            try favourites.export(to: path, force: force)
        }
    }

    /// `fav import FILE`.
    struct Import: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "import", summary: "add the favourites of a file", example: "fav import f.csv", topic: .choosing,
            positionals: [.init("FILE", .file, completer: .files)])

        var path: String

        init(_ args: CommandSpec.Arguments) throws(UsageError) { path = args.text("FILE") }

        static func service(in services: Services) -> FavouritesService { services.favourites }

        func run(with favourites: FavouritesService) async throws -> Output { try favourites.importFile(from: path) }
    }

    /// Tags as `--tag`, `fav tag` and `fav untag` take them: each checked, each once.
    static func tags(_ words: [String]) throws(UsageError) -> [String] {
        var tags: [String] = []
        for word in words { tags.append(try tag(word)) }
        return unique(tags)
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

/// `fav tag` and `fav untag`: tags added to favourites, or taken off them.
protocol RetagCommand: ServiceCommand where Service == FavouritesService {
    /// Whether it adds the tags (`fav tag`) or takes them off (`fav untag`).
    static var adds: Bool { get }
    var named: String { get }
    var tags: [String] { get }
    init(named: String, tags: [String])
}

extension RetagCommand {
    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        self.init(named: try FavCommand.target(args.text("RANGES|ID")), tags: try FavCommand.tags(args.words("TAG")))
    }

    @MainActor static func service(in services: Services) -> FavouritesService { services.favourites }

    @MainActor func run(with favourites: FavouritesService) async throws -> Output {
        Self.adds ? try favourites.retag(named, adding: tags) : try favourites.retag(named, removing: tags)
    }
}

extension CommandSpec.Positional {
    /// `RANGES|ID`: favourites as `fav` numbers them, or by id.
    static let favourites = Self("RANGES|ID", .rangesOrIDs, completer: .favouriteIDs)
    /// `TAG…`
    static let tags = Self("TAG", repeats: true, completer: .tags)
}
