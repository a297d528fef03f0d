/// What the shell hands each feature service it makes: the context (paths, clock, environment, files), the
/// settings as they stand and how to change them, where warnings go, and the window's size.
@MainActor struct ServiceWiring {
    let context: ShellContext
    let settings: () -> Settings
    /// Changes the settings file under its lock and adopts what it holds (`ShellState.updateSettings`).
    let updateSettings: (_ change: (inout Settings) throws -> Bool, _ warn: (String) -> Void) throws -> Void
    let warn: @Sendable (String) -> Void
    let width: () -> Int
    /// The window's height in lines; nil on a pipe.
    let height: () -> Int?
    /// Runs a search as `search` does: refused when denied, else its first page shown and recorded.
    let runSearch: (SearchQuery) async throws -> Output

    /// The width prose is wrapped to: the window's on a terminal; none (whole lines) on a pipe. Only what lays
    /// out a screen by its height needs it (the restored view under the welcome lines, help's columns); a
    /// listing is a `ListingView`, fitted when printed.
    var proseWidth: Int? { context.fitsWidth ? width() : nil }

    /// Runs `work`; when it takes longer than 300 ms and someone watches (a terminal's standard error),
    /// shows a spinner and `label` until it ends, then erases them. Quick answers and pipes show nothing.
    func waiting<T>(_ label: String, _ work: () async throws -> T) async rethrows -> T {
        try await Spinner.waiting(label, progress: context.progress, work)
    }
}

/// Features as services: each owns its store and its operations, in its folder under `Features/`, and is
/// made when first used. Every command is handed the ones it names (`ServiceCommand`); the shell state keeps
/// the settings and the window, and wires the services to them. A new feature is its folder, its service
/// here, and its commands.
@MainActor public final class Services {
    let wiring: ServiceWiring

    /// The sources a service asks itself (a watched search's look), as the session builds them.
    let sources: SourceRegistry

    /// A screen other than the browse service's (a test's).
    private let otherScreen: (any Screen)?
    /// Whether the session starts new (`--fresh`).
    private let fresh: Bool

    init(sources: SourceRegistry, wiring: ServiceWiring, screen: (any Screen)? = nil, fresh: Bool = false) {
        self.sources = sources
        self.wiring = wiring
        self.otherScreen = screen
        self.fresh = fresh
    }

    /// What the screen shows, which `fav add` and `fav show` work on: the browse service's list and detail.
    private var screen: any Screen { otherScreen ?? browse }

    /// The session, its search and results, the page, the view and the selection.
    private(set) lazy var browse = BrowseService(wiring: wiring, sources: sources, services: self, fresh: fresh)
    /// Favourites, kept with a snapshot.
    private(set) lazy var favourites: FavouritesService = FavouritesService(wiring: wiring, screen: screen, art: art)
    /// Artwork: the terminal, the art cache, fetching and drawing.
    private(set) lazy var art: ArtService = ArtService(wiring: wiring) { [unowned self] in self.favourites.all() }
    /// Ratings, the diary, the watchlist and notes.
    private(set) lazy var library: LibraryService = LibraryService(
        wiring: wiring, screen: screen, favourites: favourites
    ) {
        [unowned self] film in await self.whereToWatch.ids(of: film)
    }
    /// Where films are watched, from TMDb.
    private(set) lazy var whereToWatch = WhereService(
        wiring: wiring, sources: sources, screen: screen, library: library)
    /// Letterboxd members followed through their feeds.
    private(set) lazy var follow = FollowService(wiring: wiring, library: library)
    /// Terms never to search and the searches that found nothing.
    private(set) lazy var deny = DenyService(wiring: wiring)
    /// Past searches.
    private(set) lazy var history = HistoryService(wiring: wiring)
    /// Saved searches and their watches.
    private(set) lazy var saved = SavedService(
        wiring: wiring, deny: deny, sources: sources,
        streaming: { [unowned self] in try await self.whereToWatch.streamingNow() },
        feeds: { [unowned self] in await self.follow.look() })
    /// The response cache's and the art cache's figures, and emptying them.
    private(set) lazy var cache = CacheService(wiring: wiring, art: art)
    /// Sync through the user's git remote or synced folder.
    private(set) lazy var sync = SyncService(wiring: wiring) { [unowned self] in await self.follow.look(friends: false)
    }
}

/// A command that works on one feature service: the shell hands it the service `service` names, as
/// swift-argument-parser hands a command its option groups.
protocol ServiceCommand<Service>: Command {
    associatedtype Service
    /// The service it works on (a function, not a key path: a key path is built at run time, about 100,000
    /// instructions the first time).
    @MainActor static func service(in services: Services) -> Service
    /// Runs on that service: what it produced, rendered afterwards.
    @MainActor func run(with service: Service) async throws -> Output
}

extension ServiceCommand {
    @MainActor func run(in services: Services) async throws -> Output {
        try await run(with: Self.service(in: services))
    }
}
