import FoundationEssentials

/// `diary [YEAR]`: what you watched, newest first, under a heading for each month.
struct DiaryCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "diary",
        usage: "diary [YEAR] [--all]",
        summary: "the films you logged, newest first, by month",
        example: "diary 2025",
        topic: .library,
        options: [.init("--all", help: "every entry; without it (or a YEAR), the newest 100")])

    var year: Int?
    /// `--all`: every entry, not the newest `libraryPage`.
    var all = false

    init(year: Int?, all: Bool = false) { (self.year, self.all) = (year, all) }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        let words = args.words.filter { $0.lowercased() != "--all" }
        all = words.count < args.count
        year = try CommandSpec.Arguments(spec: args.spec, words: words).year()
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

    func run(in state: ShellState) async throws -> Output {
        let shelf = try state.library.shelf()
        let prefix = year.map { "\($0)-" } ?? ""
        let matching = prefix.isEmpty ? shelf.diary : shelf.diary.filter { $0.date.hasPrefix(prefix) }
        let shown = all || year != nil ? matching : Array(matching.prefix(ShellState.libraryPage))
        var rows: [(film: String?, line: String)] = []
        var month = ""
        for entry in shown {
            if entry.date.prefix(7) != month {
                month = String(entry.date.prefix(7))
                let number = Int(entry.date.dropFirst(5).prefix(2)) ?? 1
                rows.append((nil, "\(Self.monthNames[max(0, min(11, number - 1))]) \(entry.date.prefix(4))"))
            }
            rows.append((shelf.films[entry.film].id, line(entry, shelf.films[entry.film].label, state)))
        }
        let films = shelf.films
        return state.libraryListing(
            .diary, name: "the diary", rows: rows,
            empty: year.map { "Nothing in the diary for \($0)." }
                ?? "The diary is empty: seen N logs a film you watched.",
            total: matching.count,
            more: "the newest \(shown.count) of TOTAL: diary YEAR lists a year, diary --all every entry"
        ) {
            shown.map { entry in
                var object = LibraryJSON.film(films[entry.film])
                object["date"] = .string(entry.date)
                object["rating"] = LibraryJSON.stars(entry.stars)
                object["rewatch"] = .bool(entry.rewatch)
                object["tags"] = .array(entry.tags.map(JSONValue.string))
                object["review"] = entry.review.map(JSONValue.string) ?? .null
                return .object(object)
            }
        }
    }

    /// `22 Sun  ★★★★½  Blade Runner (1982)  ↻ #cinema`
    @MainActor func line(_ entry: LibraryShelf.Entry, _ label: String, _ state: ShellState) -> String {
        let parts = entry.date.split(separator: "-").compactMap { Int($0) }
        let weekday =
            parts.count == 3
            ? Self.weekdays[((Calendar.daysSince1970(year: parts[0], month: parts[1], day: parts[2]) % 7) + 7) % 7]
            : "   "
        // A narrow window keeps the title's room: no weekday, and stars only as wide as they are.
        let narrow = state.context.fitsWidth && state.width < 60
        let stars = narrow ? entry.stars.map { state.starText($0) + " " } ?? "" : state.starColumn(entry.stars) + "  "
        var line = "\(entry.date.suffix(2)) \(narrow ? "" : weekday + "  ")\(stars)\(label)"
        if entry.rewatch { line += state.plainGlyphs ? "  (rewatch)" : "  ↻" }
        if entry.review != nil { line += state.plainGlyphs ? "  (review)" : "  ✎" }
        if !entry.tags.isEmpty { line += "  #" + entry.tags.joined(separator: " #") }
        return line
    }
}
