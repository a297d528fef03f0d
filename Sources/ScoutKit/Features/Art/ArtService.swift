import FoundationEssentials

/// Artwork as a feature: whether and how this terminal is drawn on, the art cache, fetching into it (in
/// the background for favourites) and drawing. A detail view places its image (`BrowseService+Art`); `art N`
/// asks for one as large as the window allows.
@MainActor final class ArtService {
    let wiring: ServiceWiring
    /// The favourites, whose artwork is fetched when they are kept and leaves the cache last.
    private let favourites: () -> [Favourite]
    /// How images are drawn, as last worked out, and for which `images` setting.
    private var resolved: (mode: Settings.ImagesMode, terminal: ArtTerminal?)?
    /// Favourites' artwork being fetched in the background.
    private var fetches: [Task<Void, Never>] = []

    init(wiring: ServiceWiring, favourites: @escaping () -> [Favourite]) {
        self.wiring = wiring
        self.favourites = favourites
    }

    private var context: ShellContext { wiring.context }
    private var settings: Settings { wiring.settings() }

    var cache: ArtCache {
        ArtCache(folder: context.paths.cache.appendingPathComponent("art", isDirectory: true), store: context.fileStore)
    }

    /// How images are drawn here, or nil: on a pipe, with `--json`, with `TERM=dumb`, or with `images off`.
    /// tmux's passthrough is asked the first time it matters, and again after `set images`.
    func terminal() -> ArtTerminal? {
        guard context.artWindow != nil, !context.json, settings.images != .off else { return nil }
        if let resolved, resolved.mode == settings.images { return resolved.terminal }
        let environment = context.environment
        let terminal = ArtTerminal.resolve(settings.images, environment: environment) {
            ArtTerminal.tmuxPassesThrough(environment: environment)
        }
        resolved = (settings.images, terminal)
        return terminal
    }

    /// Works out how images are drawn again at the next image (tmux's passthrough asked anew): `set images`.
    func forgetTerminal() { resolved = nil }

    /// The request that draws `item`'s artwork after a detail of `lines` lines, `textWidth` wide; nil when
    /// nothing is drawn here or the item has no artwork.
    func request(for item: Item, layout: ArtRequest.Layout) -> ArtRequest? {
        guard terminal() != nil else { return nil }
        let urls = item.artworkURLs(large: layout == .large)
        return urls.isEmpty ? nil : ArtRequest(title: item.title, urls: urls, layout: layout)
    }

    static func besideColumns(_ columns: Int) -> Int { min(48, columns / 3) }

    /// Fetches (or finds in the cache) and draws the request's image for this window: one line when it cannot.
    func draw(_ request: ArtRequest) async -> ArtOutcome {
        guard let terminal = terminal(), let window = context.artWindow?() else { return ArtOutcome() }
        let box: (columns: Int, rows: Int, placement: ArtPlacement)
        switch request.layout {
        case .large:
            // Under the command's line and the title: the prompt stays on the screen.
            box = (window.columns, max(1, window.rows - 3), .alone)
        case .beside(let lines, let column, let rows):
            box = (Self.besideColumns(window.columns), rows, .beside(column: column, lines: lines))
        case .above(let lines, let rows):
            box = (min(window.columns, 48), rows, .above(lines: lines))
        case .tooShort:
            return ArtOutcome(
                problem: "the window is too short for the artwork of \(request.title) with its detail"
                    + (request.alone.map { ": \($0) draws it alone" } ?? ": a taller window shows it"))
        }
        let bytes: Data
        do {
            if request.cachedOnly {
                guard let kept = request.urls.lazy.compactMap(cache.read).first else { return ArtOutcome() }
                bytes = kept
            } else {
                bytes = try await wiring.waiting("fetching the artwork") { try await self.bytes(request.urls) }
            }
        } catch SourceError.cancelled {
            return ArtOutcome(problem: "skipped the artwork of \(request.title)")
        } catch {
            return ArtOutcome(problem: "the artwork of \(request.title) was not drawn: \(error)")
        }
        // The text was laid out for the window as it was: one that changed size meanwhile gets no image over it.
        if let laid = request.window, let now = context.artWindow?(),
            (laid.columns, laid.rows) != (now.columns, now.rows)
        {
            return ArtOutcome(
                problem: "the window changed size while the artwork of \(request.title) came"
                    + (request.alone.map { ": \($0) draws it" } ?? ""))
        }
        let cell = window.cell
        let image: ArtImage
        do {
            image = try ArtImage.decode(bytes, fitting: (box.columns * cell.width, box.rows * cell.height))
        } catch {
            return ArtOutcome(problem: "the artwork of \(request.title) was not drawn: \(error)")
        }
        let drawing = ArtDrawing.draw(image, for: terminal, columns: box.columns, rows: box.rows, cell: cell)
        return ArtOutcome(bytes: drawing.placed(box.placement))
    }

    /// The image at the first address, from the cache or fetched into it; offline, or when the fetch fails,
    /// another size already in the cache.
    func bytes(_ urls: [String]) async throws -> Data {
        let cache = self.cache
        if let first = urls.first, let kept = cache.read(first) { return kept }
        let offline = context.offline || settings.offline
        do {
            guard let first = urls.first else { throw SourceError.notConfigured("the item has no artwork") }
            if offline {
                let favourite = favouriteURLs().contains(first)
                throw SourceError.notConfigured(
                    "it is not in the art cache and scout is offline"
                        + (favourite
                            ? " (fav add fetches a favourite's artwork again once online)"
                            : " (a favourite's artwork is kept when it is added)"))
            }
            return try await fetcher().fetch(first)
        } catch SourceError.cancelled {
            throw SourceError.cancelled
        } catch {
            for url in urls.dropFirst() { if let kept = cache.read(url) { return kept } }
            throw error
        }
    }

    /// What fetches images into the art cache, with this run's settings.
    func fetcher() -> ArtFetcher {
        ArtFetcher(
            cache: cache, timeout: settings.timeout, network: context.network,
            standIn: context.serviceURL(ArtFetcher.urlVariable), capBytes: settings.artCacheMB << 20,
            favourites: favouriteURLs())
    }

    /// The addresses of every favourite's artwork, both sizes: the last to leave the cache.
    func favouriteURLs() -> Set<String> {
        Set(favourites().flatMap { $0.item.artworkURLs(large: true) })
    }

    /// Fetches the artwork of favourites (just added, or added again) that the art cache lacks, in the
    /// background and off the main actor, so that it arrives while scout waits at the prompt and shows offline.
    func prefetch(of items: [Item]) {
        let cache = self.cache
        let urls = items.flatMap { $0.artworkURLs(large: true) }.filter { !cache.has($0) }
        guard !urls.isEmpty, !(context.offline || settings.offline) else { return }
        let fetching = fetcher()
        fetches.append(
            Task.detached {
                for url in urls { _ = try? await fetching.fetch(url) }
            })
    }

    /// Holds the art cache under `set art-cache-mb` at once (when the cap is lowered): how many images went.
    func trim() -> Int {
        cache.trim(to: settings.artCacheMB << 20, favourites: favouriteURLs())
    }

    /// Waits for the background fetches, up to `seconds`; those still running are cancelled.
    func finishFetches(within seconds: Int) async {
        let fetches = self.fetches
        self.fetches = []
        guard !fetches.isEmpty else { return }
        let deadline = Task {
            try? await Task.sleep(for: .seconds(seconds))
            for fetch in fetches { fetch.cancel() }
        }
        for fetch in fetches { await fetch.value }
        deadline.cancel()
    }
}
