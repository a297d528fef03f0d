import FoundationEssentials

/// What `rate`, `seen` and `note` do to a film named by a row on screen or an id: each one event in
/// library.jsonl, said as Letterboxd would say it.
extension LibraryService {
    /// What `note` does: shows the note, sets it, or drops it.
    enum NoteChange: Equatable, Sendable { case show, set(String), clear }

    /// `rate N|ID STARS|none`: the film's rating (nil clears it); `outOfTen`, the points given out of ten
    /// (`rate 1 8/10`), said beside the stars.
    func rate(_ target: String, stars: Double?, outOfTen: Int?) async throws -> Output {
        let film = try await film(target)
        var output = Output()
        var changed = false
        let after = try record(.rate, film) { library, event in
            event.stars = stars
            changed = library.ratings[film.id]?.stars != stars
            return changed
        }
        // Out of ten, as IMDb rates: said as the stars it is.
        let given = outOfTen.map { " (\($0)/10 as \(stars.map { Stars.count($0) } ?? ""))" } ?? ""
        switch (stars, changed) {
        case (let stars?, true): output.say("Rated \(film.label) \(starText(stars))\(given).")
        case (let stars?, false): output.say("\(film.label) is already rated \(starText(stars))\(given).")
        case (nil, true): output.say("Cleared the rating of \(film.label).")
        case (nil, false): output.say("\(film.label) has no rating to clear.")
        }
        output.addJSON(LibraryJSON.film(film, after))
        return output
    }

    /// `seen N|ID [DATE] [--rewatch] [--review TEXT] [--tag T]`: a diary entry on `date` (`today`, `yesterday`
    /// or a day, read against the clock now), a rewatch when it was seen on that day or before; the film comes
    /// off the watchlist, as Letterboxd does.
    func seen(_ target: String, on date: String?, rewatch: Bool, review: String?, tags: [String]) async throws
        -> Output
    {
        let day = try Day.resolved(date, now: wiring.context.now())
        let film = try await film(target)
        var again = rewatch
        try record(.seen, film) { library, event in
            // A rewatch when it was seen on that day or before; an earlier viewing logged late is the first.
            again = again || library.entries(of: film.id).contains { $0.date <= day }
            event.date = day
            // The entry keeps the rating the film has when it is logged, as Letterboxd's diary does.
            event.stars = library.ratings[film.id]?.stars
            event.rewatch = again
            event.review = review.flatMap { $0.isEmpty ? nil : $0 }
            event.tags = tags.isEmpty ? nil : tags
            return true
        }
        // As Letterboxd does, a film seen comes off the watchlist.
        var unwanted = false
        try record(.unwant, film) { library, _ in
            unwanted = library.isWanted(film.id)
            return unwanted
        }
        var output = Output()
        let notes = (again ? ", a rewatch" : "") + (unwanted ? "; took it off the watchlist" : "")
        output.say("Logged \(film.label) on \(day)\(notes).")
        output.json[.date] = .string(day)
        output.json[.rewatch] = .bool(again)
        output.json[.id] = .string(film.id)
        return output
    }

    /// `note N|ID [TEXT | --clear]`.
    func note(_ target: String, _ change: NoteChange) async throws -> Output {
        let film = try await film(target)
        var output = Output()
        output.json[.id] = .string(film.id)
        switch change {
        case .show:
            let note = try store.library().notes[film.id]
            output.say(note.map { "\(film.label): \($0)" } ?? "No note on \(film.label): note N TEXT keeps one.")
            output.json[.note] = note.map(JSONValue.string) ?? .null
        case .set(let text):
            try record(.note, film) { library, event in
                event.text = text
                return library.notes[film.id] != text
            }
            output.say("Noted on \(film.label).")
            output.json[.note] = .string(text)
        case .clear:
            var had = false
            try record(.note, film) { library, _ in
                had = library.notes[film.id] != nil
                return had
            }
            output.say(had ? "Dropped the note on \(film.label)." : "\(film.label) has no note.")
            output.json[.note] = .null
        }
        return output
    }
}
