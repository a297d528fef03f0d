import FoundationEssentials

/// A followed member's feed into the library: each diary entry one entry of the diary, joined to the library's
/// film by TMDb's id, else by title and year, as an export's rows are. Reading the same feed again, or an
/// export of the same account later, adds nothing twice (`LibraryImport` counts a film's entries a day); an
/// entry edited on Letterboxd since the last read is edited here too.
extension LibraryService {
    /// What a feed added, changed and left.
    struct FeedTaken: Equatable {
        var diary = 0
        var ratings = 0
        var reviews = 0
        /// Of the ratings, those of reviews never logged: their stars the film's rating, not a viewing.
        var unlogged = 0
        var known = 0
        /// The entries edited, each said as `Mercy (2026) ★★★ → ★★★½`.
        var edits: [String] = []
    }

    /// Takes `feed`'s entries, oldest watched first (the feed lists them by when they were logged), and makes
    /// the library's entries of `edited` (entries changed on Letterboxd since the last read) what the feed now
    /// says; in one batch.
    func takeFeed(_ feed: LetterboxdFeed, edited: [LetterboxdFeed.Entry] = []) throws -> FeedTaken {
        let now = wiring.context.now()
        var taken = FeedTaken()
        let entries = feed.entries.sorted { $1.isNewer(than: $0) }
        try store.update { library, device in
            var work = LibraryImport(library: library, via: "letterboxd", device: device, now: now)
            for entry in entries {
                let film = work.resolve(Self.film(of: entry))
                if let day = entry.day {
                    work.log(
                        film, day: day, stars: entry.stars, rewatch: entry.rewatch, review: entry.review, tags: [])
                } else {
                    // A review never logged is no viewing: its stars rate the film, on the day it was written.
                    let written = entry.published.map(Day.of)
                    let rated = work.ratings
                    if let stars = entry.stars { work.rate(film, stars, on: written) }
                    if work.ratings > rated { taken.unlogged += 1 }
                }
            }
            (taken.diary, taken.ratings, taken.reviews, taken.known) =
                (work.diaryEntries, work.ratings, work.reviews, work.known + work.repeated)
            var edits: [LibraryEvent] = []
            for entry in edited {
                guard let day = entry.day else { continue }
                let film = work.resolve(Self.film(of: entry))
                let landed = work.library.landing(film)
                // The entry as the library has it; one taken out here (diary rm) stays out.
                guard let kept = work.library.diary.last(where: { $0.film == landed && $0.date == day }),
                    kept.stars != entry.stars || kept.review != entry.review
                else { continue }
                var event = LibraryEvent(
                    device: device, time: now, op: .edit, film: film, stars: entry.stars, date: day,
                    rewatch: kept.rewatch, review: entry.review, tags: kept.tags.isEmpty ? nil : kept.tags,
                    via: "letterboxd")
                event.removes = [kept.id]
                edits.append(event)
                var said = film.label
                if kept.stars != entry.stars {
                    said += " \(kept.stars.map(starText) ?? "unrated") → \(entry.stars.map(starText) ?? "unrated")"
                }
                if kept.review != entry.review {
                    said +=
                        (kept.stars != entry.stars ? ", " : ": ")
                        + (kept.review == nil
                            ? "a review added" : entry.review == nil ? "its review taken out" : "its review edited")
                }
                taken.edits.append(said)
            }
            return work.events + edits
        }
        return taken
    }

    /// The film an entry names: its Letterboxd page (the film's, not the member's entry), TMDb's id where the
    /// feed gives it.
    static func film(of entry: LetterboxdFeed.Entry) -> LibraryFilm {
        var film = LibraryFilm(id: "", title: entry.title, year: entry.year)
        film.tmdb = entry.tmdb
        if let slug = LibraryImport.letterboxdCode(entry.link) {
            film.letterboxd = "https://letterboxd.com/film/\(slug)/"
            film.id = "letterboxd:" + slug
        } else {
            film.id = LibraryImport.slug(entry.title, entry.year)
        }
        return film
    }
}
