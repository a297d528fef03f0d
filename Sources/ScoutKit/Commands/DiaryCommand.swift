import FoundationEssentials

/// `diary [YEAR]`: what you watched, newest first, under a heading for each month.
struct DiaryCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "diary",
        usage: "diary [YEAR]",
        summary: "the films you logged, newest first, by month",
        example: "diary 2025",
        topic: .library)

    var year: Int?

    init(year: Int?) { self.year = year }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        year = try args.year()
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

    func run(in state: ShellState) async throws -> Output {
        let library = try state.library.library()
        let prefix = year.map { "\($0)-" } ?? ""
        // Newest first; entries of one day in the order they were logged, the last first.
        let entries = library.diary.enumerated()
            .filter { $0.element.date.hasPrefix(prefix) }
            .sorted { ($0.element.date, $0.offset) > ($1.element.date, $1.offset) }
            .map(\.element)
        var rows: [(film: String?, line: String)] = []
        var month = ""
        for entry in entries {
            if entry.date.prefix(7) != month {
                month = String(entry.date.prefix(7))
                let number = Int(entry.date.dropFirst(5).prefix(2)) ?? 1
                rows.append((nil, "\(Self.monthNames[max(0, min(11, number - 1))]) \(entry.date.prefix(4))"))
            }
            rows.append((entry.film, line(entry, library, state)))
        }
        let films = library.films
        return state.libraryListing(
            .diary, name: "the diary", rows: rows,
            empty: year.map { "Nothing in the diary for \($0)." }
                ?? "The diary is empty: seen N logs a film you watched."
        ) {
            entries.map { entry in
                var object = films[entry.film].map(LibraryJSON.film) ?? ["id": .string(entry.film)]
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
    @MainActor func line(_ entry: Library.DiaryEntry, _ library: Library, _ state: ShellState) -> String {
        let parts = entry.date.split(separator: "-").compactMap { Int($0) }
        let weekday =
            parts.count == 3
            ? Self.weekdays[((Calendar.daysSince1970(year: parts[0], month: parts[1], day: parts[2]) % 7) + 7) % 7]
            : "   "
        // A narrow window keeps the title's room: no weekday, and stars only as wide as they are.
        let narrow = state.context.fitsWidth && state.width < 60
        let stars = narrow ? entry.stars.map { state.starText($0) + " " } ?? "" : state.starColumn(entry.stars) + "  "
        var line = "\(entry.date.suffix(2)) \(narrow ? "" : weekday + "  ")\(stars)\(library.label(entry.film))"
        if entry.rewatch { line += state.plainGlyphs ? "  (rewatch)" : "  ↻" }
        if entry.review != nil { line += state.plainGlyphs ? "  (review)" : "  ✎" }
        if !entry.tags.isEmpty { line += "  #" + entry.tags.joined(separator: " #") }
        return line
    }
}
