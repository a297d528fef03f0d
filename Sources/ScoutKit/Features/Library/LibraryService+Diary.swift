import FoundationEssentials

/// Taking a diary entry back (`diary rm N`) and changing one (`diary edit N …`): events that sync, so every
/// device agrees; the film's rating is made again from what stands, so the newest-rating rule still holds.
extension LibraryService {
    /// What `diary edit` changes; nil leaves a field as it is.
    struct EntryChange: Equatable, Sendable {
        /// `today`, `yesterday` or `YYYY-MM-DD`, as typed.
        var day: String?
        /// `.some(nil)` clears the stars.
        var stars: Double??
        var rewatch: Bool?
        /// `.some(nil)` clears the review.
        var review: String??
        /// `.some([])` clears the tags.
        var tags: [String]?

        var isEmpty: Bool { self == EntryChange() }
    }

    /// The entry row `n` names: a row of the last diary listing of this run, else of `diary` (newest first).
    func entry(atRow n: Int) throws -> (entry: Library.DiaryEntry, film: LibraryFilm) {
        let shelf = try store.shelf()
        let ids = listedEntries ?? (0..<shelf.diaryCount).map(shelf.entryID)
        guard n <= ids.count else {
            throw UsageError.notFound(
                ids.isEmpty
                    ? "the diary is empty: seen N logs a film you watched"
                    : "there is no row \(n): the diary lists rows 1 to \(ids.count)")
        }
        let library = try store.library()
        guard let entry = library.diary.last(where: { $0.id == ids[n - 1] }), let film = library.films[entry.film]
        else { throw UsageError.notFound("row \(n) of the diary is no longer there: list the diary again") }
        return (entry, film)
    }

    /// `diary rm N`.
    func removeEntry(atRow n: Int) throws -> Output {
        let (entry, film) = try entry(atRow: n)
        try record(.unlog, film) { _, event in
            event.removes = [entry.id]
            return true
        }
        var output = Output()
        output.say("Took \(film.label), seen on \(entry.date), out of the diary.")
        output.json[.removed] = .int(1)
        output.json[.id] = .string(film.id)
        output.json[.date] = .string(entry.date)
        return output
    }

    /// `diary edit N …`: the entry as it was with `change` made, said as what changed.
    func editEntry(atRow n: Int, _ change: EntryChange) throws -> Output {
        let (entry, film) = try entry(atRow: n)
        let day = try change.day.map { word throws(UsageError) in try Day.resolved(word, now: wiring.context.now()) }
        var edited = entry
        edited.date = day ?? entry.date
        if let stars = change.stars { edited.stars = stars }
        if let rewatch = change.rewatch { edited.rewatch = rewatch }
        if let review = change.review { edited.review = review }
        if let tags = change.tags { edited.tags = tags }
        var changes: [String] = []
        if edited.date != entry.date { changes.append("on \(edited.date)") }
        if edited.stars != entry.stars { changes.append(edited.stars.map(starText) ?? "no stars") }
        if edited.rewatch != entry.rewatch { changes.append(edited.rewatch ? "a rewatch" : "not a rewatch") }
        if edited.review != entry.review { changes.append(edited.review == nil ? "no review" : "a new review") }
        if edited.tags != entry.tags {
            changes.append(edited.tags.isEmpty ? "no tags" : Tokenizer.hashtags(edited.tags))
        }
        var output = Output()
        output.json[.id] = .string(film.id)
        output.json[.date] = .string(edited.date)
        output.json[.rewatch] = .bool(edited.rewatch)
        guard !changes.isEmpty else {
            output.say("\(film.label)'s entry of \(entry.date) is already so: nothing changed.")
            return output
        }
        try record(.edit, film) { _, event in
            event.removes = [entry.id]
            (event.date, event.stars, event.rewatch) = (edited.date, edited.stars, edited.rewatch)
            (event.review, event.tags) = (edited.review, edited.tags.isEmpty ? nil : edited.tags)
            return true
        }
        output.say("Changed \(film.label)'s entry of \(entry.date): \(changes.joined(separator: ", ")).")
        return output
    }

    /// `diary [YEAR] [--all]`: the newest 100 entries (every one of YEAR, or all), newest first, under a heading
    /// a month; in a window narrower than 60 columns a row leaves out its weekday and its stars' padding.
    func diary(year: Int?, all everything: Bool) throws -> Output {
        let shelf = try store.shelf()
        let all = 0..<shelf.diaryCount
        let matching = year.map { year in all.filter { shelf.entryDay($0) / 10_000 == year } } ?? Array(all)
        let shown = everything || year != nil ? matching : Array(matching.prefix(Self.page))
        var rows: [FilmRow] = []
        var month: Int32 = 0
        for entry in shown {
            let date = shelf.entryDate(entry), film = shelf.entryFilm(entry)
            if shelf.entryDay(entry) / 100 != month {
                month = shelf.entryDay(entry) / 100
                rows.append(.heading("\(Day.monthNames[max(0, min(11, Int(month % 100) - 1))]) \(month / 100)"))
            }
            func line(narrow: Bool) -> String {
                diaryLine(
                    date: date, stars: shelf.entryStars(entry), label: shelf.label(film),
                    rewatch: shelf.entryRewatch(entry), review: shelf.hasReview(entry), tags: shelf.entryTags(entry),
                    narrow: narrow)
            }
            rows.append(FilmRow(film: shelf.id(film), line: line(narrow: false), narrow: line(narrow: true)))
        }
        if !shown.isEmpty { listedEntries = shown.map(shelf.entryID) }
        return listing(
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

    /// `22 Sun  ★★★★½  Blade Runner (1982)  ↻ #cinema`; narrow, `22 ★★★★½ Blade Runner (1982)  ↻ #cinema`: a
    /// narrow window keeps the title's room.
    private func diaryLine(
        date: String, stars: Double?, label: String, rewatch: Bool, review: Bool, tags: [String], narrow: Bool
    ) -> String {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        let weekday =
            parts.count == 3
            ? Day.weekdays[((Calendar.daysSince1970(year: parts[0], month: parts[1], day: parts[2]) % 7) + 7) % 7]
            : "   "
        let stars = narrow ? stars.map { starText($0) + " " } ?? "" : starColumn(stars) + "  "
        var line = "\(date.suffix(2)) \(narrow ? "" : weekday + "  ")\(stars)\(label)"
        if rewatch { line += plainGlyphs ? "  (rewatch)" : "  ↻" }
        if review { line += plainGlyphs ? "  (review)" : "  ✎" }
        if !tags.isEmpty { line += "  " + Tokenizer.hashtags(tags) }
        return line
    }
}
