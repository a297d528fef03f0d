import FoundationEssentials

/// One change to the library, as `library.jsonl` holds it, one a line: what happened to which film, with
/// what sync needs to fold every device's log the same way (a unique id, the device, the time).
///
/// The film travels with every event (its title and year, and the genres and directors a source gave), so
/// that each view can be made from the events alone.
public struct LibraryEvent: Codable, Sendable, Equatable {
    public enum Operation: String, Codable, Sendable {
        /// `stars`; none clears the rating.
        case rate
        /// A diary entry: `date`, and `stars`, `rewatch`, `review` and `tags` as given.
        case seen
        /// Onto the watchlist (`date`: the day it was added, where an export says).
        case want
        case unwant
        /// `text`; none clears the note.
        case note
        /// Seen, on a day not known: a film Letterboxd has as watched with no diary entry (`watched.csv`, or a
        /// row of its import format with neither a day nor a rating).
        case watched
        /// Takes back the diary entries `removes` names (`diary rm`).
        case unlog
        /// Makes the diary entry `removes` names what this event says: `date`, `stars`, `rewatch`, `review`
        /// and `tags`, each as given (none: none), the whole entry (`diary edit`).
        case edit
    }

    public var id: String
    public var device: String
    public var time: Date
    public var op: Operation
    public var film: LibraryFilm
    public var stars: Double?
    /// A day, `YYYY-MM-DD`.
    public var date: String?
    public var rewatch: Bool?
    public var review: String?
    public var tags: [String]?
    public var text: String?
    /// The export an imported event came from (`letterboxd`, `imdb`): a later export of the same account
    /// does not set again a rating it set before, though the film was rated otherwise since.
    public var via: String?
    /// For `unwant`: the `want` events it takes back, those its device had seen. A `want` made elsewhere at
    /// the same time is not among them, and keeps the film on the watchlist. None: every `want` before it.
    /// For `unlog` and `edit`: the diary entries (`seen` events) it takes back or edits.
    public var removes: [String]?
    /// For an imported `seen`: which entry of its film that day the export holds it to be (1, 2…). It adds to
    /// the diary only while the film has fewer entries that day, so that one export imported on two devices
    /// (or a device's export imported on another) logs each entry once when they sync. None: always adds.
    public var nth: Int?

    public init(
        id: String = LibraryEvent.newID(), device: String, time: Date, op: Operation, film: LibraryFilm,
        stars: Double? = nil, date: String? = nil, rewatch: Bool? = nil, review: String? = nil,
        tags: [String]? = nil, text: String? = nil, via: String? = nil
    ) {
        (self.id, self.device, self.time, self.op, self.film) = (id, device, time, op, film)
        (self.stars, self.date, self.rewatch, self.review, self.tags, self.text) =
            (stars, date, rewatch, review, tags, text)
        self.via = via
    }
}

extension LibraryEvent {
    /// A random (version 4) UUID, from the system's generator: Foundation's `UUID()` opens /dev/urandom
    /// for each one, which cost an import of ten thousand rows a tenth of a second.
    public static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// A film as the library knows it: its id (`omdb:tt…` where the IMDb id is known, else the source's own
/// or Letterboxd's), the other ids it is known by (TMDb's, Letterboxd's address), title and year, and what
/// stats counts.
public struct LibraryFilm: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var year: Int?
    public var genres: [String]?
    public var directors: [String]?
    /// The film's Letterboxd address, where an export gave it.
    public var letterboxd: String?
    /// TMDb's id of the film (`550`), where a source gave it or TMDb was asked: films of any id that share it are
    /// one.
    public var tmdb: String?
    /// What it is when it is not a film: `series`, `episode` or `game` (IMDb's title type, OMDb's type),
    /// which Letterboxd, a site of films, does not take.
    public var kind: String?

    public init(
        id: String, title: String, year: Int? = nil, genres: [String]? = nil, directors: [String]? = nil,
        letterboxd: String? = nil, tmdb: String? = nil, kind: String? = nil
    ) {
        (self.id, self.title, self.year, self.genres, self.directors, self.letterboxd) =
            (id, title, year, genres, directors, letterboxd)
        (self.tmdb, self.kind) = (tmdb, kind)
    }

    /// The film of a search result, a favourite or a selection: the source's genres and directors with it. A
    /// TMDb film whose IMDb id its details gave is `omdb:tt…`, the id an OMDb result and an IMDb export give it.
    init(_ item: Item) {
        func list(_ name: String) -> [String]? {
            guard let text = item[field: name], !text.isEmpty, text != "N/A" else { return nil }
            return text.split(separator: ",").map { $0.trimmedSpaces() }.filter { !$0.isEmpty }
        }
        self.init(
            id: item.id, title: item.title, year: item.year, genres: list("genre"), directors: list("director"),
            kind: item[field: "kind"].flatMap(Self.kind))
        if let (tv, tmdb) = TMDbSource.tmdbID(ofItem: item.id), !tv {
            self.tmdb = tmdb
            if let imdb = item[field: "imdb"], TMDbSource.isIMDbID(imdb) { id = OMDbSource.itemID(imdb: imdb) }
        }
    }

    /// A title type as IMDb and OMDb spell it (`tvSeries`, `TV Mini Series`, `episode`), as `kind`: nil for a
    /// film of any sort (`movie`, `Feature Film`, `TV Movie`, `Short`, `Video`).
    static func kind(_ type: String) -> String? {
        let type = type.lowercased().filter { $0.isLetter }
        if type.hasSuffix("series") { return "series" }
        if type.hasSuffix("episode") { return "episode" }
        if type.contains("game") { return "game" }
        return nil
    }

    /// Whether Letterboxd takes it: a film, not a series, an episode or a game.
    var isFilm: Bool { kind == nil }

    /// The source the id names: `omdb` for `omdb:tt0083658`.
    public var source: String { String(id.prefix { $0 != ":" }) }

    /// The IMDb id, where the film has one.
    public var imdbID: String? { OMDbSource.imdb(ofItem: id) }

    /// TMDb's id of the film, where it is known: `tmdb`, or the one its id holds (`tmdb:550`; not a series').
    public var tmdbID: String? {
        tmdb ?? TMDbSource.tmdbID(ofItem: id).flatMap { $0.tv ? nil : $0.id }
    }

    /// `Blade Runner (1982)`.
    public var label: String { year.map { "\(title) (\($0))" } ?? title }

    /// What films are matched by across files and sources: the folded title and the year.
    /// Folded as the picker folds (case, accents and width), runs of spaces as one: without Foundation's
    /// folding, whose tables cost a library of ten thousand films a quarter of a second. ASCII titles, most,
    /// take a byte loop.
    var matchKey: String {
        var key: [UInt8] = []
        key.reserveCapacity(title.utf8.count + 5)
        func add(_ byte: UInt8) {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if let last = key.last, last != 0x20 { key.append(0x20) }
            } else {
                key.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
        }
        if title.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in title.utf8 { add(byte) }
        } else {
            for value in PickerFold.scalars(title, keepCase: false) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                if scalar.properties.isWhitespace {
                    add(0x20)
                } else {
                    key.append(contentsOf: String(Character(scalar)).utf8)
                }
            }
        }
        if key.last == 0x20 { key.removeLast() }
        key.append(0x7C)
        if let year { key.append(contentsOf: String(year).utf8) }
        return String(decoding: key, as: UTF8.self)
    }

    /// Keeps what the other knows and this does not.
    mutating func learn(_ other: LibraryFilm) {
        if title.isEmpty || title == id { title = other.title }
        year = year ?? other.year
        if genres?.isEmpty ?? true { genres = other.genres }
        if directors?.isEmpty ?? true { directors = other.directors }
        letterboxd = letterboxd ?? other.letterboxd
        if tmdbID == nil { tmdb = other.tmdbID }
        kind = kind ?? other.kind
    }
}
