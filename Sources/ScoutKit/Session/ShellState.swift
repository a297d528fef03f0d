import FoundationEssentials

/// What the commands work on: the session and the settings with their files, the stores, the sources
/// and the current results, with the operations commands share (`ShellState+Search` and its
/// siblings). Commands read and change it; the shell owns it. One command runs at a time, on the main
/// actor.
@MainActor
public final class ShellState {
    let context: ShellContext
    var session: SessionModel
    var settings: Settings
    let sessionFile: StateFile<SessionModel>
    let configFile: StateFile<Settings>
    /// The session as last written, so that a command that changes nothing writes nothing.
    private var savedSession: SessionModel?
    /// The terminal's width in columns, which listings fit.
    var width: Int
    /// The terminal's height in lines, which a listing page fits when `page-size` is not set; nil on a pipe.
    var height: Int?
    /// What reading the settings file at start said (a value it cannot use), not said again when `set` reads it
    /// under its lock.
    private var settingsWarnings: Set<String> = []
    /// When the session was visited before this run; nil on a first run or with `--fresh`.
    private(set) var previousVisit: Date?
    /// Warnings raised while loading files, shown with the next output.
    let warnings = WarningLog()

    /// The favourites, which the views mark and the library and the artwork read.
    var favourites: FavouritesStore { services.favourites.store }
    /// The library, whose lines a detail view shows.
    var library: LibraryStore { services.library.store }
    /// The features that are services (`Features/`), each made when first used.
    private(set) lazy var services = Services(
        sources: sources,
        wiring: ServiceWiring(
            context: context, settings: { [unowned self] in self.settings },
            updateSettings: { [unowned self] in try self.updateSettings($0, warn: $1) }, warn: warnings.add,
            width: { [unowned self] in self.width }, fit: { [unowned self] in self.fitted($0) },
            runSearch: { [unowned self] in try await self.runSearch($0) }), screen: self)
    /// What the numbers on screen name: the rows of the results, or the films of the last library or
    /// favourites listing (`diary` then `rate 3 4` rates the third film the diary showed).
    var rowsOnScreen: RowsOnScreen = .results
    let sources: SourceRegistry
    /// The source last built, with the name and settings it was built for.
    private var lastSource: (name: String, settings: Settings, source: any Source)?
    /// How many sources this run has built (a test reads it: a search builds one).
    private(set) var sourcesBuilt = 0
    private(set) lazy var results = ResultSet { [unowned self] in self.resultView }

    init(context: ShellContext, fresh: Bool) {
        self.context = context
        let file = context.sessionName.map(context.paths.namedSession) ?? context.paths.sessionFile
        sessionFile = SessionModel.file(file, label: "the session", store: context.fileStore)
        configFile = StateFile(
            context.paths.configFile, label: "the settings file", store: context.fileStore,
            recovery: "went on with the default settings")
        sources = SourceRegistry(context: context, warnings: warnings)
        width = context.width
        height = context.height
        session = SessionModel()
        settings = Settings()
        var said: Set<String> = []
        settings =
            configFile.load { [warnings] line in
                said.insert(line)
                warnings.add(line)
            } ?? Settings()
        settingsWarnings = said
        if settings.omdbKey != nil, let mode = FileStamp.mode(of: configFile.url), mode & 0o077 != 0 {
            // As ssh does with a private key: say so, once a run, and go on.
            warnings.add(
                "\(configFile.url.path) holds your OMDb key and others can read it: chmod 600 \(configFile.url.path)")
        }
        if !fresh, let restored = sessionFile.load(warn: warnings.add) {
            session = restored
            savedSession = restored
            previousVisit = restored.lastVisited
        } else if fresh {
            // Fresh, a session is written once a command changes it: a script that only reads (`scout
            // --fresh -c sources`) leaves the one on disk as it was.
            savedSession = session
        }
        // What a killed scout left half-written; the cache folder is swept when the cache is first used.
        for folder in [context.paths.state, context.paths.sessionsFolder, context.paths.data, context.paths.config] {
            context.fileStore.sweepTemporaries(in: folder)
        }
    }

    // MARK: Sources and results

    /// The source named `name`, built once and kept while the settings it was built with stand: a search
    /// and the pages it fetches use one.
    func source(named name: String) throws(UsageError) -> any Source {
        if let built = lastSource, built.name == name, built.settings == settings { return built.source }
        let source = try sources.source(named: name, settings: settings)
        lastSource = (name, settings, source)
        sourcesBuilt += 1
        return source
    }

    var currentSource: (any Source)? { try? source(named: session.source) }

    /// How the results are shown now: the session's filter, order and grouping, and the page size.
    var resultView: ResultView {
        let group: String? =
            switch session.group {
            case "none": nil
            case let key?: key
            // The source's own default, read from the list of sources: building the source here would cost a fetcher at
            // every row count.
            case nil: SourceRegistry.defaultGroup(of: session.source)
            }
        let lines = settings.pageSize ?? height.map { max(3, $0 - 4) } ?? 20
        return ResultView(
            filter: session.filter, sort: session.sort, groupField: group, pageLines: lines,
            pagesFitWindow: settings.pageSize == nil && height != nil)
    }

    var selectedIDs: Set<String> { Set(session.selections.map(\.id)) }

    func requireResults() throws(UsageError) {
        guard results.loaded else {
            if session.query != nil { throw UsageError("the results are not loaded: search again") }
            throw UsageError("nothing to list yet: \(currentSource.map(\.searchHint) ?? "search TERMS")")
        }
    }

    /// Runs `work`; when it takes longer than 300 ms and someone watches (a terminal's standard error),
    /// shows a spinner and `label` until it ends, then erases them. Quick answers and pipes show nothing.
    func waiting<T>(_ label: String, _ work: () async throws -> T) async rethrows -> T {
        try await services.wiring.waiting(label, work)
    }

    /// `item` with what its source's details add (from the cache when they were asked before), and the
    /// failure when they could not be fetched (what the list holds is still worth showing); Ctrl-C cancels.
    func details(of item: Item) async throws -> (item: Item, failure: (any Error)?) {
        guard let source = currentSource else { return (item, nil) }
        do {
            return (try await waiting("fetching the details") { try await source.details(of: item) }, nil)
        } catch SourceError.cancelled {
            throw SourceError.cancelled
        } catch {
            return (item, error)
        }
    }

    func fetchNextPage() async throws {
        guard let query = session.query else { return }
        try await results.fetchNextPage(query, from: try source(named: query.source), progress: context.progress)
    }

    // MARK: The files

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

    /// Changes the settings file under its lock, so that what another scout changed meanwhile is kept, and
    /// adopts what it then holds; `change` says whether the file is to be written.
    func updateSettings(_ change: (inout Settings) throws -> Bool, warn: (String) -> Void) throws {
        try context.fileStore.withLock(configFile.url) {
            var onDisk = configFile.load { if !settingsWarnings.contains($0) { warn($0) } } ?? Settings()
            if try change(&onDisk) { try configFile.save(onDisk) }
            settings = onDisk
        }
    }

    /// Records the time of this visit; called when scout exits.
    func saveOnExit() -> String? {
        var toSave = session
        toSave.lastVisited = context.now()
        do {
            try sessionFile.save(toSave)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The names of the saved sessions, sorted.
    var savedSessions: [String] {
        let names = context.fileStore.contents(of: context.paths.sessionsFolder) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The width prose is wrapped to: the window's on a terminal; none (whole lines) on a pipe.
    var proseWidth: Int? { context.fitsWidth ? width : nil }
}
