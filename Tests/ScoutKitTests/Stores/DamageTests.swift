import Foundation
import Testing
@testable import ScoutKit

/// Every state file, damaged every way the issue names: truncated at each byte offset of a real sample
/// (written by scout's own code), filled with NUL, emptied, made invalid UTF-8, replaced by garbage.
/// Each time scout reads what it can, says one line, keeps the damaged bytes as `NAME.corrupt-<time>`,
/// and the next read works.
@Suite struct DamageTests {
    static let date = Date(timeIntervalSince1970: 1_795_000_000)
    static let items = [
        Item(
            id: "movies:tt0078748", title: "Alien", fields: [.init("Year", "1979"), .init("Director", "Ridley Scott")],
            url: "https://www.imdb.com/title/tt0078748/"),
        Item(
            id: "restaurants:12", title: "Café Ñandú 東京", fields: [.init("Cuisine", "Peruvian"), .init("Price", "$$")]),
        Item(id: "songs:1440833481", title: "Love Story \u{1B}[2J", fields: [.init("Artist", "Taylor Swift")]),
    ]

    /// The ways a whole file is damaged besides truncation.
    static func variants(of sample: Data) -> [(String, Data)] {
        var invalid = sample
        for index in stride(from: invalid.startIndex, to: invalid.endIndex, by: 7) { invalid[index] = 0xFF }
        var generator = SystemRandomNumberGenerator()
        return [
            ("NUL", Data(count: sample.count)),
            ("empty", Data()),
            ("invalid UTF-8", invalid),
            ("garbage", Data((0..<sample.count).map { _ in UInt8.random(in: 0...255, using: &generator) })),
        ]
    }

    /// Truncations, then the other damage: `check` gets the damaged bytes and whether they are the sample whole.
    static func eachDamage(of sample: Data, _ check: (Data, String) throws -> Void) rethrows {
        for offset in 0..<sample.count { try check(sample.prefix(offset), "cut at \(offset)") }
        for (name, data) in variants(of: sample) { try check(data, name) }
    }

    /// The `.corrupt-` copies in `folder`, by name.
    static func copies(in folder: TempFolder, of name: String) -> [String] {
        folder.names.filter { $0.hasPrefix(name + ".corrupt-") }
    }

    /// A JSON state file: the damaged bytes either still decode to the whole value (only trailing space
    /// was cut) or give one warning, a copy holding exactly those bytes, and no file left in its place.
    func checkJSONFile<Value: Codable & Equatable>(
        _ value: Value, label: String, name: String,
        file makeFile: ((URL) -> StateFile<Value>)? = nil
    ) throws -> Int {
        try checkJSONFile(
            value, label: label, name: name, file: makeFile, save: { try $0.save($1) }, load: { $0.load(warn: $1) })
    }

    /// The settings file, which is read through its table rather than Codable.
    func checkJSONFile(_ value: Settings, label: String, name: String) throws -> Int {
        try checkJSONFile(
            value, label: label, name: name, file: nil, save: { try $0.save($1) }, load: { $0.load(warn: $1) })
    }

    func checkJSONFile<Value: Equatable>(
        _ value: Value, label: String, name: String, file makeFile: ((URL) -> StateFile<Value>)?,
        save: (StateFile<Value>, Value) throws -> Void, load: (StateFile<Value>, (String) -> Void) -> Value?
    ) throws -> Int {
        let folder = try TempFolder()
        let url = folder.file(name)
        let file = makeFile?(url) ?? StateFile<Value>(url, label: label, store: FileStore())
        try save(file, value)
        let sample = try Data(contentsOf: url)
        var damagedCount = 0
        try Self.eachDamage(of: sample) { damaged, how in
            try damaged.write(to: url)
            var warnings: [String] = []
            let loaded = load(file) { warnings.append($0) }
            if let loaded {
                #expect(loaded == value, "\(name) \(how) decoded to another value")
                #expect(warnings.isEmpty, "\(name) \(how)")
                return
            }
            damagedCount += 1
            #expect(warnings.count == 1, "\(name) \(how): \(warnings)")
            #expect(
                warnings.first?.hasPrefix("\(label) was damaged and could not be read; kept it as \(name).corrupt-")
                    == true, "\(warnings)")
            let copies = Self.copies(in: folder, of: name)
            #expect(copies.count == 1, "\(name) \(how): \(folder.names)")
            if let copy = copies.first {
                #expect(
                    try Data(contentsOf: folder.file(copy)) == damaged,
                    "\(name) \(how): the copy holds the damaged bytes")
                try FileManager.default.removeItem(at: folder.file(copy))
            }
            #expect(!FileManager.default.fileExists(atPath: url.path))
            #expect(
                load(file) { warnings.append($0) } == nil && warnings.count == 1, "the next read starts afresh quietly")
        }
        // Only the cut of the final newline leaves a file that decodes; every other damage was caught.
        #expect(damagedCount == sample.count - 1 + Self.variants(of: sample).count, "\(name)")
        return damagedCount
    }

    @Test func sessionFavouritesSettingsAndCacheEntriesSurviveEveryDamage() throws {
        var session = SessionModel()
        session.lastVisited = Self.date
        session.source = "restaurants"
        session.query = SearchQuery(source: "restaurants", terms: "café", options: ["cuisine": "Peruvian"])
        session.sort = SortOrder(key: .title)
        session.page = 2
        session.selections = Self.items
        session.view = .detail(id: "restaurants:12")
        session.searchID = "0D4C7F4E-9A51-4C1B-9E3A-4A8C1E0F5B2D"
        var settings = Settings()
        settings.country = "GB"
        settings.cacheTTL = 90
        settings.omdbKey = "abc12345"
        let favourites = FavouritesFile(
            favourites: Self.items.map { Favourite(item: $0, addedAt: Self.date, tags: ["weekend"]) })
        var tried = 0
        tried += try checkJSONFile(session, label: "the session", name: "session.json")
        tried += try checkJSONFile(settings, label: "the settings", name: "config.json")
        tried += try checkJSONFile(favourites, label: "the favourites file", name: "favourites.json") {
            FavouritesStore.stateFile($0, store: FileStore())
        }
        var saved = SavedSearch(
            name: "weekly", query: SearchQuery(source: "omdb", terms: "dune $1", options: ["type": "movie"]),
            filter: "part", sort: SortOrder(key: .year), savedAt: Self.date)
        saved.watch = .init(since: Self.date, lastCheck: Self.date, newAtLastCheck: 2, seen: ["omdb:tt1160419"])
        tried += try checkJSONFile(
            SavedSearchesFile(searches: [saved]), label: "saved-searches.json", name: "saved-searches.json"
        ) { SavedSearchStore(url: $0, store: FileStore(), warn: { _ in }).file }
        print(
            "damaged and recovered: \(tried) versions of session.json, config.json, favourites.json, "
                + "saved-searches.json")
    }

    /// A cached answer cut or damaged anywhere is no answer (a miss, asked again), never another body.
    @Test func aDamagedCacheEntryIsAMiss() throws {
        let entry = CacheEntry(
            url: "https://itunes.apple.com/search?term=love&media=music", storedAt: Self.date, status: 200, maxAge: 300,
            body: Data(#"{"resultCount":1,"results":[{"trackName":"Love Story"}]}"#.utf8))
        let sample = entry.encoded
        #expect(String(decoding: sample.prefix(41), as: UTF8.self) == "scout-answer 1 200 1795000000 300 56\nhttp")
        #expect(CacheEntry(sample) == entry)
        Self.eachDamage(of: sample) { damaged, how in
            #expect(CacheEntry(damaged) == nil, "\(how)")
        }
        #expect(CacheEntry(Data("scout-answer 1 200 1795000000 - 2\nhttp://x\n{}".utf8))?.maxAge == nil)
    }

    @Test func historyLosesOnlyTheDamagedLine() throws {
        let folder = try TempFolder()
        let url = folder.file("history.jsonl")
        let history = HistoryStore(url: url, store: FileStore(), warn: { _ in })
        for (n, terms) in ["alien", "café ñandú", "東京", "love story"].enumerated() {
            try history.recordSearch(
                id: "s\(n)", query: SearchQuery(source: "movies", terms: terms), count: n, at: Self.date)
        }
        try history.recordDone(search: "s1", chosen: [Self.items[1]], at: Self.date)
        let sample = try Data(contentsOf: url)
        let lines = sample.split(separator: UInt8(ascii: "\n"))
        let all = try history.entries()
        #expect(all.count == 4)

        let warnings = WarningLog()
        let reader = HistoryStore(url: url, store: FileStore(), warn: warnings.add)
        for offset in 0..<sample.count {
            let cut = sample.prefix(offset)
            try cut.write(to: url)
            let entries = try reader.entries()
            // Whole lines before the cut stay; the line it cut goes, unless only its newline was cut.
            let whole = cut.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().count
            let partialIsWhole =
                lines.indices.contains(whole) && cut.suffix(lines[whole].count) == lines[whole]
                && cut.last != UInt8(ascii: "\n")
            let kept = whole + (partialIsWhole ? 1 : 0)
            let searchesKept = lines.prefix(kept).filter { $0.starts(with: Data(#"{"count""#.utf8)) }.count
            #expect(entries.count == searchesKept, "cut at \(offset)")
            #expect(entries.map(\.terms) == Array(all.prefix(searchesKept).map(\.terms)), "cut at \(offset)")
            let said = warnings.drain()
            let damaged = cut.count > 0 && cut.last != UInt8(ascii: "\n") && !partialIsWhole
            #expect(said.count == (damaged ? 1 : 0), "cut at \(offset): \(said)")
            if damaged {
                #expect(
                    said.first?.hasPrefix("history had 1 damaged line; kept the file as history.jsonl.corrupt-") == true
                )
                let copies = Self.copies(in: folder, of: "history.jsonl")
                #expect(copies.count == 1)
                if let copy = copies.first {
                    #expect(try Data(contentsOf: folder.file(copy)) == cut)
                    try FileManager.default.removeItem(at: folder.file(copy))
                }
                #expect(
                    try Data(contentsOf: url) == Data(lines.prefix(kept).map { $0 + [UInt8(ascii: "\n")] }.joined()),
                    "the file now holds every whole record")
            }
        }

        // A bad line in the middle costs that line only, whatever the damage.
        for (name, damage) in Self.variants(of: Data(lines[2])) where !damage.isEmpty {
            var file = Data()
            for (index, line) in lines.enumerated() {
                file.append(index == 2 ? damage : Data(line))
                file.append(UInt8(ascii: "\n"))
            }
            try file.write(to: url)
            let entries = try reader.entries()
            #expect(entries.map(\.terms) == ["alien", "café ñandú", "love story"], "\(name)")
            #expect(
                entries[1].chosen.map(\.title) == ["Café Ñandú 東京"],
                "\(name): the done record after the bad line is kept")
            #expect(warnings.drain().count == 1, "\(name)")
            for copy in Self.copies(in: folder, of: "history.jsonl") {
                try FileManager.default.removeItem(at: folder.file(copy))
            }
        }
    }

    @Test func aTornLastRecordDoesNotSwallowTheNextOne() throws {
        let folder = try TempFolder()
        let url = folder.file("history.jsonl")
        let history = HistoryStore(url: url, store: FileStore(), warn: { _ in })
        try history.recordSearch(id: "a", query: SearchQuery(source: "movies", terms: "alien"), count: 1, at: Self.date)
        try FileStore().append(Data(#"{"count":3,"id":"b","kind":"sea"#.utf8), to: url) // cut by a power failure
        try history.recordSearch(id: "c", query: SearchQuery(source: "movies", terms: "heat"), count: 1, at: Self.date)
        #expect(try history.entries().map(\.terms) == ["alien", "heat"])
    }

    @Test func theDenyListKeepsEveryReadableTerm() throws {
        let folder = try TempFolder()
        let url = folder.file("denylist.txt")
        let warnings = WarningLog()
        let deny = DenyListStore(url: url, store: FileStore(), warn: warnings.add)
        try deny.add(["spoilers", "café", "東京 drift", "taylor swift"])
        let sample = try Data(contentsOf: url)
        let terms = try deny.terms()
        for offset in 0..<sample.count {
            try sample.prefix(offset).write(to: url)
            let read = try DenyListStore(url: url, store: FileStore(), warn: warnings.add).terms()
            // A cut inside a multi-byte character damages that line; any other cut leaves a shorter term.
            #expect(
                read.count <= terms.count && Array(read.dropLast()) == Array(terms.prefix(max(0, read.count - 1))),
                "cut at \(offset)")
            let said = warnings.drain()
            #expect(said.count <= 1)
            if said.count == 1 {
                #expect(
                    said[0].hasPrefix("the deny list had 1 damaged line; kept the file as denylist.txt.corrupt-"),
                    "\(said)")
                #expect(Self.copies(in: folder, of: "denylist.txt").count == 1)
                for copy in Self.copies(in: folder, of: "denylist.txt") {
                    try FileManager.default.removeItem(at: folder.file(copy))
                }
            }
        }
        for (name, damage) in Self.variants(of: Data("spoilers".utf8)) where !damage.isEmpty {
            try (Data("alien\n".utf8) + damage + Data("\nheat\n".utf8)).write(to: url)
            #expect(
                try DenyListStore(url: url, store: FileStore(), warn: warnings.add).match("heat wave") == "heat",
                "\(name)")
            let said = warnings.drain()
            // Random bytes may happen to be text; then they are a term like any other.
            if name != "garbage" { #expect(said.count == 1, "\(name): \(said)") }
            #expect(try String(decoding: Data(contentsOf: url), as: UTF8.self).hasPrefix("alien\n"), "\(name)")
        }
    }

    @Test func aSecondDamageNeverOverwritesTheFirstCopy() throws {
        let folder = try TempFolder()
        var store = FileStore()
        store.now = { Self.date } // the same second each time
        let file = StateFile<Settings>(folder.file("config.json"), label: "the settings", store: store)
        for attempt in 1...3 {
            try Data("garbage \(attempt)".utf8).write(to: file.url)
            #expect(file.load { _ in } == nil)
        }
        let copies = Self.copies(in: folder, of: "config.json")
        #expect(copies.count == 3)
        #expect(
            Set(try copies.map { try String(decoding: Data(contentsOf: folder.file($0)), as: UTF8.self) }) == [
                "garbage 1", "garbage 2", "garbage 3",
            ])
    }
}
