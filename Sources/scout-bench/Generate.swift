import ArgumentParser
import Foundation
import ScoutKit

/// Writes a large, realistic scout state into a home folder's XDG folders, for `scripts/bench`:
/// history records, favourites, denied terms, cache entries, a session with many selections, and a library
/// (with the same diary as a Letterboxd export, to import).
/// Favourites and the session go through scout's own stores; history, the deny list and the cache
/// entries are written in their on-disk formats directly (a million appends under a lock would take hours).
@main
struct ScoutBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scout-bench",
        abstract: "Write a large scout state (XDG folders under --home) for the benchmarks.")

    @Option(help: "The folder to fill: config/, data/, state/ and cache/ are made under it.")
    var home: String

    @Option(help: "History records.") var history = 1_000_000
    @Option(help: "Favourites.") var favourites = 10_000
    @Option(help: "Denied terms.") var deny = 1_000_000
    @Option(help: "Cache entries.") var cache = 1_000
    @Option(help: "Selections in the session.") var selections = 200
    @Option(
        help:
            ArgumentHelp(
                "Instead of writing a state, time the picker over the history under --home, typing this query "
                    + "a key at a time.")
    )
    var measurePicker: String?
    @Option(help: "Diary entries and ratings in the library (each of its films logged once and rated once).")
    var library = 10_000
    @Option(help: "Instead of writing a state, write a poster-like JPEG of --art-size pixels to this file.")
    var artSample: String?
    @Option(help: "The sample's size, WIDTHxHEIGHT.") var artSize = "600x600"

    /// Words users search for: film and restaurant words, artists, and a few that are not ASCII.
    static let words = [
        "alien", "heat", "kubrick", "star", "wars", "love", "story", "night", "city", "dark", "knight",
        "godfather", "taylor", "swift", "beatles", "thai", "ramen", "sushi", "pizza", "tapas", "noir",
        "western", "jazz", "blues", "matrix", "vertigo", "psycho", "casablanca", "amélie", "東京",
        "café", "zürich", "seoul", "paris", "london", "spirited", "away", "akira", "blade", "runner",
    ]
    /// The word one search in 10,000 is for, and no other.
    static let rareWord = "zabriskie"
    static let sources = ["movies", "restaurants", "songs", "albums", "omdb", "films", "podcasts"]

    mutating func run() throws {
        if let query = measurePicker { return try Self.measurePicker(home: home, query: query) }
        if let artSample {
            let size = artSize.split(separator: "x").compactMap { Int($0) }
            guard size.count == 2,
                let jpeg = ArtSample.jpeg(
                    rgb: ArtSample.poster(width: size[0], height: size[1]),
                    width: size[0], height: size[1])
            else { throw ValidationError("--art-size takes WIDTHxHEIGHT, such as 600x600") }
            return try jpeg.write(to: URL(fileURLWithPath: artSample))
        }
        let root = URL(fileURLWithPath: home)
        let environment = [
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
        ]
        let paths = Paths(environment: environment, home: home)
        let store = FileStore()
        for folder in [paths.config, paths.data, paths.state, paths.cache] { try store.makeDirectory(folder) }
        var random = SplitMix(seed: 2026)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        if library > 0 { try Self.writeLibrary(count: library, paths: paths, home: root, random: &random) }

        // History: a search a line, and a `done` after about one in ten, as scout appends them.
        var text = ""
        text.reserveCapacity(history * 160)
        let formatter = ISO8601DateFormatter()
        var searchIDs = 0
        for n in 0..<history {
            let time = formatter.string(from: start.addingTimeInterval(Double(n) * 30))
            if n % 10 == 9, searchIDs > 0 {
                let title = Self.words[random.next(Self.words.count)].capitalized
                text +=
                    #"{"chosen":[{"id":"movies:\#(random.next(139) + 1)","title":"\#(title)"}],"id":"\#(Self.id(n))","#
                    + #""kind":"done","search":"\#(Self.id(searchIDs - 1))","time":"\#(time)"}"#
                    + "\n"
            } else {
                // One search in 10,000 is for a rare word (scripts/bench's rare history search).
                let terms =
                    n % 10_000 == 5_000
                    ? Self.rareWord + " point"
                    : (0...random.next(2)).map { _ in Self.words[random.next(Self.words.count)] }.joined(separator: " ")
                let source = Self.sources[random.next(Self.sources.count)]
                text +=
                    #"{"count":\#(random.next(200)),"id":"\#(Self.id(n))","kind":"search","source":"\#(source)","#
                    + #""terms":"\#(terms)","time":"\#(time)"}"#
                    + "\n"
                searchIDs = n + 1
            }
        }
        try store.write(Data(text.utf8), to: paths.historyFile)
        text = ""

        // Deny list: one term a line.
        var denied = ""
        denied.reserveCapacity(deny * 20)
        for n in 0..<deny { denied += "\(Self.words[n % Self.words.count]) \(n)\n" }
        try store.write(Data(denied.utf8), to: paths.denyListFile)
        denied = ""

        // Favourites through scout's own store: one write of them all.
        let items = (0..<favourites).map { n in
            Item(
                id: "omdb:tt\(1_000_000 + n)", title: "\(Self.words[n % Self.words.count].capitalized) \(n)",
                fields: [
                    .init("Year", String(1950 + n % 75)), .init("Type", "movie"),
                    .init("Director", "Director \(n % 500)"),
                ],
                url: "https://www.imdb.com/title/tt\(1_000_000 + n)/")
        }
        let favouriteStore = FavouritesStore(url: paths.favouritesFile, store: store, warn: { _ in })
        try favouriteStore.add(items, tags: ["bench"], at: start)

        // Cache entries: an iTunes-shaped answer each, named as scout names them.
        let answer =
            #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1440833481,"trackName":"Love "#
            + #"Story","artistName":"Taylor Swift","trackPrice":1.29,"currency":"USD"}]}"#
        let body = Data(answer.utf8)
        for n in 0..<cache {
            let key =
                "https://itunes.apple.com/search?term=bench\(n)&media=music&entity=song&country=US&lang=en_us"
                + "&limit=50&offset=0"
            let entry = CacheEntry(url: key, storedAt: Date(), status: 200, body: body)
            try store.write(entry.encoded, to: CachingFetcher.file(for: key, in: paths.cache))
        }

        // The session: a catalog search with many selections, through scout's own file.
        var session = SessionModel()
        session.source = "restaurants"
        session.query = SearchQuery(source: "restaurants", terms: "")
        session.selections = (0..<selections).map { n in
            Item(
                id: "restaurants:\(n + 1)", title: "Restaurant \(n)",
                fields: [.init("Cuisine", "Thai"), .init("City", "Bangkok")])
        }
        session.lastVisited = start
        try SessionModel.file(paths.sessionFile, label: "the session", store: store).save(session)

        print(
            "scout-bench: wrote \(history) history records, \(favourites) favourites, \(deny) denied terms, \(cache) "
                + "cache entries, a session with \(selections) selections and a library of \(library) diary entries "
                + "and ratings under \(home)"
        )
    }

    /// A UUID-shaped id, unique by `n`.
    /// The library: `count` films, each logged once on a day of the last sixteen years and rated, as scout
    /// appends them; and the same diary as a Letterboxd export's diary.csv in `letterboxd-export/`, for
    /// timing `import letterboxd`.
    static func writeLibrary(count: Int, paths: Paths, home: URL, random: inout SplitMix) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var lines = Data()
        var csv = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\r\n"
        let time = Date(timeIntervalSince1970: 1_763_000_000)
        let genres = ["Drama", "Comedy", "Thriller", "Horror", "Romance", "Science Fiction", "Crime", "Western"]
        for n in 0..<count {
            let title = "\(words[random.next(words.count)].capitalized) \(words[random.next(words.count)]) \(n)"
            let year = 1930 + random.next(95)
            let day = String(format: "%04d-%02d-%02d", 2010 + random.next(16), 1 + random.next(12), 1 + random.next(28))
            let stars = Double(1 + random.next(10)) / 2
            let film = LibraryFilm(
                id: "letterboxd:b\(n)", title: title, year: year, genres: [genres[random.next(genres.count)]],
                directors: ["Director \(random.next(500))"], letterboxd: "https://boxd.it/b\(n)")
            for event in [
                LibraryEvent(
                    device: "bench", time: time, op: .seen, film: film, stars: stars, date: day, rewatch: false),
                LibraryEvent(device: "bench", time: time, op: .rate, film: film, stars: stars),
            ] {
                lines.append(try encoder.encode(event))
                lines.append(0x0A)
            }
            let rating = stars == stars.rounded() ? String(Int(stars)) : String(stars)
            csv += "\(day),\(title),\(year),https://boxd.it/e\(n),\(rating),,\"tag\(n % 7), bench\",\(day)\r\n"
        }
        try FileStore().write(lines, to: paths.data.appendingPathComponent("library.jsonl"))
        let export = home.appendingPathComponent("letterboxd-export")
        try FileStore().write(Data(csv.utf8), to: export.appendingPathComponent("diary.csv"))
    }

    static func id(_ n: Int) -> String {
        let hex = String(n, radix: 16).uppercased()
        let padded = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
        return "5C0D7E57-BE4C-4B3E-9A11-\(padded)"
    }
}

extension ScoutBench {
    /// Times the picker as a person uses it: the first paint (the candidates read, ranked and drawn as
    /// lines; `kept` says whether its lines were kept or made from the history) and then each key of
    /// `query` (ranked again and drawn), on this one thread; prints one JSON line with the figures and
    /// what the picker showed.
    static func measurePicker(home: String, query: String) throws {
        let root = URL(fileURLWithPath: home)
        let environment = [
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
        ]
        let paths = Paths(environment: environment, home: home)
        let store = FileStore()
        let clock = ContinuousClock()
        let history = HistoryStore(url: paths.historyFile, indexFolder: paths.cache, store: store, warn: { _ in })
        _ = try history.log() // the index built, as the first `history` or `pick` after a change does once
        let kept = FileManager.default.fileExists(
            atPath: paths.cache.appendingPathComponent("history-lines.index").path)
        let start = clock.now
        let candidates = try PickerCandidates.history(
            history: history, lineHistory: paths.lineHistoryFile, store: store)
        let gotCandidates = clock.now - start
        let session = PickerSession(
            PickerRequest(corpus: candidates, multiple: false, finder: .builtin, title: "history"), height: 20,
            width: 80)
        var lines = session.lines
        let firstPaint = clock.now - start
        var keys: [Double] = []
        for character in query {
            let before = clock.now
            _ = session.handle(.text(String(character)))
            lines = session.lines
            keys.append((clock.now - before).milliseconds)
        }
        let sorted = keys.sorted()
        let p95 =
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
        let shown = lines.dropFirst(2).first ?? ""
        print(
            #"{"candidates":\#(candidates.count),"kept":\#(kept),"firstPaint":\#(firstPaint.milliseconds),"#
                + #""candidatesRead":\#(gotCandidates.milliseconds),"keys":\#(keys.count),"p95":\#(p95),"#
                + #""max":\#(sorted.last ?? 0),"matched":\#(session.matched),"#
                + #""top":"\#(shown.replacing("\"", with: "'"))"}"#
        )
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}

/// A small seeded generator, so that every run writes the same state.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
