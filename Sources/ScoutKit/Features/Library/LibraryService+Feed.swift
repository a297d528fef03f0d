import FoundationEssentials

/// A followed member's feed into the library: each diary entry one entry of the diary, joined to the library's
/// film by TMDb's id, else by title and year, as an export's rows are. Reading the same feed again, or an
/// export of the same account later, adds nothing twice (`LibraryImport` counts a film's entries a day).
extension LibraryService {
    /// What a feed added, and what it left.
    struct FeedTaken: Equatable {
        var diary = 0
        var ratings = 0
        var reviews = 0
        /// Of the ratings, those of reviews never logged: their stars the film's rating, not a viewing.
        var unlogged = 0
        var known = 0
    }

    /// Takes `feed`'s entries, oldest watched first (the feed lists them by when they were logged), in one
    /// batch.
    func takeFeed(_ feed: LetterboxdFeed) throws -> FeedTaken {
        let now = wiring.context.now()
        var taken = FeedTaken()
        let entries = feed.entries.sorted {
            ($0.day ?? "", $0.published ?? .distantPast) < ($1.day ?? "", $1.published ?? .distantPast)
        }
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
            return work.events
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
