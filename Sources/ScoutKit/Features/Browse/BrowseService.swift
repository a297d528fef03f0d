import FoundationEssentials

/// Browsing: the session (the source, the search, its filter, order and grouping, the page, the view and
/// the selection) with its file, and the results of the search with the source that fetched them. The
/// browse commands work on it, and it is the screen the other services see (`Screen`): the rows the list
/// shows and what the numbers on screen name.
@MainActor final class BrowseService {
    let wiring: ServiceWiring
    let sources: SourceRegistry
    /// The services a listing and a detail read: favourites' and the library's marks, the artwork, the deny
    /// list and history a search goes through.
    unowned let services: Services
    var session: SessionModel
    let sessionFile: StateFile<SessionModel>
    /// The session as last written, so that a command that changes nothing writes nothing.
    private var savedSession: SessionModel?
    /// The file as this scout last read or wrote it: another scout open on the same session may have written it
    /// since.
    private var savedStamp: FileStamp?
    /// Whether the session is written back: not with `--fresh`, whose session is the run's own, so that a
    /// script (`scout --fresh -c 'search heat --in movies'`) never replaces the one a person left.
    private let keepsFile: Bool
    /// When the session was visited before this run; nil on a first run or with `--fresh`.
    private(set) var previousVisit: Date?
    /// What the numbers on screen name: the rows of the results, or the films of the last library or
    /// favourites listing (`diary` then `rate 3 4` rates the third film the diary showed).
    var rowsOnScreen: RowsOnScreen = .results
    /// The source last built, with the name and settings it was built for.
    private var lastSource: (name: String, settings: Settings, source: any Source)?
    /// How many sources this run has built (a test reads it: a search builds one).
    private(set) var sourcesBuilt = 0
    private(set) lazy var results = ResultSet { [unowned self] in self.resultView }

    /// The session from its file (the named one with `--session`), or a new one when `fresh`.
    init(wiring: ServiceWiring, sources: SourceRegistry, services: Services, fresh: Bool) {
        self.wiring = wiring
        self.sources = sources
        self.services = services
        let context = wiring.context
        let file = context.sessionName.map(context.paths.namedSession) ?? context.paths.sessionFile
        sessionFile = SessionModel.file(file, label: "the session", store: context.fileStore, often: true)
        session = SessionModel()
        keepsFile = !fresh
        if !fresh, let restored = sessionFile.load(warn: wiring.warn) {
            session = restored
            savedSession = restored
            savedStamp = FileStamp(file)
            previousVisit = restored.lastVisited
        } else {
            // A new session is written when a command changes it or an interactive scout quits, not at the start:
            // written there, a second window opened before anything was done said "Welcome back".
            savedSession = session
        }
    }

    var context: ShellContext { wiring.context }
    var settings: Settings { wiring.settings() }
    var width: Int { wiring.width() }
    var height: Int? { wiring.height() }
    /// The favourites, which the rows and the detail mark.
    var favourites: FavouritesService { services.favourites }
    /// The library, whose lines a detail view shows.
    var library: LibraryService { services.library }

    // MARK: Sources and results

    /// The source named `name`, built once and kept while the settings it was built with stand: a search
    /// and the pages it fetches use one.
    func source(named name: String) throws(UsageError) -> any Source {
        let settings = self.settings
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
        let settings = self.settings
        let height = self.height
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

    /// `item` with what its source's details add (from the cache when they were asked before), and the
    /// failure when they could not be fetched (what the list holds is still worth showing); Ctrl-C cancels.
    func details(of item: Item) async throws -> (item: Item, failure: (any Error)?) {
        guard let source = currentSource else { return (item, nil) }
        do {
            return (try await wiring.waiting("fetching the details") { try await source.details(of: item) }, nil)
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

    // MARK: The session's file

    /// Writes the session when a command changed it. A failed write is a warning: the session stays in
    /// memory and is written with the next command.
    func saveSession(into output: inout Output) {
        guard keepsFile, session != savedSession else { return }
        let toSave = stamped()
        do {
            try sessionFile.save(toSave)
            session.lastVisited = toSave.lastVisited
            savedSession = session
            savedStamp = FileStamp(sessionFile.url)
        } catch {
            output.warn("\(error)")
        }
    }

    /// Records the time of this visit; called when scout exits (not with `--fresh`). A scout that changed nothing
    /// leaves a file another scout wrote since: two scouts open on one session, the one that quits last with
    /// nothing done must not put back what the other one changed (docs/DECISIONS.md, "Two scouts on one session").
    func saveOnExit() -> String? {
        guard keepsFile else { return nil }
        if session == savedSession, FileStamp(sessionFile.url) != savedStamp { return nil }
        do {
            try sessionFile.save(stamped())
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The session as it is written: with the time of this visit.
    func stamped() -> SessionModel {
        var stamped = session
        stamped.lastVisited = context.now()
        return stamped
    }

    /// The names of the saved sessions, sorted.
    var savedSessions: [String] {
        let names = context.fileStore.contents(of: context.paths.sessionsFolder) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }
}
