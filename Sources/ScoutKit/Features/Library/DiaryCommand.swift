import FoundationEssentials

/// `diary [YEAR]`: what you watched, newest first, under a heading for each month; `diary rm N` and
/// `diary edit N …` take an entry back or change it.
struct DiaryCommand: SubcommandsCommand, ServiceCommand, Equatable {
    static let allOption = CommandSpec.Option("--all", help: "every entry; without it (or a YEAR), the newest 100")
    static let editOptions: [CommandSpec.Option] = [
        .init("--stars", value: "S", help: "diary edit: the entry's stars, 0.5 to 5 (none: no stars)"),
        .init("--rewatch", help: "diary edit: a rewatch"),
        .init("--first", help: "diary edit: not a rewatch"),
        .init("--review", value: "TEXT", help: "diary edit: the review ('' takes it out)"),
        .init("--tag", short: "-t", value: "T", help: "diary edit: the entry's tags are these (repeat for more)"),
        .init("--no-tags", help: "diary edit: no tags"),
    ]

    static let spec = CommandSpec(
        name: "diary",
        usage: "diary [YEAR] [--all] | diary rm N | diary edit N [DATE] [--stars S] [--rewatch|--first] "
            + "[--review TEXT] [--tag T|--no-tags]",
        summary: "the films you logged, newest first, by month; rm and edit mend an entry",
        example: "diary 2025; diary edit 2 yesterday --stars 4",
        topic: .library,
        subcommands: subcommands.map(\.declared), options: [allOption],
        details: .table(
            """
            diary  the newest 100 entries under a heading a month, and how many there are when there are more
            diary YEAR  every entry of that year
            marks  ↻ a rewatch, ✎ a review, #tags; N of a row names that film for rate, seen, want, note and show
            rm N   take entry N out of the diary (N as the last diary listing numbers it; none yet: as diary does)
            edit N  change entry N: DATE (2026-11-22, today or yesterday), --stars S|none, --rewatch or --first,
                   --review TEXT ('' takes it out), --tag T (repeat; they replace its tags) or --no-tags
            """))

    enum Action: Equatable, Sendable {
        case list(year: Int?, all: Bool)
        case remove(Int)
        case edit(Int, LibraryService.EntryChange)
    }

    var action: Action

    init(action: Action) { self.action = action }
    init(year: Int?, all: Bool = false) { action = .list(year: year, all: all) }

    static let bare: Action? = .list(year: nil, all: false)

    static let subcommands: [Subcommand<Action>] = [
        Subcommand("rm", "N") { rest throws(UsageError) in .remove(try row(rest.count == 1 ? rest[0] : nil, "rm")) },
        Subcommand(
            "edit", "N [DATE] [--stars S] [--rewatch|--first] [--review TEXT] [--tag T|--no-tags]",
            options: editOptions
        ) { rest throws(UsageError) in
            let read = try rest.options(editOptions, command: "diary edit", example: "diary edit 2 --stars 4")
            let words = read.positional
            guard (1...2).contains(words.count) else { throw rest.usage() }
            let n = try row(words[0], "edit")
            var change = LibraryService.EntryChange()
            if words.count == 2 { change.day = try Day.word(words[1]) }
            if let stars = read.last("--stars") {
                change.stars = .some(stars.lowercased() == "none" ? nil : try Stars.parse(stars))
            }
            if read.has("--rewatch") && read.has("--first") {
                throw UsageError("an entry is a rewatch or not: give --rewatch or --first, not both")
            }
            if read.has("--rewatch") { change.rewatch = true }
            if read.has("--first") { change.rewatch = false }
            if let review = read.last("--review") { change.review = .some(review.isEmpty ? nil : review) }
            if read.has("--no-tags") && read.has("--tag") {
                throw UsageError("give --tag T for the entry's tags, or --no-tags for none, not both")
            }
            if read.has("--no-tags") { change.tags = [] }
            if read.has("--tag") {
                var tags: [String] = []
                for word in read.all("--tag") { tags.append(try FavCommand.tag(word)) }
                change.tags = FavCommand.unique(tags)
            }
            guard !change.isEmpty else {
                throw UsageError(
                    "diary edit \(n) changes nothing: give a DATE, --stars, --rewatch, --first, --review, --tag or "
                        + "--no-tags")
            }
            return .edit(n, change)
        },
    ]

    /// `diary 2025 --all`: a listing.
    static func unnamed(_ args: CommandSpec.Arguments) throws(UsageError) -> Action? {
        let parsed = try args.options([allOption], command: "diary", example: nil)
        let year = try CommandSpec.Arguments(spec: args.spec, words: parsed.positional).year()
        return .list(year: year, all: parsed.has("--all"))
    }

    /// The row `diary rm` and `diary edit` take: one number.
    private static func row(_ word: String?, _ sub: String) throws(UsageError) -> Int {
        guard let n = word.flatMap({ Int($0) }), n >= 1 else {
            throw UsageError("usage: diary \(sub) N (N a row as the diary lists it, such as diary \(sub) 2)")
        }
        return n
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        switch action {
        case .list(let year, let all): try list(year: year, all: all, library)
        case .remove(let n): try library.removeEntry(atRow: n)
        case .edit(let n, let change): try library.editEntry(atRow: n, change)
        }
    }

    @MainActor func list(year: Int?, all everything: Bool, _ library: LibraryService) throws -> Output {
        let shelf = try library.store.shelf()
        let all = 0..<shelf.diaryCount
        let matching = year.map { year in all.filter { shelf.entryDay($0) / 10_000 == year } } ?? Array(all)
        let shown = everything || year != nil ? matching : Array(matching.prefix(LibraryService.page))
        var rows: [(film: String?, line: String)] = []
        var month: Int32 = 0
        for entry in shown {
            let date = shelf.entryDate(entry), film = shelf.entryFilm(entry)
            if shelf.entryDay(entry) / 100 != month {
                month = shelf.entryDay(entry) / 100
                rows.append((nil, "\(Self.monthNames[max(0, min(11, Int(month % 100) - 1))]) \(month / 100)"))
            }
            let line = line(
                date: date, stars: shelf.entryStars(entry), label: shelf.label(film),
                rewatch: shelf.entryRewatch(entry),
                review: shelf.hasReview(entry), tags: shelf.entryTags(entry), library)
            rows.append((shelf.id(film), line))
        }
        if !shown.isEmpty { library.listedEntries = shown.map(shelf.entryID) }
        return library.listing(
            name: "the diary", rows: rows,
            empty: year.map { "Nothing in the diary for \($0)." }
                ?? "The diary is empty: seen N logs a film you watched.",
            total: matching.count,
            more: "the newest \(shown.count) of TOTAL: diary YEAR lists a year, diary --all every entry"
        ) {
            shown.map { entry in
                var object: JSONObject<DiaryEntryField> = LibraryJSON.film(shelf, shelf.entryFilm(entry))
                object[.date] = .string(shelf.entryDate(entry))
                object[.rating] = LibraryJSON.stars(shelf.entryStars(entry))
                object[.rewatch] = .bool(shelf.entryRewatch(entry))
                object[.tags] = .array(shelf.entryTags(entry).map(JSONValue.string))
                object[.review] = shelf.entryReview(entry).map(JSONValue.string) ?? .null
                return object
            }
        }
    }

    /// `22 Sun  ★★★★½  Blade Runner (1982)  ↻ #cinema`
    @MainActor func line(
        date: String, stars: Double?, label: String, rewatch: Bool, review: Bool, tags: [String],
        _ library: LibraryService
    ) -> String {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        let weekday =
            parts.count == 3
            ? Self.weekdays[((Calendar.daysSince1970(year: parts[0], month: parts[1], day: parts[2]) % 7) + 7) % 7]
            : "   "
        // A narrow window keeps the title's room: no weekday, and stars only as wide as they are.
        let narrow = library.wiring.context.fitsWidth && library.wiring.width() < 60
        let stars = narrow ? stars.map { library.starText($0) + " " } ?? "" : library.starColumn(stars) + "  "
        var line = "\(date.suffix(2)) \(narrow ? "" : weekday + "  ")\(stars)\(label)"
        if rewatch { line += library.plainGlyphs ? "  (rewatch)" : "  ↻" }
        if review { line += library.plainGlyphs ? "  (review)" : "  ✎" }
        if !tags.isEmpty { line += "  " + Tokenizer.hashtags(tags) }
        return line
    }
}
