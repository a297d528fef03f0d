/// What the shell hands each feature service it makes: the context (paths, clock, environment, files), the
/// settings as they stand and how to change them, where warnings go, and the window's width and how a
/// listing's line is fitted to it.
@MainActor struct ServiceWiring {
    let context: ShellContext
    let settings: () -> Settings
    /// Changes the settings file under its lock and adopts what it holds (`ShellState.updateSettings`).
    let updateSettings: (_ change: (inout Settings) throws -> Bool, _ warn: (String) -> Void) throws -> Void
    let warn: @Sendable (String) -> Void
    let width: () -> Int
    let fit: (String) -> String
    /// Runs a search as `search` does: refused when denied, else its first page shown and recorded.
    let runSearch: (SearchQuery) async throws -> Output

    /// Runs `work`; when it takes longer than 300 ms and someone watches (a terminal's standard error),
    /// shows a spinner and `label` until it ends, then erases them. Quick answers and pipes show nothing.
    func waiting<T>(_ label: String, _ work: () async throws -> T) async rethrows -> T {
        try await Spinner.waiting(label, progress: context.progress, work)
    }
}

/// Features as services: each owns its store and its operations, in its folder under `Features/`, and is
/// made when first used. A command that works on one is handed it (`ServiceCommand`), not the shell state;
/// the shell state keeps the session, the results and the wiring. A new feature is its folder, its service
/// here, and its commands.
@MainActor final class Services {
    let wiring: ServiceWiring

    /// The sources a service asks itself (a watched search's look), as the session builds them.
    let sources: SourceRegistry

    /// What the screen shows, which `fav add` and `fav show` work on.
    private unowned let screen: any Screen

    init(sources: SourceRegistry, wiring: ServiceWiring, screen: any Screen) {
        self.sources = sources
        self.wiring = wiring
        self.screen = screen
    }

    /// Favourites, kept with a snapshot.
    private(set) lazy var favourites: FavouritesService = FavouritesService(wiring: wiring, screen: screen, art: art)
    /// Artwork: the terminal, the art cache, fetching and drawing.
    private(set) lazy var art: ArtService = ArtService(wiring: wiring) { [unowned self] in self.favourites.store.all() }
    /// Ratings, the diary, the watchlist and notes.
    private(set) lazy var library = LibraryService(wiring: wiring, screen: screen, favourites: favourites)
    /// Terms never to search and the searches that found nothing.
    private(set) lazy var deny = DenyService(wiring: wiring)
    /// Past searches.
    private(set) lazy var history = HistoryService(wiring: wiring)
    /// Saved searches and their watches.
    private(set) lazy var saved = SavedService(wiring: wiring, deny: deny, sources: sources)
    /// Sync through the user's git remote or synced folder.
    private(set) lazy var sync = SyncService(wiring: wiring)
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
    @MainActor func run(in state: ShellState) async throws -> Output {
        try await run(with: Self.service(in: state.services))
    }
}
