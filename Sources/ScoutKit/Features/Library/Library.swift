import FoundationEssentials

/// The library as its events leave it: ratings, the diary, the watchlist and notes, each a view folded
/// from `library.jsonl` (an `unwant` takes a film off the watchlist).
///
/// A film's rating is the one given last, as on Letterboxd: the newest by its day of a `rate` (the day of an
/// export's row, or of the command) and a rated diary entry (its watched day), whatever order the events
/// come in, so that an older export never sets back a newer rating and every device folds the same. On
/// one day a rating beats a diary entry's stars; a rating given in scout beats an export's, Letterboxd's beats
/// IMDb's, in any order; then the later event; then the later in the log.
public struct Library: Sendable {
    public struct Rating: Sendable, Equatable {
        public var stars: Double
        /// The day it was given (`YYYY-MM-DD`): an export's date rated, or the day of `rate`.
        public var day: String
    }

    /// What puts a rating on a film, ordered so that the greatest is the one that holds.
    struct RatingClaim: Comparable, Sendable {
        /// `YYYY-MM-DD`, or empty for an imported rating that gave no day (it only rates a film never rated).
        var day: String
        /// 1 for a rating, 0 for a diary entry's stars: on one day the film's own rating holds.
        var rank: Int
        /// Of two ratings of one day, where each came from, whatever order they came in: 2 a rating given in
        /// scout, 1 Letterboxd's export (half stars as given), 0 another export's (IMDb's tens, halved); 0 for a
        /// diary entry's stars.
        var source = 0
        var time: Date
        /// nil: the rating was cleared.
        var stars: Double?

        /// Claims that tie are decided by the order of the log, which sync makes the same on every device.
        static func < (a: Self, b: Self) -> Bool {
            (a.day, a.rank, a.source, a.time) < (b.day, b.rank, b.source, b.time)
        }
        static func == (a: Self, b: Self) -> Bool {
            (a.day, a.rank, a.source, a.time) == (b.day, b.rank, b.source, b.time)
        }

        /// The claim a `rate` or a rated `seen` makes; nil for an event that rates nothing.
        init?(_ event: LibraryEvent) {
            switch event.op {
            case .rate:
                day = event.date ?? (event.via == nil ? Day.of(event.time) : "")
                rank = 1
                source = event.via == nil ? 2 : event.via == "letterboxd" ? 1 : 0
            case .seen where event.stars != nil:
                day = event.date ?? Day.of(event.time)
                rank = 0
            default: return nil
            }
            (time, stars) = (event.time, event.stars)
        }

        /// A diary entry's stars, as it stands (after an edit).
        init(_ entry: DiaryEntry) {
            (day, rank, time, stars) = (entry.date, 0, entry.time, entry.stars)
        }
    }

    public struct DiaryEntry: Sendable, Equatable {
        /// The event's id.
        public var id: String
        public var film: String
        /// `YYYY-MM-DD`.
        public var date: String
        public var stars: Double?
        public var rewatch: Bool
        public var review: String?
        public var tags: [String]
        /// When it was logged, or last edited: of two rated entries of one day, the later's stars hold.
        var time: Date
    }

    public struct Wanted: Sendable, Equatable {
        public var film: String
        /// `YYYY-MM-DD`.
        public var added: String
    }

    public private(set) var films: [String: LibraryFilm] = [:]
    public private(set) var ratings: [String: Rating] = [:]
    /// What each film's rating comes from; the newest of its rated diary entries; its newest `rate`.
    private(set) var ratingClaims: [String: RatingClaim] = [:]
    private(set) var diaryClaims: [String: RatingClaim] = [:]
    private var rateClaims: [String: RatingClaim] = [:]
    /// In the order they were logged.
    public private(set) var diary: [DiaryEntry] = []
    /// In the order they were added, oldest first.
    public private(set) var watchlist: [Wanted] = []
    /// Each film's last diary day, and the day each film on the watchlist was put there: what an import asks
    /// of every row, found without a walk over the diary or the watchlist.
    private(set) var lastSeen: [String: String] = [:]
    private(set) var wantedSince: [String: String] = [:]
    public private(set) var notes: [String: String] = [:]
    /// Films seen on a day not known (`watched`): seen, though the diary has no day for them.
    public private(set) var watched: Set<String> = []
    /// Where each film came from first: the export it was imported from (`letterboxd`, `imdb`), else the
    /// source of its id (`omdb`, `movies`, `itunes`), for stats.
    public private(set) var origins: [String: String] = [:]
    /// Each film put on the watchlist with the day it was added (`film|day`), so an export imported again
    /// does not bring back a film taken off since.
    private var everWanted: Set<String> = []
    /// The `want` events keeping each film on the watchlist, and those an `unwant` took back: the watchlist
    /// is an observed-remove set, so a `want` an `unwant` had not seen (another device's) survives it.
    private var wants: [String: Set<String>] = [:]
    private var unwanted: Set<String> = []
    /// When each `want` keeping a film on the watchlist was made, and when each film was last seen: a want
    /// no later than the film's last viewing no longer holds.
    private var wantStamps: [String: Stamp] = [:]
    private var seenStamps: [String: Stamp] = [:]
    /// Diary entries taken back (`unlog`) before the fold met them.
    private var unlogged: Set<String> = []
    /// Imported entries the film had already (by `nth`), with the film and day they were counted under and
    /// their `nth`: the entry that stands for one is the nth of that film and day.
    private var duplicates: [String: (key: String, nth: Int)] = [:]

    /// A day, then the moment, for ordering a want against a viewing: the day first, since an export's rows
    /// are all stamped with the moment of the import.
    struct Stamp: Comparable, Sendable {
        var day: String
        var time: Date
        static func < (a: Self, b: Self) -> Bool { (a.day, a.time) < (b.day, b.time) }
    }
    /// How many diary entries each film has on each day (`film|day`), which an imported entry's `nth` is
    /// measured against.
    private(set) var entriesOn: [String: Int] = [:]
    /// Films by folded title and year, to match a film an export names without an id.
    private var byTitle: [String: String] = [:]

    public init() {}

    public init(_ events: some Sequence<LibraryEvent>) {
        for event in events { apply(event) }
    }

    /// Films that turned out to be another (a Letterboxd film, the film of an IMDb id), and that film's id.
    private var aliases: [String: String] = [:]
    /// Films by TMDb's id: films of any id that TMDb knows as one are one.
    private var byTMDb: [String: String] = [:]

    public mutating func apply(_ event: LibraryEvent) {
        let id = adopt(event.film, via: event.via)
        var event = event
        event.film.id = id
        if let claim = RatingClaim(event) { offer(claim, for: id) }
        switch event.op {
        case .rate:
            break
        case .seen:
            let day = event.date ?? Day.of(event.time)
            // An imported entry the film has already (the same export imported on another device): once, and
            // an edit or a removal of this one is of the entry that stands for it.
            let key = id + "|" + day
            if let nth = event.nth, entriesOn[key, default: 0] >= nth {
                duplicates[event.id] = (key, nth)
                break
            }
            // Counted for good, even once taken back: the same export imported again does not bring it back.
            entriesOn[key, default: 0] += 1
            guard !unlogged.contains(event.id) else { break }
            if lastSeen[id].map({ $0 < day }) ?? true { lastSeen[id] = day }
            diary.append(
                DiaryEntry(
                    id: event.id, film: id, date: day, stars: event.stars,
                    rewatch: event.rewatch ?? false, review: event.review, tags: event.tags ?? [], time: event.time))
            // Seen after it was wanted: off the watchlist, whatever order the events come in (as Letterboxd
            // does, and as `seen` does on the device that logs it); wanted again after that, back on.
            let stamp = Stamp(day: day, time: event.time)
            if seenStamps[id].map({ $0 < stamp }) ?? true {
                seenStamps[id] = stamp
                if wants[id] != nil { refreshWanted(id) }
            }
        case .unlog:
            for target in event.removes ?? [] {
                guard let index = entryIndex(target) else {
                    unlogged.insert(target)
                    continue
                }
                let entry = diary.remove(at: index)
                reviewEntries(of: entry.film)
            }
        case .edit:
            guard let target = event.removes?.first, let index = entryIndex(target) else { break }
            let day = event.date ?? diary[index].date
            if day != diary[index].date { entriesOn[diary[index].film + "|" + day, default: 0] += 1 }
            diary[index].date = day
            diary[index].stars = event.stars
            diary[index].rewatch = event.rewatch ?? false
            diary[index].review = event.review
            diary[index].tags = event.tags ?? []
            diary[index].time = event.time
            reviewEntries(of: diary[index].film)
        case .want:
            let added = event.date ?? Day.of(event.time)
            everWanted.insert(id + "|" + added)
            guard !unwanted.contains(event.id) else { break }
            wants[id, default: []].insert(event.id)
            wantStamps[event.id] = Stamp(day: added, time: event.time)
            refreshWanted(id)
        case .unwant:
            if let removes = event.removes {
                unwanted.formUnion(removes)
                wants[id]?.subtract(removes)
            } else {
                wants[id] = nil
            }
            refreshWanted(id)
        case .note:
            notes[id] = event.text.flatMap { $0.isEmpty ? nil : $0 }
        case .watched:
            watched.insert(id)
        }
    }

    /// Takes in the film an event is about, and gives the id it is known by here: where it lands (its own id, or
    /// the film it is one with, `landing(of:)`), knowing what the event says of it (its ids, genres, directors).
    mutating func adopt(_ film: LibraryFilm, via: String? = nil) -> String {
        let from = aliases[film.id] ?? film.id
        let (id, absorbed) = landing(of: film)
        if let absorbed {
            merge(absorbed, into: id)
        } else if from != id {
            aliases[from] = id
        }
        if var known = films[id] {
            known.learn(film)
            films[id] = known
        } else {
            var landed = film
            landed.id = id
            films[id] = landed
            origins[id] = via ?? film.source
            let key = film.matchKey
            if byTitle[key] == nil { byTitle[key] = id }
        }
        if let tmdb = films[id]?.tmdbID, byTMDb[tmdb] == nil { byTMDb[tmdb] = id }
        return id
    }

    /// The film's place on the watchlist as its `want` events leave it: on since the first day among those
    /// after its last viewing (a want no later than the film's last diary entry no longer holds), off when none
    /// is.
    private mutating func refreshWanted(_ id: String) {
        let seen = seenStamps[id]
        let live = (wants[id] ?? []).compactMap { wantStamps[$0] }.filter { want in seen.map { want > $0 } ?? true }
        guard let since = live.map(\.day).min() else {
            if wants[id]?.isEmpty ?? false { wants[id] = nil }
            if wantedSince.removeValue(forKey: id) != nil { watchlist.removeAll { $0.film == id } }
            return
        }
        if wantedSince[id] != nil, let index = watchlist.firstIndex(where: { $0.film == id }) {
            watchlist[index].added = since
        } else {
            watchlist.append(Wanted(film: id, added: since))
        }
        wantedSince[id] = since
    }

    /// Where the diary holds entry `id`, or the entry that stands for it (an imported entry the film had
    /// already, from another device's import of the same export).
    private func entryIndex(_ id: String) -> Int? {
        if let index = diary.lastIndex(where: { $0.id == id }) { return index }
        guard let (key, nth) = duplicates[id] else { return nil }
        let same = diary.indices.filter { diary[$0].film + "|" + diary[$0].date == key }
        return nth <= same.count ? same[nth - 1] : same.last
    }

    /// What a film's diary entries make of it, made again after one was taken back or edited: its last day
    /// seen, the newest of its entries' stars as a claim to its rating, and the watchlist against its last
    /// viewing.
    private mutating func reviewEntries(of film: String) {
        let entries = diary.filter { $0.film == film }
        lastSeen[film] = entries.map(\.date).max()
        seenStamps[film] = entries.map { Stamp(day: $0.date, time: $0.time) }.max()
        refreshWanted(film)
        diaryClaims[film] = entries.filter { $0.stars != nil }.map(RatingClaim.init).reduce(nil) { best, claim in
            best.map { claim < $0 ? $0 : claim } ?? claim
        }
        let holds = [diaryClaims[film], rateClaims[film]].compactMap { $0 }.max()
        ratingClaims[film] = holds
        ratings[film] = holds?.stars.map { Rating(stars: $0, day: holds?.day ?? "") }
    }

    /// Makes the claim the film's rating unless the one that holds is newer (of two that tie, the later).
    private mutating func offer(_ claim: RatingClaim, for film: String) {
        if claim.rank == 0, diaryClaims[film].map({ !(claim < $0) }) ?? true { diaryClaims[film] = claim }
        if claim.rank == 1, rateClaims[film].map({ !(claim < $0) }) ?? true { rateClaims[film] = claim }
        guard ratingClaims[film].map({ !(claim < $0) }) ?? true else { return }
        ratingClaims[film] = claim
        ratings[film] = claim.stars.map { Rating(stars: $0, day: claim.day) }
    }

    /// Moves all the library holds of `old` to `new`: its rating (the newer of the two), diary entries,
    /// place on the watchlist and note.
    private mutating func merge(_ old: String, into new: String) {
        aliases[old] = new
        for (from, to) in aliases where to == old { aliases[from] = new }
        if let film = films.removeValue(forKey: old) {
            var merged = films[new] ?? LibraryFilm(id: new, title: film.title, year: film.year)
            merged.learn(film)
            films[new] = merged
            byTitle[film.matchKey] = new
        }
        ratings[old] = nil
        if let claim = diaryClaims.removeValue(forKey: old) { offer(claim, for: new) }
        if let claim = rateClaims.removeValue(forKey: old) { offer(claim, for: new) }
        if let claim = ratingClaims.removeValue(forKey: old) { offer(claim, for: new) }
        for index in diary.indices where diary[index].film == old {
            diary[index].film = new
            entriesOn[old + "|" + diary[index].date] = nil
            entriesOn[new + "|" + diary[index].date, default: 0] += 1
        }
        for index in watchlist.indices where watchlist[index].film == old { watchlist[index].film = new }
        var listed: Set<String> = []
        watchlist.removeAll { !listed.insert($0.film).inserted }
        if wantedSince.removeValue(forKey: old) != nil, wantedSince[new] == nil {
            wantedSince[new] = watchlist.first(where: { $0.film == new })?.added
        }
        if let seen = seenStamps.removeValue(forKey: old), seenStamps[new].map({ $0 < seen }) ?? true {
            seenStamps[new] = seen
        }
        if let day = lastSeen.removeValue(forKey: old), lastSeen[new].map({ $0 < day }) ?? true { lastSeen[new] = day }
        if let note = notes.removeValue(forKey: old), notes[new] == nil { notes[new] = note }
        if let ids = wants.removeValue(forKey: old) { wants[new, default: []].formUnion(ids) }
        if wants[new] != nil { refreshWanted(new) }
        if let origin = origins.removeValue(forKey: old), origins[new] == nil { origins[new] = origin }
        if watched.remove(old) != nil { watched.insert(new) }
        everWanted = Set(everWanted.map { $0.hasPrefix(old + "|") ? new + $0.dropFirst(old.count) : $0 })
    }

    /// The film with this folded title and year, where the library has one and no id tells the two apart.
    func film(matching film: LibraryFilm) -> String? {
        guard let other = byTitle[film.matchKey], !toldApart(film, other) else { return nil }
        return other
    }

    /// Whether `film` and the library's film `other`, of the same title and year, are two all the same: two
    /// Letterboxd addresses of one form (two "Lost Country (2023)" on one watchlist), two IMDb ids or two TMDb
    /// ids.
    private func toldApart(_ film: LibraryFilm, _ other: String) -> Bool {
        if let mine = film.imdbID, let theirs = OMDbSource.imdb(ofItem: other), mine != theirs { return true }
        if let mine = film.tmdbID, let theirs = films[other]?.tmdbID, mine != theirs { return true }
        guard let mine = film.letterboxd, let theirs = films[other]?.letterboxd else { return false }
        return LibraryImport.differ(mine, theirs)
    }

    /// Whether a film of this id is known to other sources by its title and year alone: a Letterboxd film, or a
    /// TMDb film whose IMDb id TMDb did not give.
    private static func knownByTitle(_ id: String) -> Bool { id.hasPrefix("letterboxd:") || id.hasPrefix("tmdb:") }

    /// The film already in the library that `film`, new under `id`, is one with: a film known by its title and
    /// year alone (Letterboxd's, or TMDb's without an IMDb id) and the same title and year with an IMDb id are
    /// one, under the IMDb id, whichever came first; with a film of another source (the catalog's), under the id
    /// that came first, as an import on one device lands it (an export's row of a catalog film, imported on
    /// another device).
    private func twin(of film: LibraryFilm, id: String) -> String? {
        guard films[id] == nil, let other = self.film(matching: film), other != id else { return nil }
        if film.imdbID != nil { return Self.knownByTitle(other) ? other : nil }
        return Self.knownByTitle(id) || Self.knownByTitle(other) ? other : nil
    }

    /// The id an event about `film` lands on, and the library's film it makes one with that id where there is
    /// one: the film TMDb knows by the same id (the one with an IMDb id holds; of two without, the one the
    /// library had), else the twin of the same title and year (`twin(of:id:)`).
    func landing(of film: LibraryFilm) -> (id: String, absorbs: String?) {
        let id = aliases[film.id] ?? film.id
        if let tmdb = film.tmdbID, let known = byTMDb[tmdb] {
            let other = aliases[known] ?? known
            switch (OMDbSource.imdb(ofItem: id), OMDbSource.imdb(ofItem: other)) {
            case _ where other == id: return (id, nil)
            case (.some, nil): return (id, other)
            case (nil, _): return (other, films[id] == nil ? nil : id)
            case (.some, .some): break // two IMDb ids: two films, whatever TMDb joined
            }
        }
        guard let other = twin(of: film, id: id) else { return (id, nil) }
        return film.imdbID != nil ? (id, other) : (other, nil)
    }

    /// Where what the library holds of `film` is now: under its own id, or that of the film it is (or will be)
    /// one with.
    func landing(_ film: LibraryFilm) -> String {
        let (id, absorbs) = landing(of: film)
        return absorbs ?? id
    }

    /// What the film's rating comes from now, and its newest `rate`.
    func ratingClaim(of film: LibraryFilm) -> (holds: RatingClaim?, rated: RatingClaim?) {
        let id = landing(film)
        return (ratingClaims[id], rateClaims[id])
    }

    /// The diary entries of a film, oldest first.
    func entries(of film: String) -> [DiaryEntry] {
        diary.filter { $0.film == film }.sorted { $0.date < $1.date }
    }

    func isWanted(_ film: String) -> Bool { wantedSince[film] != nil }

    /// The `want` events keeping a film on the watchlist, which an `unwant` now takes back.
    func wantIDs(_ film: String) -> [String] { (wants[film] ?? []).sorted() }

    /// Whether the film was put on the watchlist on that day before (nil: never asked).
    func wasWanted(_ film: String, on day: String?) -> Bool {
        day.map { everWanted.contains(film + "|" + $0) } ?? false
    }

    /// The film the library knows by `id`: its own, one it was known by before it was made one with another
    /// (`letterboxd:2a9q`), or TMDb's (`tmdb:550`) of a film known by its IMDb id.
    func film(named id: String) -> LibraryFilm? {
        if let film = films[aliases[id] ?? id] { return film }
        guard let (tv, tmdb) = TMDbSource.tmdbID(ofItem: id), !tv, let known = byTMDb[tmdb] else { return nil }
        return films[aliases[known] ?? known]
    }

    /// The film's title, or its id when the library has never seen it.
    func label(_ film: String) -> String { films[film]?.label ?? film }
}
