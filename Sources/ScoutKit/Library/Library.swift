import FoundationEssentials

/// The library as its events leave it: ratings, the diary, the watchlist and notes, each a view folded
/// from `library.jsonl` in the order it holds them (a later rating replaces an earlier one; an `unwant`
/// takes a film off the watchlist).
public struct Library: Sendable {
    public struct Rating: Sendable, Equatable {
        public var stars: Double
        /// The day it was given (`YYYY-MM-DD`): an export's date rated, or the day of `rate`.
        public var day: String
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
    }

    public struct Wanted: Sendable, Equatable {
        public var film: String
        /// `YYYY-MM-DD`.
        public var added: String
    }

    public private(set) var films: [String: LibraryFilm] = [:]
    public private(set) var ratings: [String: Rating] = [:]
    /// In the order they were logged.
    public private(set) var diary: [DiaryEntry] = []
    /// In the order they were added, oldest first.
    public private(set) var watchlist: [Wanted] = []
    public private(set) var notes: [String: String] = [:]
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
    /// Films by folded title and year, to match a film an export names without an id.
    private var byTitle: [String: String] = [:]

    public init() {}

    public init(_ events: some Sequence<LibraryEvent>) {
        for event in events { apply(event) }
    }

    /// Letterboxd films that turned out to be a film with an IMDb id, and that id.
    private var aliases: [String: String] = [:]

    public mutating func apply(_ event: LibraryEvent) {
        var id = aliases[event.film.id] ?? event.film.id
        let isNew = films[id] == nil
        let key = isNew ? event.film.matchKey : ""
        if isNew, let other = byTitle[key], other != id {
            // One film under two ids: a Letterboxd film (known only by its title and year) and the same
            // title and year with an IMDb id are one, under the IMDb id, whichever came first.
            if event.film.imdbID != nil, other.hasPrefix("letterboxd:") {
                merge(other, into: id)
            } else if id.hasPrefix("letterboxd:"), films[other]?.imdbID != nil {
                aliases[id] = other
                id = other
            }
        }
        var event = event
        event.film.id = id
        if var known = films[id] {
            known.learn(event.film)
            films[id] = known
        } else {
            films[id] = event.film
            origins[id] = event.via ?? event.film.source
            if byTitle[key] == nil { byTitle[key] = id }
        }
        switch event.op {
        case .rate:
            ratings[id] = event.stars.map { Rating(stars: $0, day: event.date ?? Day.of(event.time)) }
        case .seen:
            diary.append(
                DiaryEntry(
                    id: event.id, film: id, date: event.date ?? Day.of(event.time), stars: event.stars,
                    rewatch: event.rewatch ?? false, review: event.review, tags: event.tags ?? []))
        case .want:
            let added = event.date ?? Day.of(event.time)
            everWanted.insert(id + "|" + added)
            guard !unwanted.contains(event.id) else { break }
            wants[id, default: []].insert(event.id)
            if !watchlist.contains(where: { $0.film == id }) { watchlist.append(Wanted(film: id, added: added)) }
        case .unwant:
            if let removes = event.removes {
                unwanted.formUnion(removes)
                wants[id]?.subtract(removes)
            } else {
                wants[id] = nil
            }
            if wants[id]?.isEmpty ?? true {
                wants[id] = nil
                watchlist.removeAll { $0.film == id }
            }
        case .note:
            notes[id] = event.text.flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// Moves all the library holds of `old` to `new`: its rating (where `new` has none), diary entries,
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
        if let rating = ratings.removeValue(forKey: old), ratings[new] == nil { ratings[new] = rating }
        for index in diary.indices where diary[index].film == old { diary[index].film = new }
        for index in watchlist.indices where watchlist[index].film == old { watchlist[index].film = new }
        var listed: Set<String> = []
        watchlist.removeAll { !listed.insert($0.film).inserted }
        if let note = notes.removeValue(forKey: old), notes[new] == nil { notes[new] = note }
        if let ids = wants.removeValue(forKey: old) { wants[new, default: []].formUnion(ids) }
        if let origin = origins.removeValue(forKey: old), origins[new] == nil { origins[new] = origin }
        everWanted = Set(everWanted.map { $0.hasPrefix(old + "|") ? new + $0.dropFirst(old.count) : $0 })
    }

    /// The film with this folded title and year, where the library has one.
    func film(matching film: LibraryFilm) -> String? {
        byTitle[film.matchKey]
    }

    /// The diary entries of a film, oldest first.
    func entries(of film: String) -> [DiaryEntry] {
        diary.filter { $0.film == film }.sorted { $0.date < $1.date }
    }

    func isWanted(_ film: String) -> Bool { watchlist.contains { $0.film == film } }

    /// The `want` events keeping a film on the watchlist, which an `unwant` now takes back.
    func wantIDs(_ film: String) -> [String] { (wants[film] ?? []).sorted() }

    /// Whether the film was put on the watchlist on that day before (nil: never asked).
    func wasWanted(_ film: String, on day: String?) -> Bool {
        day.map { everWanted.contains(film + "|" + $0) } ?? false
    }

    /// The film's title, or its id when the library has never seen it.
    func label(_ film: String) -> String { films[film]?.label ?? film }
}
