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
}
