import Foundation

/// Runs commands against the session: the part of scout between reading a line and printing what it
/// produced. It reads no terminal, clock, environment or path of its own; `ShellContext` hands them in.
///
/// One command runs at a time. It is `@unchecked Sendable` so that the REPL can run a command in a task
/// of its own and cancel it on Ctrl-C; nothing touches the shell while that task runs.
public final class Shell: @unchecked Sendable {
    public let context: ShellContext
    public internal(set) var session: SessionModel
    public internal(set) var settings: Settings
    let sessionFile: StateFile<SessionModel>
    let configFile: StateFile<Settings>
    /// The session as last written, so that a command that changes nothing writes nothing.
    var savedSession: SessionModel?
    /// The terminal's width in columns, which listings fit; the REPL updates it when the window is resized.
    public var width: Int
    /// The terminal's height in lines, which a listing page fits when `page-size` is not set; nil on a pipe.
    public var height: Int? {
        didSet { if height != oldValue { invalidate() } }
    }
    /// When the session was visited before this run; nil on a first run or with `--fresh`.
    public private(set) var previousVisit: Date?

    /// Warnings raised while loading files, shown with the next output.
    let warnings = WarningLog()

    lazy var favourites = FavouritesStore(url: context.paths.favouritesFile, store: context.fileStore, warn: warnings.add)
    lazy var history = HistoryStore(url: context.paths.historyFile, store: context.fileStore, warn: warnings.add)
    lazy var denyList = DenyListStore(url: context.paths.denyListFile, indexURL: context.paths.cache.appendingPathComponent("denylist.index"),
                                      store: context.fileStore, warn: warnings.add)
    let catalogStore: CatalogStore
    /// Whether this run has cleared the cache folder of temporary files left by a killed scout.
    private var cacheSwept = false
    /// Keeps iTunes requests under about 20 a minute across the whole run.
    let itunesPacer = Pacer()
    /// How many requests `load all` keeps in flight: the rest of ten OMDb pages arrive in one round
    /// trip instead of eight, while a free API is never sent more than eight at once.
    public static let loadAllConcurrency = 8

    /// The results of the current search, in the source's order.
    var results: [Item] = []
    /// Whether `results` holds the answer to `session.query` (false before the first search, or when
    /// restoring it failed).
    var resultsLoaded = false
    /// Whether the source may have more pages than `results` holds, and how many it has fetched.
    var hasMore = false
    var fetchedPages = 0
    /// The source's count of all results, when it gives one.
    var sourceTotal: Int?
    /// Pages that arrived past one that did not (Ctrl-C during `load all`), kept until the gap is fetched.
    var parkedPages: [Int: [Item]] = [:]

    /// `results` filtered, sorted and grouped, as rows are numbered; rebuilt when any of those change.
    private var displayedCache: [Item]?
    /// Where each page of `displayed` starts; rebuilt with it.
    private var pageStartsCache: [Int]?

    public init(context: ShellContext, fresh: Bool = false) {
        self.context = context
        let file = context.sessionName.map(context.paths.namedSession) ?? context.paths.sessionFile
        sessionFile = StateFile(file, label: "the session", store: context.fileStore)
        configFile = StateFile(context.paths.configFile, label: "the settings", store: context.fileStore)
        catalogStore = CatalogStore(origin: context.catalog, offline: context.offline)
        width = context.width
        height = context.height
        session = SessionModel()
        settings = Settings()
        settings = configFile.load(warn: warnings.add) ?? Settings()
        if settings.omdbKey != nil, let mode = FileStamp.mode(of: configFile.url), mode & 0o077 != 0 {
            // As ssh does with a private key: say so, once a run, and go on.
            warnings.add("\(configFile.url.path) holds your OMDb key and others can read it: chmod 600 \(configFile.url.path)")
        }
        if !fresh, let restored = sessionFile.load(warn: warnings.add) {
            session = restored
            savedSession = restored
            previousVisit = restored.lastVisited
        }
        // What a killed scout left half-written; the cache folder is swept when the cache is first used.
        for folder in [context.paths.state, context.paths.sessionsFolder, context.paths.data, context.paths.config] {
            context.fileStore.sweepTemporaries(in: folder)
        }
    }

    // MARK: Sources

    /// Every source's name, in the order `sources` lists them.
    public static let sourceNames: [String] = CatalogSource.Kind.allCases.map(\.rawValue) + ITunesSource.kinds.map(\.name) + ["omdb"]

    public var sourceNames: [String] { Self.sourceNames }

    var omdbKey: String? { context.omdbKey ?? settings.omdbKey }

    var fetcher: CachingFetcher {
        if !cacheSwept {
            cacheSwept = true
            context.fileStore.sweepTemporaries(in: context.paths.cache)
        }
        var fetcher = CachingFetcher(folder: context.paths.cache, store: context.fileStore, ttl: TimeInterval(settings.cacheTTL),
                                     offline: context.offline || settings.offline, now: context.now,
                                     fetcher: HTTPFetcher(timeout: .seconds(settings.timeout), network: context.network), pacer: itunesPacer, warn: warnings.add)
        fetcher.notice = context.notice
        return fetcher
    }

    func source(named name: String) throws(UsageError) -> any Source {
        if let kind = CatalogSource.Kind(rawValue: name) {
            if let problem = context.urlProblems["SCOUT_CATALOG_URL"] { throw UsageError(problem) }
            return CatalogSource(kind: kind, store: catalogStore)
        }
        if name == "omdb" {
            if let problem = context.urlProblems["SCOUT_OMDB_URL"] { throw UsageError(problem) }
            return OMDbSource(base: context.omdbURL, key: omdbKey, fetcher: fetcher)
        }
        if ITunesSource.kinds.contains(where: { $0.name == name }), let problem = context.urlProblems["SCOUT_ITUNES_URL"] {
            throw UsageError(problem)
        }
        if let source = ITunesSource(name: name, base: context.itunesURL, fetcher: fetcher, country: settings.country, lang: settings.lang) {
            return source
        }
        let near = sourceNames.min { CommandTable.editDistance(name, $0) < CommandTable.editDistance(name, $1) }
            .flatMap { CommandTable.editDistance(name, $0) <= 2 ? $0 : nil }
        throw UsageError("no source \"\(name.prefix(40))\": \(near.map { "did you mean \($0)? " } ?? "")sources lists them")
    }

    var currentSource: (any Source)? { try? source(named: session.source) }

    // MARK: Running lines

    /// Runs every command on a line (`;` separates them), stopping after a `quit`.
    public func run(line: String) async -> [Output] {
        let commands: [[String]]
        do {
            commands = try Tokenizer.commands(line)
        } catch {
            return [withWarnings(.failure(error.description))]
        }
        var outputs: [Output] = []
        for words in commands {
            let output = await run(words: words)
            outputs.append(output)
            // Ctrl-C stops the whole line, not only the command it landed in.
            if output.quit || Task.isCancelled { break }
        }
        return outputs
    }

    public func run(words: [String]) async -> Output {
        let output: Output
        do {
            output = await execute(try Parser.parse(words))
        } catch {
            output = .failure(error.description)
        }
        return withWarnings(output)
    }

    func withWarnings(_ output: Output) -> Output {
        var output = output
        for warning in warnings.drain() { output.warn(warning) }
        saveSession(into: &output)
        return output
    }

    public func execute(_ command: Command) async -> Output {
        var restoreProblem: String?
        if needsResults(command), !resultsLoaded, session.query != nil {
            // The results of a restored session are fetched when a command first needs them, not at start.
            restoreProblem = await reload()
        }
        if restoreProblem == nil, let row = highestRow(named: command), resultsLoaded {
            // A row the heading counts but no page has brought yet is fetched first (select 22 of 23 with 20 here).
            do {
                while hasMore, displayed.count < row { try await fetchNextPage() }
            } catch {
                return .failure("row \(row) is not loaded and its page could not be fetched (\(error))")
            }
        }
        var output = await run(command)
        if let restoreProblem { output.warn(restoreProblem) }
        return output
    }

    /// The highest row a command names, when it names rows of the list by number.
    func highestRow(named command: Command) -> Int? {
        func top(_ spec: RangeSpec?) -> Int? {
            // `all` and an open end (`5-`) name the rows loaded; a closed one may name rows still to fetch.
            guard case .rows(let spans)? = spec else { return nil }
            return spans.map { $0.upper ?? $0.lower ?? 0 }.max()
        }
        switch command {
        case .show(let n), .open(let n): return n
        case .select(let spec), .unselect(let spec): return top(spec)
        case .fav(.add(let spec, _)): return top(spec)
        default: return nil
        }
    }

    func needsResults(_ command: Command) -> Bool {
        switch command {
        case .list, .next, .prev, .page, .loadAll, .filter, .sort, .group, .show, .open, .select, .unselect: true
        // Without rows, fav add keeps what the screen shows: the detail, or the selected rows of the list.
        case .fav(.add): true
        default: false
        }
    }

    func run(_ command: Command) async -> Output {
        do {
            switch command {
            case .search(let terms, let source, let options):
                return try await search(SearchQuery(source: source ?? session.source, terms: terms, options: options))
            case .use(let name): return try use(name)
            case .sources: return sources()
            case .list:
                session.view = .list
                return try listing()
            case .next: return try await turnPage(to: session.page + 1)
            case .prev: return try await turnPage(to: session.page - 1)
            case .page(let n): return try await turnPage(to: n)
            case .loadAll: return try await loadAll()
            case .filter(let text):
                try requireResults()
                session.filter = text
                session.page = 1
                session.view = .list
                invalidate()
                return try listing()
            case .sort(let order):
                try requireResults()
                try checkApplies(order.key.rawValue, to: "sort", among: ["title", "relevance"])
                if order.key != .relevance { try await loadEverythingBefore("sort") }
                session.sort = order
                session.view = .list
                invalidate()
                return try listing()
            case .group(let key):
                try requireResults()
                try checkApplies(key, to: "group", among: ["none"])
                if key != "none" { try await loadEverythingBefore("group") }
                session.group = key
                session.view = .list
                invalidate()
                return try listing()
            case .show(let row): return try await show(row)
            case .open(let row): return try open(row)
            case .select(let spec): return try select(spec)
            case .unselect(let spec): return try unselect(spec)
            case .selection: return selection()
            case .done: return try done()
            case .fav(let sub): return try fav(sub)
            case .history(let sub): return try await historyCommand(sub)
            case .deny(let sub): return try deny(sub)
            case .cache(let clear): return cache(clear: clear)
            case .session(let sub): return try await sessionCommand(sub)
            case .set(let key, let value): return try set(key, value)
            case .help(let topic): return try help(topic)
            case .quit:
                var output = Output()
                output.quit = true
                return output
            }
        } catch let error as UsageError {
            return .failure(error.description)
        } catch let error as SourceError {
            return .failure(error.description)
        } catch let error as StoreError {
            return .failure(error.description)
        } catch {
            return .failure("\(error)")
        }
    }

    // MARK: Searching

    func search(_ query: SearchQuery) async throws -> Output {
        let source = try source(named: query.source)
        switch source {
        case is CatalogSource:
            if let option = query.options.keys.sorted().first {
                throw UsageError("--\(option) does not apply to \(source.name): the catalog takes only terms and --in")
            }
        case is OMDbSource:
            try OMDbSource.validate(query.options)
            guard !query.terms.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("omdb needs words to search for") }
        default:
            for option in query.options.keys.sorted() where !["country", "lang"].contains(option) {
                throw UsageError("--\(option) does not apply to \(source.name): iTunes takes --country and --lang")
            }
            // The same checks as set country and set lang, before any request.
            if let country = query.options["country"] { _ = try Settings.storeCountry(country) }
            if let lang = query.options["lang"] { _ = try Settings.storeLanguage(lang) }
            guard !query.terms.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("\(source.name) needs words to search for") }
        }
        if let refused = try refusal(of: query, in: source) { return refused }
        let first = try await waiting("searching \(source.name)") { try await source.search(query, page: 1) }
        results = first.items
        hasMore = first.hasMore
        sourceTotal = first.total
        fetchedPages = 1
        parkedPages = [:]
        resultsLoaded = true
        if session.source != source.name {
            // An order chosen for one source's fields is no order for another's (rating for restaurants).
            session.sort = nil
            session.group = nil
        }
        session.source = source.name
        session.query = query
        session.filter = nil
        session.page = 1
        session.view = .list
        invalidate()
        // A scout page may span several of the source's (OMDb gives 10 at a time).
        while !pageIsFull(1) { try await fetchNextPage() }
        // An order that moves rows needs every page (sort and group load them all first); a new search whose
        // pages are not all here starts in the source's order rather than fetch them all unasked.
        var orderNote: String?
        if let sort = session.sort, (try? checkApplies(sort.key.rawValue, to: "sort", among: ["title", "relevance"])) == nil {
            session.sort = nil  // this search's results have no such field
        }
        if let group = session.group, (try? checkApplies(group, to: "group", among: ["none"])) == nil {
            session.group = nil
        }
        if hasMore, let sort = session.sort, sort.key != .relevance {
            orderNote = "(in \(source.name)'s order: sort \(sort.description) again to fetch every page and sort them)"
            session.sort = nil
        }
        if hasMore, let group = session.group, group != "none" {
            orderNote = orderNote ?? "(in \(source.name)'s order: group \(group) again to fetch every page and group them)"
            session.group = nil
        }
        if orderNote != nil { invalidate() }
        var output = Output()
        if let orderNote { output.say(orderNote) }
        if let note = first.note { output.say("(\(note))") }
        let id = UUID().uuidString
        do {
            try history.recordSearch(id: id, query: query, count: sourceTotal ?? results.count, at: context.now())
            session.searchID = id
        } catch {
            output.warn("the search ran but was not written to history: \(error)")
        }
        if results.isEmpty {
            output.say("No \(source.name) match \(Self.searched(query)).")
            output.json = listingJSON()
            rememberEmptySearch(query, in: source, answer: first, into: &output)
            return output
        }
        output.merge(try listing())
        return output
    }

    /// Runs `work`; when it takes longer than 300 ms and someone watches (a terminal's standard error),
    /// shows a spinner and `label` until it ends, then erases them. Quick answers and pipes show nothing.
    func waiting<T>(_ label: String, _ work: () async throws -> T) async rethrows -> T {
        guard let progress = context.progress else { return try await work() }
        let spinner = Task {
            guard (try? await Task.sleep(for: .milliseconds(300))) != nil else { return false }
            let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
            var frame = 0
            repeat {
                progress("\(frames[frame % frames.count]) \(label)")
                frame += 1
            } while (try? await Task.sleep(for: .milliseconds(100))) != nil
            return true
        }
        do {
            let value = try await work()
            spinner.cancel()
            if await spinner.value { progress(nil) }
            return value
        } catch {
            spinner.cancel()
            if await spinner.value { progress(nil) }
            throw error
        }
    }

    /// Fetches the source's next page into `results`.
    func fetchNextPage() async throws {
        guard hasMore, let query = session.query else { return }
        let source = try source(named: query.source)
        let number = fetchedPages + 1
        let page: ResultPage
        if let parked = parkedPages.removeValue(forKey: number) {
            page = ResultPage(items: parked, total: sourceTotal, hasMore: sourceTotal.map { number * OMDbSource.pageSize < $0 } ?? true)
        } else {
            page = try await waiting("fetching page \(number) from \(source.name)") { try await source.search(query, page: number) }
        }
        let known = Set(results.map(\.id))
        let new = page.items.filter { !known.contains($0.id) }
        results.append(contentsOf: new)
        fetchedPages += 1
        // A page with nothing new ends the list, whatever the server says, so paging always ends.
        hasMore = page.hasMore && !new.isEmpty
        invalidate()
    }

    func use(_ name: String) throws -> Output {
        let source = try source(named: name)
        var output = Output()
        guard source.name != session.source else {
            output.say("Already using \(source.name).")
            return output
        }
        session.source = source.name
        session.query = nil
        session.filter = nil
        session.sort = nil
        session.group = nil
        session.page = 1
        session.view = .list
        session.searchID = nil
        results = []
        resultsLoaded = false
        hasMore = false
        parkedPages = [:]
        invalidate()
        output.say("Now using \(source.name): \(Self.searchHint(source)).")
        output.json["source"] = .string(source.name)
        return output
    }

    /// What `search` takes in `source`, for hints.
    static func searchHint(_ source: any Source) -> String {
        switch source {
        case is CatalogSource: "search TERMS, or search alone for everything"
        case is OMDbSource: "search TERMS [--type movie|series|episode] [--year YYYY]"
        default: "search TERMS [--country CC] [--lang L]"
        }
    }

    func sources() -> Output {
        var output = Output()
        let catalog: String
        switch context.catalog {
        case .builtin: catalog = "built-in catalog"
        case .server(let url): catalog = "catalog at \(url.absoluteString)"
        }
        var rows: [JSONValue] = []
        for name in sourceNames {
            guard let source = try? source(named: name) else { continue }
            let origin: String
            var usable = true
            switch source {
            case is CatalogSource: origin = catalog
            case is OMDbSource:
                usable = omdbKey != nil
                origin = usable ? "OMDb at \(context.omdbURL.absoluteString)" : "OMDb: no API key (set omdb-key KEY, or OMDB_API_KEY)"
            default: origin = "iTunes at \(context.itunesURL.absoluteString)"
            }
            let current = name == session.source ? "▸" : " "
            output.say("\(current) \(DisplayWidth.pad(name, to: 13)) \(usable ? "usable " : "no key ") \(DisplayWidth.pad(source.selection == .single ? "one pick" : "several picks", to: 13))  \(origin)")
            rows.append(.object(["name": .string(name), "usable": .bool(usable), "selection": .string(source.selection.rawValue),
                                 "current": .bool(name == session.source)]))
        }
        output.json["sources"] = .array(rows)
        return output
    }

    /// Fetches the current query's results again (after a restart or a session load), without a history record.
    func reload() async -> String? {
        guard let query = session.query else { return nil }
        do {
            let source = try source(named: query.source)
            let first = try await waiting("restoring your \(source.name) search") { try await source.search(query, page: 1) }
            results = first.items
            hasMore = first.hasMore
            sourceTotal = first.total
            fetchedPages = 1
        parkedPages = [:]
            resultsLoaded = true
            invalidate()
            while !pageIsFull(session.page) { try await fetchNextPage() }
            return nil
        } catch {
            results = []
            resultsLoaded = false
            invalidate()
            if case SourceError.cancelled = error {
                return "fetching \(Self.searched(query)) again was cancelled: list fetches it when you want it"
            }
            return "could not fetch the results of \(Self.searched(query)) again (\(error)); search again when you can"
        }
    }

    // MARK: The list

    func requireResults() throws(UsageError) {
        guard resultsLoaded else {
            if session.query != nil { throw UsageError("the results are not loaded: search again") }
            throw UsageError("nothing to list yet: \(currentSource.map(Self.searchHint) ?? "search TERMS")")
        }
    }

    func invalidate() {
        displayedCache = nil
        pageStartsCache = nil
    }

    var groupField: String? {
        switch session.group {
        case "none": nil
        case let key?: key
        case nil: currentSource?.defaultGroup
        }
    }

    /// Refuses to sort or group by a field none of the results has (`sort year` on restaurants), naming
    /// the keys that do apply; `always` apply whatever the results hold.
    func checkApplies(_ key: String, to verb: String, among always: [String]) throws(UsageError) {
        let candidates = verb == "sort" ? SortOrder.Key.allCases.map(\.rawValue) : ["year", "cuisine", "genre", "kind", "none"]
        func applies(_ key: String) -> Bool {
            always.contains(key) || results.contains { key == "year" ? $0.year != nil : key == "rating" ? $0.rating != nil : $0[field: key] != nil }
        }
        guard !applies(key), !results.isEmpty else { return }
        let usable = candidates.filter(applies)
        throw UsageError("\(session.source) results have no \(key): \(verb) \(usable.joined(separator: ", ")) instead")
    }

    /// The results as rows are numbered: filtered, sorted, then grouped.
    var displayed: [Item] {
        if let displayedCache { return displayedCache }
        var items = results
        if let filter = session.filter, !filter.isEmpty {
            let words = Text.words(filter)
            items = items.filter { Text.matches(words, in: $0.searchText) }
        }
        if let sort = session.sort, sort.key != .relevance {
            items = Self.sorted(items, by: sort)
        }
        if let field = groupField {
            let keys = items.map { Renderer.groupKey($0, field) }
            var order: [String: Int] = [:]
            let sortedKeys = Set(keys).sorted { field == "year" ? $0 > $1 : $0.localizedStandardCompare($1) == .orderedAscending }
            for (index, key) in sortedKeys.enumerated() { order[key] = index }
            items = zip(items, keys).enumerated()
                .sorted { (order[$0.element.1] ?? 0, $0.offset) < (order[$1.element.1] ?? 0, $1.offset) }
                .map(\.element.0)
        }
        displayedCache = items
        return items
    }

    static func sorted(_ items: [Item], by order: SortOrder) -> [Item] {
        func compare(_ a: Item, _ b: Item) -> Bool? {
            switch order.key {
            case .year:
                guard a.year != b.year else { return nil }
                guard let x = a.year else { return false }
                guard let y = b.year else { return true }
                return order.descending ? x > y : x < y
            case .rating:
                guard a.rating != b.rating else { return nil }
                guard let x = a.rating else { return false }
                guard let y = b.rating else { return true }
                return order.descending ? x > y : x < y
            case .title:
                let result = a.title.localizedStandardCompare(b.title)
                if result == .orderedSame { return nil }
                return (result == .orderedAscending) != order.descending
            case .relevance:
                return nil
            }
        }
        return items.enumerated().sorted { a, b in
            if let decided = compare(a.element, b.element) { return decided }
            // Ties read best by title, then keep the source's order.
            let byTitle = a.element.title.localizedStandardCompare(b.element.title)
            if order.key != .title, byTitle != .orderedSame { return byTitle == .orderedAscending }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// How many results there are: the source's count while pages remain to fetch, else those loaded.
    var resultCount: Int {
        hasMore && session.filter == nil ? max(displayed.count, sourceTotal ?? 0) : displayed.count
    }

    /// Whether a page fits the window, group headings counted: on a terminal with `page-size` not set.
    var pagesFitWindow: Bool { settings.pageSize == nil && height != nil }

    /// Lines a page may use for its rows (and, fitting the window, its group headings): the window less
    /// the heading, the `next` line, the line typed and the prompt; else `page-size`, else 20.
    var pageLines: Int {
        if let size = settings.pageSize { return size }
        if let height { return max(3, height - 4) }
        return 20
    }

    /// Where each page of `displayed` starts: every `page-size` rows, or as many rows and headings as fit.
    var pageStarts: [Int] {
        if let pageStartsCache { return pageStartsCache }
        let rows = displayed
        var starts = [0]
        if pagesFitWindow, let field = groupField {
            var used = 0
            var previous: String?
            for (index, item) in rows.enumerated() {
                let key = Renderer.groupKey(item, field)
                // A page opens with its group's heading; a new group within a page adds one.
                var cost = used == 0 || key != previous ? 2 : 1
                if used > 0, used + cost > pageLines {
                    starts.append(index)
                    used = 0
                    cost = 2
                }
                used += cost
                previous = key
            }
        } else {
            starts += Array(stride(from: pageLines, to: rows.count, by: pageLines))
        }
        pageStartsCache = starts
        return starts
    }

    /// The rows of page `page` (from 1), as indices into `displayed`.
    func rows(onPage page: Int) -> Range<Int> {
        let starts = pageStarts, count = displayed.count
        guard page >= 1, page <= starts.count else { return count..<count }
        return starts[page - 1]..<(page < starts.count ? starts[page] : count)
    }

    /// Whether page `page` holds every row it will: the next page has begun, or nothing is left to fetch.
    func pageIsFull(_ page: Int) -> Bool {
        !hasMore || pageStarts.count > page || (!(pagesFitWindow && groupField != nil) && displayed.count >= page * pageLines)
    }

    var pageCount: Int {
        let loaded = displayed.isEmpty ? 1 : pageStarts.count
        guard hasMore else { return loaded }
        // Unfiltered, the source's own count says how many pages there will be; otherwise one more at least.
        if session.filter == nil, let sourceTotal {
            let perPage = max(1, pagesFitWindow && groupField != nil ? pageLines - 2 : pageLines)
            let lastStart = pageStarts.last ?? 0
            return max(loaded, pageStarts.count - 1 + (sourceTotal - lastStart + perPage - 1) / perPage)
        }
        return loaded + 1
    }

    /// Whether more results may come than any count says: pages remain, and the source gave no count
    /// (iTunes) or a filter hides how many of them match.
    var countIsOpen: Bool { hasMore && (sourceTotal == nil || session.filter != nil) }

    /// The page count as shown: `3+` while the count is open.
    var pageCountText: String { countIsOpen ? "\(pageCount - 1)+" : "\(pageCount)" }

    func turnPage(to page: Int) async throws -> Output {
        try requireResults()
        if page < 1 { throw UsageError("already on the first page") }
        let promised = hasMore
        while !pageIsFull(page) { try await fetchNextPage() }
        if promised, !hasMore, page > pageCount {
            // The source counted more than its pages hold: say so, rather than "there is only one page".
            throw UsageError("\(session.source) sent no more results past its page \(fetchedPages - 1), so the list ends at \(results.count): page 1 to \(pageCount)")
        }
        if page == session.page + 1, page > pageCount { throw UsageError("already on the last page") }
        guard page <= pageCount else {
            throw UsageError(pageCount == 1 ? "there is only one page" : "there are only \(pageCount) pages: page 1 to \(pageCount)")
        }
        session.page = page
        session.view = .list
        return try listing()
    }

    /// `load all`: fetches every remaining page, then shows the heading and what it kept.
    func loadAll() async throws -> Output {
        try requireResults()
        var output = Output()
        guard hasMore else {
            output.say("All \(results.count) results are loaded.")
            output.json = listingJSON()
            return output
        }
        let pagesBefore = fetchedPages
        let (added, received, failure) = try await loadRemaining()
        output.say(heading())
        if let failure {
            output.say("Loaded \(added) more: \(results.count) in all.")
            output.fail("stopped loading (\(failure)); \(results.count) results kept: load all again to go on")
        } else if added == 0 {
            // Said, not hidden: a source whose count promised more than its pages hold.
            let source = session.source
            output.say(received == 0
                ? "Loaded nothing more: \(source) sent no results past page \(pagesBefore), so the list ends at \(results.count)."
                : "Loaded nothing more: the pages left repeated \(received) results already listed, so the list ends at \(results.count).")
        } else {
            output.say("Loaded \(added) more: \(results.count) in all.")
        }
        output.json = listingJSON()
        output.json["added"] = .int(added)
        return output
    }

    /// Fetches every remaining page into `results`: when the source says how many there are,
    /// `loadAllConcurrency` at a time, each put in its place so that the list does not jump; otherwise one
    /// after another. Pages that arrived are kept whatever stops the rest (an error, Ctrl-C). Returns how
    /// many results it added and what stopped it.
    func loadRemaining() async throws -> (added: Int, received: Int, failure: (any Error)?) {
        guard hasMore, let query = session.query else { return (0, 0, nil) }
        let source = try source(named: query.source)
        let before = results.count
        var failure: (any Error)?
        var received = 0
        if let total = sourceTotal, source is OMDbSource {
            let last = min(OMDbSource.maxPages, (total + OMDbSource.pageSize - 1) / OMDbSource.pageSize)
            let pages = Array((fetchedPages + 1)...max(fetchedPages + 1, last)).filter { parkedPages[$0] == nil }
            var arrived = parkedPages
            let progress = context.progress
            let done = fetchedPages + parkedPages.count
            var count = 0
            var ended = false
            progress?("loading pages: \(done) of \(last)")
            await withTaskGroup(of: (Int, Result<ResultPage, SourceError>).self) { group in
                var next = pages.makeIterator()
                func launch() {
                    guard let page = next.next() else { return }
                    group.addTask {
                        do throws(SourceError) {
                            return (page, .success(try await source.search(query, page: page)))
                        } catch {
                            return (page, .failure(error))
                        }
                    }
                }
                for _ in 0..<Self.loadAllConcurrency { launch() }
                for await (page, result) in group {
                    switch result {
                    case .success(let answer):
                        arrived[page] = answer.items
                        count += 1
                        // An empty page is the end, whatever the count said: no more are asked for.
                        if answer.items.isEmpty { ended = true }
                    case .failure(let error): if failure == nil { failure = error }
                    }
                    progress?("loading pages: \(done + count) of \(last)")
                    if failure == nil, !ended { launch() }
                }
            }
            progress?(nil)
            // Pages join the list in order, up to the first that is missing; those after it wait for it.
            var known = Set(results.map(\.id))
            var page = fetchedPages + 1
            while let items = arrived.removeValue(forKey: page) {
                received += items.count
                results.append(contentsOf: items.filter { known.insert($0.id).inserted })
                fetchedPages = page
                page += 1
            }
            parkedPages = arrived
            hasMore = fetchedPages < last && !ended
            if failure == nil, results.count == before || ended {
                // Every page repeated what was listed: the list ends here, whatever the count said.
                hasMore = false
                sourceTotal = results.count
            }
        } else {
            do {
                while hasMore {
                    let count = results.count
                    try await fetchNextPage()
                    received += results.count - count
                    context.progress?("loading: \(results.count) results")
                }
            } catch { failure = error }
            context.progress?(nil)
        }
        invalidate()
        return (results.count - before, received, failure)
    }

    /// Before an order that moves rows (a sort, a group), every result is fetched, so that a row number
    /// names the same item for as long as the list is shown: a page arriving later cannot move it.
    func loadEverythingBefore(_ what: String) async throws {
        guard hasMore else { return }
        let (_, _, failure) = try await loadRemaining()
        if let failure {
            throw UsageError("\(what) needs every result first, and loading stopped (\(failure)); \(results.count) results kept: \(what) again to go on")
        }
    }

    /// The current page with its heading, marks and group headings.
    func listing() throws -> Output {
        try requireResults()
        session.page = min(session.page, pageCount)
        let rows = displayed
        var output = Output()
        // A page is sized to fit the window: it never goes through the pager, which would take the next keys.
        output.pageable = false
        output.say(heading())
        if rows.isEmpty {
            output.say(session.filter != nil ? "Nothing matches the filter: filter alone clears it." : "No results.")
        } else {
            let range = self.rows(onPage: session.page)
            let start = range.lowerBound
            let slice = rows[range]
            let favouriteIDs = favourites.ids
            for line in Renderer(width: width).page(slice, firstRow: start + 1, columns: currentSource?.columns ?? [],
                                                           groupBy: groupField, selected: selectedIDs, favourites: favouriteIDs) {
                output.say(line)
            }
            if pageCount > 1 && session.page < pageCount { output.say("next for page \(session.page + 1) of \(pageCountText)") }
        }
        output.json = listingJSON()
        return output
    }

    /// A row of a listing, cut with … to the window's width on a terminal (whole on a pipe).
    func fitted(_ line: String) -> String {
        context.fitsWidth ? DisplayWidth.truncate(line, to: width) : line
    }

    /// A search as typed, for the heading and messages: `"alien" --type series`, or `everything`.
    static func searched(_ query: SearchQuery) -> String {
        var text = query.terms.isEmpty ? "everything" : "\"\(Text.brief(query.terms))\""
        for (name, value) in query.options.sorted(by: { $0.key < $1.key }) { text += " --\(name) \(value)" }
        return text
    }

    func heading() -> String {
        var parts = [session.source]
        parts.append(session.query.map(Self.searched) ?? "everything")
        let count = resultCount
        // A source that does not say how many it has (iTunes) has "50+" while pages remain.
        let more = countIsOpen ? "+" : ""
        parts.append(count == 1 && more.isEmpty ? "1 result" : "\(count)\(more) results")
        if count > displayed.count { parts.append("\(displayed.count) loaded") }
        if let filter = session.filter { parts.append("filter \"\(filter)\"") }
        if let sort = session.sort { parts.append("by \(sort.description)") }
        parts.append("page \(session.page) of \(pageCountText)")
        if !session.selections.isEmpty { parts.append("\(session.selections.count) selected") }
        // In a narrow window the parts the prompt also shows go first (selected, then the page), then the
        // sort; what is left is cut with … rather than wrapped.
        var line = parts.joined(separator: " · ")
        for droppable in ["\(session.selections.count) selected", "page \(session.page) of \(pageCountText)", "by \(session.sort?.description ?? "")"]
        where DisplayWidth.of(line) > width {
            parts.removeAll { $0 == droppable }
            line = parts.joined(separator: " · ")
        }
        return DisplayWidth.truncate(line, to: width)
    }

    func listingJSON() -> [String: JSONValue] {
        let rows = displayed
        let range = self.rows(onPage: session.page)
        let start = range.lowerBound
        let slice = rows[range]
        let favouriteIDs = slice.isEmpty ? [] : favourites.ids
        return [
            "items": .array(slice.enumerated().map { offset, item in
                itemJSON(item, row: start + offset + 1, favourite: favouriteIDs.contains(item.id))
            }),
            "page": .int(session.page),
            "pages": .int(pageCount),
            "total": .int(resultCount),
            "loaded": .int(rows.count),
            "source": .string(session.source),
        ]
    }

    func itemJSON(_ item: Item, row: Int? = nil, favourite: Bool) -> JSONValue {
        var object: [String: JSONValue] = ["id": .string(item.id), "title": .string(item.title),
                                           "selected": .bool(selectedIDs.contains(item.id)), "favourite": .bool(favourite)]
        for field in item.fields where object[field.name] == nil { object[field.name] = .string(field.value) }
        if let url = item.url { object["url"] = .string(url) }
        if let row { object["row"] = .int(row) }
        return .object(object)
    }

    /// The item on row `row` of the displayed list.
    func item(atRow row: Int) throws -> Item {
        try requireResults()
        let rows = displayed
        guard (1...max(1, rows.count)).contains(row), row <= rows.count else {
            throw UsageError(rows.isEmpty ? "there are no rows" : "there is no row \(row): rows run from 1 to \(rows.count)")
        }
        return rows[row - 1]
    }

    func show(_ row: Int) async throws -> Output {
        let item = try item(atRow: row)
        var problem: String?
        var detailed = item
        do {
            if let source = currentSource { detailed = try await source.details(of: item) }
        } catch SourceError.cancelled {
            throw SourceError.cancelled
        } catch {
            // What the list already knows is worth showing; the failure is said beside it.
            problem = "the full details could not be fetched (\(error)); this is what the list holds"
        }
        session.view = .detail(id: item.id)
        var output = detail(detailed)
        if let problem { output.warn(problem) }
        return output
    }

    func detail(_ item: Item) -> Output {
        var output = Output()
        output.pageable = false
        for line in Renderer(width: width).detail(item, selected: selectedIDs.contains(item.id), favourite: favourites.contains(item.id)) {
            output.say(line)
        }
        output.json["item"] = itemJSON(item, favourite: favourites.contains(item.id))
        return output
    }

    func open(_ row: Int) throws -> Output {
        let item = try item(atRow: row)
        guard let url = item.url else { throw UsageError("\(item.title) has no web page") }
        var output = Output()
        // Only web pages go to a browser: a remote catalog's file: or javascript: link is printed, not opened.
        let web = ["http", "https"].contains(URL(string: url)?.scheme?.lowercased() ?? "")
        if web, let openURL = context.openURL {
            output.say(openURL(url) ? "Opened \(url)" : "No browser could be started (set BROWSER to one): \(url)")
        } else {
            output.say(url)
        }
        output.json["url"] = .string(url)
        return output
    }

    // MARK: Persisting the session

    /// Writes the session when a command changed it. A failed write is a warning: the session stays in
    /// memory and is written with the next command.
    func saveSession(into output: inout Output) {
        guard session != savedSession else { return }
        var toSave = session
        toSave.lastVisited = context.now()
        do {
            try sessionFile.save(toSave)
            session.lastVisited = toSave.lastVisited
            savedSession = session
        } catch {
            output.warn("\(error)")
        }
    }

    /// Records the time of this visit; called when scout exits.
    public func saveOnExit() -> String? {
        var toSave = session
        toSave.lastVisited = context.now()
        do {
            try sessionFile.save(toSave)
            return nil
        } catch {
            return "\(error)"
        }
    }
}

extension Output {
    mutating func merge(_ other: Output) {
        for line in other.styledLines { say(line) }
        for warning in other.warnings { warn(warning) }
        if let error = other.error { fail(error) }
        json.merge(other.json) { $1 }
        pageable = pageable && other.pageable
        quit = quit || other.quit
    }
}
