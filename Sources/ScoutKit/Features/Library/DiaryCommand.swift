import FoundationEssentials

/// `diary [YEAR]`: what you watched, newest first, under a heading for each month; `diary rm N` and
/// `diary edit N …` take an entry back or change it.
struct DiaryCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "diary", summary: "the films you logged, newest first, by month; rm and edit mend an entry",
        example: "diary 2025; diary edit 2 yesterday --stars 4",
        topic: .library,
        positionals: [.init("YEAR", .year, optional: true)],
        subcommands: [Remove.self, Edit.self],
        options: [.init("--all", help: "every entry; without it (or a YEAR), the newest 100")],
        details: .table(
            """
            diary  the newest 100 entries under a heading a month, and how many there are when there are more
            diary YEAR  every entry of that year
            marks  ↻ a rewatch, ✎ a review, #tags; N of a row names that film for rate, seen, want, note and show
            rm N   take entry N out of the diary (N as the last diary listing numbers it; none yet: as diary does)
            edit N  change entry N: DATE (2026-11-22, today or yesterday), --stars S|none, --rewatch or --first,
                   --review TEXT ('' takes it out), --tag T (repeat; they replace its tags) or --no-tags
            """))

    var year: Int?
    var all = false

    init(year: Int?, all: Bool = false) { (self.year, self.all) = (year, all) }

    init(_ args: CommandSpec.Arguments) throws(UsageError) { (year, all) = (args.number("YEAR"), args.has("--all")) }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output { try library.diary(year: year, all: all) }

    /// `diary rm N`: entry N out of the diary.
    struct Remove: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "rm", summary: "take an entry out of the diary", example: "diary rm 2", topic: .library,
            positionals: [.entry])

        var n: Int

        init(_ args: CommandSpec.Arguments) throws(UsageError) { n = args.number("N") ?? 1 }

        static func service(in services: Services) -> LibraryService { services.library }

        func run(with library: LibraryService) async throws -> Output { try library.removeEntry(atRow: n) }
    }

    /// `diary edit N [DATE] [options]`: entry N changed.
    struct Edit: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "edit", summary: "change an entry", example: "diary edit 2 --stars 4", topic: .library,
            positionals: [.entry, .init("DATE", optional: true, completer: .words(["today", "yesterday"]))],
            options: [
                .init("--stars", value: "S", help: "diary edit: the entry's stars, 0.5 to 5 (none: no stars)"),
                .init("--rewatch", help: "diary edit: a rewatch", group: "rewatch"),
                .init("--first", help: "diary edit: not a rewatch", group: "rewatch"),
                .init("--review", value: "TEXT", help: "diary edit: the review ('' takes it out)"),
                .init(
                    "--tag", short: "-t", value: "T", help: "diary edit: the entry's tags are these (repeat for more)",
                    group: "tags"),
                .init("--no-tags", help: "diary edit: no tags", group: "tags"),
            ])

        var n: Int
        var change: LibraryService.EntryChange

        init(_ args: CommandSpec.Arguments) throws(UsageError) {
            n = args.number("N") ?? 1
            change = LibraryService.EntryChange()
            if let day = args.given("DATE") { change.day = try Day.word(day) }
            if let stars = args.last("--stars") {
                change.stars = .some(stars.lowercased() == "none" ? nil : try Stars.parse(stars))
            }
            if args.has("--rewatch") && args.has("--first") {
                throw UsageError("an entry is a rewatch or not: give --rewatch or --first, not both")
            }
            if args.has("--rewatch") { change.rewatch = true }
            if args.has("--first") { change.rewatch = false }
            if let review = args.last("--review") { change.review = .some(review.isEmpty ? nil : review) }
            if args.has("--no-tags") && args.has("--tag") {
                throw UsageError("give --tag T for the entry's tags, or --no-tags for none, not both")
            }
            if args.has("--no-tags") { change.tags = [] }
            if args.has("--tag") { change.tags = try FavCommand.tags(args.all("--tag")) }
            guard !change.isEmpty else {
                throw UsageError(
                    "diary edit \(n) changes nothing: give a DATE, --stars, --rewatch, --first, --review, --tag or "
                        + "--no-tags")
            }
        }

        static func service(in services: Services) -> LibraryService { services.library }

        func run(with library: LibraryService) async throws -> Output { try library.editEntry(atRow: n, change) }
    }
}

extension CommandSpec.Positional {
    /// `N`: an entry as the diary numbers them.
    static let entry = Self("N", .number(1...Int.max))
}
