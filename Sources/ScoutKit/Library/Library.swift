import FoundationEssentials

/// The library as its events leave it: ratings, the diary, the watchlist and notes, each a view folded
/// from `library.jsonl` in the order it holds them (a later rating replaces an earlier one; an `unwant`
/// takes a film off the watchlist).
public struct Library: Sendable {
    public struct Rating: Sendable, Equatable {
        public var stars: Double
        public var time: Date
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
    /// Films by folded title and year, to match a film an export names without an id.
    private var byTitle: [String: String] = [:]

    public init() {}

    public init(_ events: some Sequence<LibraryEvent>) {
        for event in events { apply(event) }
    }

    public mutating func apply(_ event: LibraryEvent) {
        let id = event.film.id
        if var known = films[id] {
            known.learn(event.film)
            films[id] = known
        } else {
            films[id] = event.film
            byTitle[event.film.matchKey] = byTitle[event.film.matchKey] ?? id
        }
        switch event.op {
        case .rate:
            ratings[id] = event.stars.map { Rating(stars: $0, time: event.time) }
        case .seen:
            diary.append(
                DiaryEntry(
                    id: event.id, film: id, date: event.date ?? Day.of(event.time), stars: event.stars,
                    rewatch: event.rewatch ?? false, review: event.review, tags: event.tags ?? []))
        case .want:
            if !watchlist.contains(where: { $0.film == id }) {
                watchlist.append(Wanted(film: id, added: event.date ?? Day.of(event.time)))
            }
        case .unwant:
            watchlist.removeAll { $0.film == id }
        case .note:
            notes[id] = event.text.flatMap { $0.isEmpty ? nil : $0 }
        }
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

    /// The film's title, or its id when the library has never seen it.
    func label(_ film: String) -> String { films[film]?.label ?? film }
}
