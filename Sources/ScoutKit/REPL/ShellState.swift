import FoundationEssentials

/// What is left of the hub: the context, the settings with their file, the window's size, the warnings
/// and the feature services (`Features/`), wired together. The session and its results are the browse
/// service's. Commands that are not yet `ServiceCommand`s read it; the shell owns it. One command runs at a
/// time, on the main actor.
@MainActor
public final class ShellState {
    let context: ShellContext
    var settings: Settings
    let configFile: StateFile<Settings>
    /// The terminal's width in columns, which listings fit.
    var width: Int
    /// The terminal's height in lines, which a listing page fits when `page-size` is not set; nil on a pipe.
    var height: Int?
    /// What reading the settings file at start said (a value it cannot use), not said again when `set` reads it
    /// under its lock.
    private var settingsWarnings: Set<String> = []
    /// Warnings raised while loading files, shown with the next output.
    let warnings = WarningLog()
    let sources: SourceRegistry
    /// Whether the session starts new (`--fresh`) rather than from its file.
    private let fresh: Bool

    /// The features that are services (`Features/`), each made when first used.
    private(set) lazy var services = Services(
        sources: sources,
        wiring: ServiceWiring(
            context: context, settings: { [unowned self] in self.settings },
            updateSettings: { [unowned self] in try self.updateSettings($0, warn: $1) }, warn: warnings.add,
            width: { [unowned self] in self.width }, height: { [unowned self] in self.height },
            runSearch: { [unowned self] in try await self.browse.runSearch($0) }), fresh: fresh)
    /// The session and its results.
    var browse: BrowseService { services.browse }

    init(context: ShellContext, fresh: Bool) {
        self.context = context
        self.fresh = fresh
        configFile = StateFile(
            context.paths.configFile, label: "the settings file", store: context.fileStore,
            recovery: "went on with the default settings")
        sources = SourceRegistry(context: context, warnings: warnings)
        width = context.width
        height = context.height
        settings = Settings()
        var said: Set<String> = []
        settings =
            configFile.load { [warnings] line in
                said.insert(line)
                warnings.add(line)
            } ?? Settings()
        settingsWarnings = said
        let keys = [settings.omdbKey.map { _ in "OMDb" }, settings.tmdbKey.map { _ in "TMDb" }].compactMap { $0 }
        if !keys.isEmpty, let mode = FileStamp.mode(of: configFile.url), mode & 0o077 != 0 {
            // As ssh does with a private key: say so, once a run, and go on.
            let held = keys.count == 1 ? "your \(keys[0]) key" : "your OMDb and TMDb keys"
            warnings.add(
                "\(configFile.url.path) holds \(held) and others can read it: chmod 600 \(configFile.url.path)")
        }
        // What a killed scout left half-written; the cache folder is swept when the cache is first used.
        for folder in [context.paths.state, context.paths.sessionsFolder, context.paths.data, context.paths.config] {
            context.fileStore.sweepTemporaries(in: folder)
        }
    }

    // MARK: The files

    /// Changes the settings file under its lock, so that what another scout changed meanwhile is kept, and
    /// adopts what it then holds; `change` says whether the file is to be written.
    func updateSettings(_ change: (inout Settings) throws -> Bool, warn: (String) -> Void) throws {
        try context.fileStore.withLock(configFile.url) {
            var onDisk = configFile.load { if !settingsWarnings.contains($0) { warn($0) } } ?? Settings()
            if try change(&onDisk) { try configFile.save(onDisk) }
            settings = onDisk
        }
    }
}
