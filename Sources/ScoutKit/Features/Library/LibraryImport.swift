import FoundationEssentials

/// What an import adds, worked out against the library as it stands (and as the import leaves it, row
/// by row, so that one film in several files, or twice in one, is one film): the events to append, what
/// they count as, and the rows skipped with why.
///
/// Everything is matched by what it is, never by when it was imported, so importing the same export
/// twice adds nothing and a later export adds only what is new: a diary entry by its film, its day and
/// how many entries that film already has that day; a rating when it differs from the film's; a film
/// onto the watchlist unless it is there, or was put there on that day before.
struct LibraryImport {
    private(set) var library: Library
    let device: String
    let now: Date
    /// Which export: `letterboxd` or `imdb`.
    let via: String
    private(set) var events: [LibraryEvent] = []
    var diaryEntries = 0
    /// Films seen on a day not known.
    var watched = 0
    var wanted = 0
    var reviews = 0
    /// Rows that were already in the library before the import.
    var known = 0
    /// Rows that an earlier row of this export gave already (a rating in ratings.csv and in the diary, a row in
    /// two of its files): not in the library before, so not "already in the library" either.
    var repeated = 0
    /// Ratings older than the film's in the library, which holds.
    var older = 0
    /// Watchlist rows of films the diary logs on the day they were added or later.
    var seenSince = 0
    /// `file:line: why`, for each row skipped.
    private(set) var problems: [String] = []
    /// Rows skipped for what they are rather than for a fault (`a list`), by reason.
    private(set) var passed: [String: Int] = [:]
    /// Entries of each film on each day seen so far in this import, and in the library, by the id the film
    /// lands on: moved with it when the import makes two films one (a Letterboxd film that a later row names
    /// by its IMDb id), so that its entries are counted once whatever id a row gives.
    private var dayCounts: [String: [String: Int]] = [:]
    private var logged: [String: [String: Int]] = [:]
    /// The library and its entries as they were before the import: what a row found there was known before,
    /// and what it found only because an earlier row of the export put it there is repeated.
    private let before: Library
    private let loggedBefore: [String: [String: Int]]

    init(library: Library, via: String, device: String, now: Date) {
        (self.library, self.via, self.device, self.now, before) = (library, via, device, now, library)
        // Entries taken back since count too: the same export imported again does not bring them back.
        for (key, count) in library.entriesOn {
            guard let bar = key.lastIndex(of: "|") else { continue }
            logged[String(key[..<bar]), default: [:]][String(key[key.index(after: bar)...]), default: 0] += count
        }
        loggedBefore = logged
    }

    /// A row the library holds already: known when it held it `before` the import, else repeated.
    private mutating func found(before held: Bool) {
        if held { known += 1 } else { repeated += 1 }
    }

    /// The most rows an import reads: the largest real exports hold about 20,000, and the library's memory
    /// grows with what is imported, so a file of a million rows stops here rather than at the machine's end.
    static let maxRows = 60_000
    private var rows = 0

    /// Counts a row read; past `maxRows`, the import stops and nothing of it is kept.
    mutating func count(_ file: String) throws(UsageError) {
        rows += 1
        guard rows <= Self.maxRows else {
            throw UsageError(
                "\(file) takes the import past \(Self.maxRows) rows, more than any real export holds: check it is "
                    + "the right file; nothing was imported")
        }
    }

    mutating func problem(_ file: String, _ line: Int, _ why: String) {
        problems.append("\(file):\(line): \(why)")
    }

    /// A file that stopped before its end, said as the reader said it.
    mutating func problem(_ text: String) { problems.append(text) }

    mutating func pass(_ reason: String) { passed[reason, default: 0] += 1 }

    /// Adds the event (`landing`: the id it lands on, where the caller has it); whether it changed the film's
    /// rating.
    @discardableResult
    private mutating func add(_ event: LibraryEvent, landing: String? = nil) -> Bool {
        let landed = landing ?? library.landing(event.film)
        let before = library.ratings[landed]?.stars
        library.apply(event)
        events.append(event)
        let film = library.landing(event.film)
        if film != landed {
            // The film was merged into this one: its entries are counted under the id it lands on now.
            for counts in [\Self.logged, \Self.dayCounts] {
                guard let days = self[keyPath: counts].removeValue(forKey: landed) else { continue }
                self[keyPath: counts][film, default: [:]].merge(days, uniquingKeysWith: +)
            }
        }
        guard library.ratings[film]?.stars != before else { return false }
        rated.insert(film)
        return true
    }

    /// The films whose rating the import set or changed, by a rating or by a diary entry's stars.
    private var rated: Set<String> = []
    var ratings: Int { rated.count }

    /// The film a row names: the library's own where it knows the IMDb id or the title and year, else `film`.
    func resolve(_ film: LibraryFilm) -> LibraryFilm {
        var film = film
        if film.imdbID == nil, let known = library.film(matching: film) { film.id = known }
        return film
    }

    /// The film's rating, given on `day`, where it differs from the film's and is newer (`Library` says
    /// which rating holds): a rating changed here since, by a later export or by a diary entry logged later
    /// stands, and an older export does not set it back. A row without a day only rates a film never rated.
    mutating func rate(_ film: LibraryFilm, _ stars: Double, on day: String?) {
        let event = LibraryEvent(device: device, time: now, op: .rate, film: film, stars: stars, date: day, via: via)
        guard let claim = Library.RatingClaim(event) else { return }
        let (current, given) = library.ratingClaim(of: film)
        let takes: Bool
        // Asked only of a rating found in the library: whether it was there before the import.
        func held() -> Bool { before.ratings[before.landing(film)]?.stars == stars }
        if let given, given.stars == stars, given.day >= claim.day {
            // This rating, given again (a later export of the same account) or kept since.
            takes = false
            found(before: held())
        } else if let current, claim < current {
            if current.stars == stars { found(before: held()) } else { older += 1 }
            takes = false
        } else if let current, current.stars == stars, current.rank == 1 {
            takes = false
            found(before: held())
        } else {
            // A diary entry's stars become the film's own rating too, which a later entry's do not change.
            takes = true
        }
        if takes {
            // Counted as a rating though its stars may be those the film's diary gave it in this import.
            add(event)
            rated.insert(library.landing(film))
        } else if film.imdbID != nil && library.films[film.id] == nil || teaches(film) {
            // Kept all the same where its IMDb id names a film the library knows by title and year alone, or it
            // says what the library does not know of the film (its Letterboxd address, TMDb's id, its genres and
            // directors): the library learns it, and the rating that holds stays.
            add(event)
        }
    }

    /// Whether a row's film says something of it that the library's film does not know yet.
    private func teaches(_ film: LibraryFilm) -> Bool {
        guard let known = library.films[library.landing(film)] else { return false }
        var learnt = known
        learnt.learn(film)
        return learnt != known
    }

    /// A diary entry, unless the library has as many entries of the film that day as this export has so far.
    mutating func log(_ film: LibraryFilm, day: String, stars: Double?, rewatch: Bool, review: String?, tags: [String])
    {
        let lands = library.landing(film)
        let seenInExport = dayCounts[lands, default: [:]][day, default: 0] + 1
        dayCounts[lands, default: [:]][day] = seenInExport
        guard logged[lands, default: [:]][day, default: 0] < seenInExport else {
            return found(before: (loggedBefore[before.landing(film)]?[day] ?? 0) >= seenInExport)
        }
        logged[lands, default: [:]][day, default: 0] += 1
        var entry = LibraryEvent(
            device: device, time: now, op: .seen, film: film, stars: stars, date: day, rewatch: rewatch,
            review: review, tags: tags.isEmpty ? nil : tags, via: via)
        entry.nth = seenInExport
        add(entry, landing: lands)
        diaryEntries += 1
        if review != nil { reviews += 1 }
        // Seen on or after the day it was put on the watchlist: it comes off, as Letterboxd and seen do.
        let id = library.landing(film)
        if let added = library.wantedSince[id], added <= day {
            var unwant = LibraryEvent(device: device, time: now, op: .unwant, film: film, via: via)
            unwant.removes = library.wantIDs(id)
            add(unwant)
        }
    }

    /// A film seen on a day not known, unless the library has it as seen already (in the diary, or so).
    mutating func markWatched(_ film: LibraryFilm) {
        let id = library.landing(film)
        guard library.lastSeen[id] == nil else { return }
        guard !library.watched.contains(id) else { return found(before: before.watched.contains(before.landing(film))) }
        add(LibraryEvent(device: device, time: now, op: .watched, film: film, via: via))
        watched += 1
    }

    mutating func want(_ film: LibraryFilm, added day: String?) {
        guard !library.isWanted(film.id), !library.wasWanted(film.id, on: day) else {
            return found(before: before.isWanted(film.id) || before.wasWanted(film.id, on: day))
        }
        // Seen since it was put there (as Letterboxd does, a film logged comes off the watchlist).
        let id = library.landing(film)
        if let day, let last = library.lastSeen[id], last >= day { return seenSince += 1 }
        add(LibraryEvent(device: device, time: now, op: .want, film: film, date: day, via: via))
        wanted += 1
    }

    /// The one summary line: what was added, what was skipped and why, what was there already.
    var summary: String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        var line =
            "Imported \(count(diaryEntries, "diary entry", "diary entries")), \(count(ratings, "rating", "ratings")), "
            + "\(wanted) on the watchlist, \(count(reviews, "review", "reviews"))"
            + (watched > 0 ? ", \(watched) seen on a day not known" : "")
        var skipped: [String] = []
        if !problems.isEmpty { skipped.append("\(problems.count) bad (named above)") }
        for (reason, n) in passed.sorted(by: { $0.key < $1.key }) { skipped.append("\(n) \(reason)") }
        let total = problems.count + passed.values.reduce(0, +)
        line += "; skipped \(total)" + (skipped.isEmpty ? "" : ": " + skipped.joined(separator: ", "))
        if known > 0 { line += "; \(known) already in the library" }
        if repeated > 0 { line += "; \(repeated) repeated within the export" }
        if older > 0 { line += "; kept the library's newer rating of \(count(older, "film", "films"))" }
        if seenSince > 0 { line += "; left off the watchlist \(count(seenSince, "film", "films")) seen since" }
        return line + "."
    }

    // MARK: Reading fields

    /// Stars from 0.5 to 5 in halves as Letterboxd writes them (`3.5`, `4`); nil for an empty field.
    static func letterboxdStars(_ text: String) -> Double?? {
        let text = text.trimmedSpaces()
        if text.isEmpty { return .some(nil) }
        guard let value = Double(text), value >= 0.5, value <= 5, (value * 2).rounded() == value * 2 else { return nil }
        return value
    }

    /// A year, or nil for an empty field; `.none` for one that is not a year.
    static func year(_ text: String) -> Int?? {
        let text = text.trimmedSpaces()
        if text.isEmpty { return .some(nil) }
        guard let year = Int(text), (1870...2100).contains(year) else { return nil }
        return year
    }

    /// Tags as Letterboxd writes them: `a, b, c`.
    static func tags(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmedSpaces() }.filter { !$0.isEmpty }
    }

    /// The last part of a Letterboxd address: `2bfi` for `https://boxd.it/2bfi`, `blade-runner` for
    /// `https://letterboxd.com/film/blade-runner/`.
    static func letterboxdCode(_ uri: String) -> String? {
        var parts = uri.split(separator: "/").filter { !$0.isEmpty }
        // Exports before 2020: `https://letterboxd.com/USER/film/SLUG/` and `…/SLUG/2/` for a second viewing.
        if let film = parts.lastIndex(of: "film"), film + 1 < parts.count { parts = Array(parts[...(film + 1)]) }
        guard uri.contains("boxd.it/") || uri.contains("letterboxd.com/"), parts.count >= 2, let last = parts.last,
            last.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), last.count <= 100
        else { return nil }
        return String(last)
    }

    /// Whether two Letterboxd addresses name two films: both of one form (`boxd.it/…`, or
    /// `letterboxd.com/film/…`) and not the same. Of two forms they may name one film, as an older and a
    /// newer export of the same account do.
    static func differ(_ a: String, _ b: String) -> Bool {
        guard let first = letterboxdCode(a), let second = letterboxdCode(b) else { return false }
        return a.contains("boxd.it/") == b.contains("boxd.it/") && first != second
    }

    /// An id for a film known by its title and year alone: `letterboxd:blade-runner-1982`.
    static func slug(_ title: String, _ year: Int?) -> String {
        let folded = Text.fold(title).lowercased()
        var slug = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasPrefix("-") { slug.removeFirst() }
        while slug.hasSuffix("-") { slug.removeLast() }
        slug = String(slug.prefix(80))
        return "letterboxd:" + (slug.isEmpty ? "film" : slug) + (year.map { "-\($0)" } ?? "")
    }
}

/// The columns of a CSV header, found by name whatever their case and order.
struct CSVColumns {
    let names: [String]

    init(_ header: [String]) {
        names = header.map { $0.trimmedSpaces().lowercased() }
    }

    func index(_ candidates: String...) -> Int? {
        for candidate in candidates { if let index = names.firstIndex(of: candidate) { return index } }
        return nil
    }

    func has(_ names: String...) -> Bool { names.allSatisfy { self.names.contains($0) } }
}

extension Array where Element == String {
    /// The field at `index`, trimmed; empty when the row is short or there is no such column.
    subscript(field index: Int?) -> String {
        guard let index, index < count else { return "" }
        return self[index].trimmed()
    }
}
