import FoundationEssentials

/// `diary [YEAR]`: what you watched, newest first, under a heading for each month.
struct DiaryCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "diary",
        usage: "diary [YEAR] [--all]",
        summary: "the films you logged, newest first, by month",
        example: "diary 2025",
        topic: .library,
        options: [.init("--all", help: "every entry; without it (or a YEAR), the newest 100")],
        details: .table(
            """
            diary  the newest 100 entries under a heading a month, and how many there are when there are more
            diary YEAR  every entry of that year
            marks  ↻ a rewatch, ✎ a review, #tags; N of a row names that film for rate, seen, want, note and show
            """))

    var year: Int?
    /// `--all`: every entry, not the newest `libraryPage`.
    var all = false

    init(year: Int?, all: Bool = false) { (self.year, self.all) = (year, all) }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        let parsed = try args.options(Self.spec.options, command: "diary", example: nil)
        (all, year) = (parsed.has("--all"), try CommandSpec.Arguments(spec: args.spec, words: parsed.positional).year())
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        let shelf = try library.store.shelf()
        let all = 0..<shelf.diaryCount
        let matching = year.map { year in all.filter { shelf.entryDay($0) / 10_000 == year } } ?? Array(all)
        let shown = self.all || year != nil ? matching : Array(matching.prefix(LibraryService.page))
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
