import Foundation
import ScoutTestSupport
import Synchronization
import Testing
@testable import ScoutKit

/// Sources as adapters: each declares what it can do, the registry's one list gives everything known of
/// them by name, and `load all` reads a source's paging from its capabilities, not from which source it is.
@MainActor @Suite struct SourceCapabilityTests {
    /// A registry over a fresh sandbox, with the environment's additions (`OMDB_API_KEY`, `SCOUT_*_URL`).
    func registry(_ environment: [String: String] = [:]) throws -> SourceRegistry {
        let box = try Sandbox()
        let context = ShellContext(
            environment: box.environment.merging(environment) { $1 }, home: box.root.path,
            workingDirectory: box.root.path)
        return SourceRegistry(context: context, warnings: WarningLog())
    }

    @Test func everyNameResolvesToASourceThatSaysWhatItCanDo() throws {
        let registry = try registry()
        let itunes = [
            "songs", "albums", "artists", "music-videos", "podcasts", "films", "audiobooks", "ebooks", "apps",
        ]
        #expect(SourceRegistry.names == ["movies", "restaurants"] + itunes + ["omdb", "tmdb"])
        for name in SourceRegistry.names {
            let source = try registry.source(named: name, settings: Settings())
            let capabilities = source.capabilities
            #expect(source.name == name)
            // The registry says the same by name, without building the source.
            #expect(SourceRegistry.idPrefix(of: name) == capabilities.idPrefix)
            #expect(SourceRegistry.family(of: name)?.capabilities(name) == capabilities)
            #expect(!capabilities.kinds.isEmpty, "\(name)")
            switch name {
            case "movies", "restaurants":
                #expect(
                    capabilities
                        == SourceCapabilities(
                            kinds: [name == "movies" ? "movie" : "restaurant"], paging: .whole,
                            lookup: false, artwork: false, idPrefix: name, films: name == "movies" ? .all : .none))
            case "omdb":
                #expect(capabilities.paging == .paged(size: 10, maxPages: 100))
                #expect(capabilities.idPrefix == "omdb" && capabilities.lookup && capabilities.artwork)
                #expect(capabilities.kinds.starts(with: ["movie", "series", "episode"]))
                #expect(capabilities.films == .all)
            case "tmdb":
                #expect(capabilities.paging == .paged(size: 20, maxPages: 500))
                #expect(capabilities.idPrefix == "tmdb" && capabilities.lookup && capabilities.artwork)
                #expect(capabilities.kinds == ["movie", "series"])
                #expect(capabilities.films == .kinds(["movie"]))
            default:
                #expect(itunes.contains(name))
                #expect(capabilities.paging == .paged(size: 50, maxPages: nil))
                #expect(capabilities.idPrefix == "itunes" && capabilities.lookup && capabilities.artwork)
                #expect(capabilities.films == .kinds(["feature-movie"]))
            }
        }
        #expect(SourceRegistry.idPrefix(of: "songs") == "itunes")
        #expect(SourceRegistry.idPrefix(of: "restaurants") == "restaurants")
        #expect(SourceRegistry.defaultGroup(of: "restaurants") == "cuisine")
        #expect(SourceRegistry.names.filter { SourceRegistry.defaultGroup(of: $0) != nil } == ["restaurants"])
    }

    /// What the library keeps is what each source calls a film, by the prefix of an item's id: the catalog's
    /// movies and OMDb's titles, iTunes' films of every iTunes source, a Letterboxd import's films; anything
    /// else is said in words.
    @Test func theLibraryKeepsWhatEachSourceCallsAFilm() throws {
        func item(_ id: String, _ title: String, kind: String? = nil) -> Item {
            Item(id: id, title: title, fields: kind.map { [Item.Field("kind", $0)] } ?? [])
        }
        for film in [
            item("movies:10", "Alien"), item("omdb:tt0083658", "Blade Runner", kind: "movie"),
            item("omdb:tt0098936", "Twin Peaks", kind: "series"), item("itunes:1", "Heat", kind: "feature-movie"),
            item("letterboxd:2aHi", "Heat"), item("tmdb:550", "Fight Club", kind: "movie"),
        ] {
            #expect(try LibraryService.film(film) == film)
        }
        for (other, said) in [
            (item("itunes:2", "Love Story", kind: "song"), "Love Story is a song"),
            (item("itunes:3", "Moby Dick", kind: "ebook"), "Moby Dick is an ebook"),
            (item("itunes:4", "Lover", kind: "Album"), "Lover is an album"),
            (item("restaurants:7", "Sukiyabashi Jiro"), "Sukiyabashi Jiro is a restaurant"),
            (item("elsewhere:1", "Thing"), "Thing is from elsewhere"),
            (item("tmdb:tv:1399", "Game of Thrones", kind: "series"), "Game of Thrones is a series"),
        ] {
            #expect(throws: UsageError("\(said): the library keeps films (search --in movies, films, omdb or tmdb)")) {
                try LibraryService.film(other)
            }
        }
    }

    /// Names and options come from the one list; the options in the order `help search` has always shown.
    @Test func namesAndOptionsComeFromTheOneList() throws {
        #expect(SourceRegistry.names == SourceRegistry.families.flatMap(\.names))
        #expect(Set(SourceRegistry.names).count == SourceRegistry.names.count)
        let options = SourceRegistry.searchOptions.map(\.name)
        #expect(options == ["--type", "--year", "--country", "--lang"])
        #expect(Set(options) == Set(SourceRegistry.families.flatMap(\.searchOptions).map(\.name)))
        // An option two families declare is one, taken by both: help says each one's values where they differ,
        // once where they agree, and Tab offers the values of the source searched.
        let type = try #require(SourceRegistry.searchOptions.first { $0.name == "--type" })
        #expect(type.sources == ["omdb", "tmdb"] && type.owner == nil)
        #expect(type.help == "omdb: movie, series or episode; tmdb: movie or tv")
        #expect(type.values == .wordsBySource(["omdb": ["movie", "series", "episode"], "tmdb": ["movie", "tv"]]))
        let year = try #require(SourceRegistry.searchOptions.first { $0.name == "--year" })
        #expect(year.sources == ["omdb", "tmdb"] && year.owner == "omdb, tmdb" && year.help == "that year only")
        // Each option names only sources of the family that declares it.
        for family in SourceRegistry.families {
            for option in family.searchOptions {
                #expect(Set(option.sources ?? []).isSubset(of: Set(family.names)), "\(option.name)")
            }
        }
    }

    @Test func unknownNamesAndBadURLsAreRefusedByName() throws {
        #expect(throws: UsageError("no source \"song\": did you mean songs? sources lists them")) {
            try self.registry().source(named: "song", settings: Settings())
        }
        let registry = try registry(["SCOUT_ITUNES_URL": "not a url"])
        #expect(throws: UsageError.self) { try registry.source(named: "apps", settings: Settings()) }
        _ = try registry.source(named: "omdb", settings: Settings())
        #expect(SourceRegistry.family(of: "nowhere") == nil)
    }

    /// What `sources`, `use` and the deny list read from a source instead of asking which one it is.
    @Test func originsHintsAndOptionsAsTheCommandsSayThem() throws {
        let plain = try registry()
        var settings = Settings()
        settings.country = "GB"
        let songs = try plain.source(named: "songs", settings: settings)
        let movies = try plain.source(named: "movies", settings: settings)
        let omdb = try plain.source(named: "omdb", settings: settings)
        #expect(movies.origin == "built-in catalog" && movies.usable)
        #expect(songs.origin == "iTunes at https://itunes.apple.com" && songs.usable)
        #expect(!omdb.usable && omdb.origin == "OMDb: no API key (set omdb-key KEY, or OMDB_API_KEY)")
        let keyed = try registry(["OMDB_API_KEY": "k3y", "SCOUT_CATALOG_URL": "http://catalog.test"])
        #expect(try keyed.source(named: "omdb", settings: settings).origin == "OMDb at https://www.omdbapi.com")
        #expect(try keyed.source(named: "omdb", settings: settings).usable)
        #expect(try keyed.source(named: "restaurants", settings: settings).origin == "catalog at http://catalog.test")
        settings.omdbKey = "saved"
        #expect(try plain.source(named: "omdb", settings: settings).usable)

        #expect(omdb.searchHint == "search TERMS [--type movie|series|episode] [--year YYYY]")
        #expect(songs.searchHint == "search TERMS [--country CC] [--lang L]")
        #expect(movies.searchHint == "search TERMS, or search alone for everything")

        let query = SearchQuery(source: "songs", terms: "red", options: ["lang": "ja_jp"])
        #expect(songs.effectiveOptions(of: query, settings: settings) == ["country": "GB", "lang": "ja_jp"])
        #expect(
            omdb.effectiveOptions(
                of: SearchQuery(source: "omdb", terms: "x", options: ["year": "1999"]), settings: settings) == [
                    "year": "1999"
                ])
        #expect(
            SourceRegistry.names.filter {
                (try? plain.source(named: $0, settings: settings))?.remembersEmptySearches == false
            }
                == ["movies", "restaurants"])
    }

    // MARK: load all

    /// `load all` over a paged source that gives no count (as iTunes) asks for several pages at once, and
    /// the pages join the list in order.
    @Test func loadAllWithoutACountFetchesPagesConcurrently() async {
        let stub = PagedStub(fullPages: 6, lastPageSize: 1)
        let results = ResultSet {
            ResultView(filter: nil, sort: nil, groupField: nil, pageLines: 20, pagesFitWindow: false)
        }
        let query = SearchQuery(source: stub.name, terms: "x")
        results.start(with: await stub.page(1))
        let (added, received, failure) = await results.loadRemaining(query, from: stub, progress: nil)
        #expect(failure == nil)
        #expect(results.items.map(\.id) == (1...13).map { "stub:\($0)" })
        #expect(added == 11 && received == 11)
        #expect(!results.hasMore && results.fetchedPages == 7)
        let log = stub.log.read { $0 }
        #expect(log.mostInFlight > 1, "pages were asked for one at a time")
        #expect(log.mostInFlight <= ResultSet.openEndedConcurrency)
        // Past the short page 7, at most the window's other pages were asked for.
        #expect(log.asked.filter { $0 > 7 }.count <= ResultSet.openEndedConcurrency - 1)
    }

    /// A list that ends on the next page costs one request, as it did when pages came one by one.
    @Test func loadAllWithoutACountStartsWithOnePage() async {
        let stub = PagedStub(fullPages: 1, lastPageSize: 0)
        let results = ResultSet {
            ResultView(filter: nil, sort: nil, groupField: nil, pageLines: 20, pagesFitWindow: false)
        }
        results.start(with: await stub.page(1))
        let (added, _, failure) = await results.loadRemaining(
            SearchQuery(source: stub.name, terms: "x"), from: stub, progress: nil)
        #expect(failure == nil && added == 0 && !results.hasMore)
        #expect(stub.log.read { $0.asked } == [2])
    }

    /// A server that answers every offset past the third page with that page again: `load all` ends there,
    /// as it did when pages came one by one, rather than asking for ever.
    @Test func loadAllWithoutACountEndsAtAPageOfNothingNew() async {
        let stub = PagedStub(fullPages: 1_000, lastPageSize: 0, repeatsFrom: 3)
        let results = ResultSet {
            ResultView(filter: nil, sort: nil, groupField: nil, pageLines: 20, pagesFitWindow: false)
        }
        results.start(with: await stub.page(1))
        let (added, received, failure) = await results.loadRemaining(
            SearchQuery(source: stub.name, terms: "x"), from: stub, progress: nil)
        #expect(failure == nil && !results.hasMore)
        #expect(results.items.map(\.id) == (1...6).map { "stub:\($0)" })
        #expect(added == 4 && received == 6)
        #expect(stub.log.read { $0.asked.count } <= 2 + ResultSet.openEndedConcurrency)
    }

    /// A page that fails stops the rest; those that arrived past it wait for it, and the next `load all`
    /// asks for the missing page, not for them again.
    @Test func loadAllWithoutACountKeepsPagesPastAFailure() async {
        let stub = PagedStub(fullPages: 6, lastPageSize: 1, failingOnce: [3])
        let results = ResultSet {
            ResultView(filter: nil, sort: nil, groupField: nil, pageLines: 20, pagesFitWindow: false)
        }
        let query = SearchQuery(source: stub.name, terms: "x")
        results.start(with: await stub.page(1))
        let first = await results.loadRemaining(query, from: stub, progress: nil)
        #expect(first.failure as? SourceError == .cancelled)
        #expect(results.fetchedPages == 2 && results.hasMore)
        #expect(results.items.map(\.id) == (1...4).map { "stub:\($0)" })
        let second = await results.loadRemaining(query, from: stub, progress: nil)
        #expect(second.failure == nil && !results.hasMore)
        #expect(results.items.map(\.id) == (1...13).map { "stub:\($0)" })
        let asked = stub.log.read { $0.asked }
        #expect(asked.filter { $0 == 3 }.count == 2 && asked.filter { $0 == 4 }.count == 1, "\(asked)")
    }

    /// Requests asking at once queue one behind the other for the slots the window frees, and only the
    /// first wait is said.
    @Test func thePacerSpacesRequestsAskingAtOnce() async {
        let pacer = Pacer(limit: 2, window: .seconds(1))
        let said = TaskShared<[Duration]>([])
        let clock = ContinuousClock()
        let start = clock.now
        // For each request: when it went, from the start, and how long it waited itself.
        let times = await withTaskGroup(of: (went: Duration, waited: Duration).self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let asked = clock.now
                    await pacer.wait { delay in said.change { $0.append(delay) } }
                    return (clock.now - start, clock.now - asked)
                }
            }
            var times: [(went: Duration, waited: Duration)] = []
            for await time in group { times.append(time) }
            return times.sorted { $0.went < $1.went }
        }
        // The first two go at once: neither waits for a slot, which would be the whole window. (Not "within
        // 500 ms": a loaded machine can take that long to run a task, and did.)
        #expect(times[0].waited < .milliseconds(990) && times[1].waited < .milliseconds(990))
        // Two slots free after a second; neither of the other two goes before.
        #expect(times[2].went >= .milliseconds(990) && times[3].went >= .milliseconds(990))
        #expect(said.read { $0.count } == 1)
    }
}

/// A paged source without a count: `fullPages` pages of `size` items, then one of `lastPageSize`, then
/// nothing. Each request takes a moment and records the pages asked for and how many were in flight at once.
struct PagedStub: Source {
    struct Log {
        var asked: [Int] = []
        var inFlight = 0
        var mostInFlight = 0
    }

    static let size = 2
    static let family = SourceFamily(
        names: ["stub"], urlVariable: nil, searchOptions: [],
        capabilities: { _ in
            SourceCapabilities(
                kinds: ["thing"], paging: .paged(size: size, maxPages: nil), lookup: false, artwork: false,
                idPrefix: "stub", films: .none)
        },
        make: { _, _, _ in nil })

    let fullPages: Int
    let lastPageSize: Int
    let log = TaskShared(Log())
    /// Pages whose first request fails (as a Ctrl-C would).
    let failing: TaskShared<Set<Int>>

    /// The page every later one repeats, if any.
    let repeatsFrom: Int?

    init(fullPages: Int, lastPageSize: Int, failingOnce: Set<Int> = [], repeatsFrom: Int? = nil) {
        self.fullPages = fullPages
        self.lastPageSize = lastPageSize
        self.repeatsFrom = repeatsFrom
        failing = TaskShared(failingOnce)
    }

    var name: String { "stub" }
    var selection: SelectionMode { .multiple }
    var columns: [String] { [] }
    var origin: String { "a test" }

    func page(_ asked: Int) async -> ResultPage {
        let number = repeatsFrom.map { min($0, asked) } ?? asked
        let count = number <= fullPages ? Self.size : number == fullPages + 1 ? lastPageSize : 0
        let first = (number - 1) * Self.size + 1
        let items = (0..<count).map { Item(id: "stub:\(first + $0)", title: "item \(first + $0)") }
        return ResultPage(items: items, total: nil, hasMore: count == Self.size)
    }

    func search(_ query: SearchQuery, page number: Int) async throws(SourceError) -> ResultPage {
        log.change {
            $0.asked.append(number)
            $0.inFlight += 1
            $0.mostInFlight = max($0.mostInFlight, $0.inFlight)
        }
        try? await Task.sleep(for: .milliseconds(50))
        log.change { $0.inFlight -= 1 }
        if failing.read({ $0.contains(number) }) {
            failing.change { $0.remove(number) }
            throw .cancelled
        }
        return await page(number)
    }

    func details(of item: Item) async throws(SourceError) -> Item { item }
    func validate(_ query: SearchQuery) throws(UsageError) {}
}

/// A value tasks share, behind a lock.
final class TaskShared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func read<T: Sendable>(_ body: (Value) -> T) -> T { value.withLock { body($0) } }
    func change(_ body: (inout Value) -> Void) { value.withLock { body(&$0) } }
}
