import FoundationEssentials

/// Artwork: whether and how this terminal is drawn on, fetching into the art cache, and drawing.
extension ShellState {
    var artCache: ArtCache {
        ArtCache(folder: context.paths.cache.appendingPathComponent("art", isDirectory: true), store: context.fileStore)
    }

    /// How images are drawn here, or nil: on a pipe, with `--json`, with `TERM=dumb`, or with `images off`.
    /// tmux's passthrough is asked the first time it matters, and again after `set images`.
    func artTerminal() -> ArtTerminal? {
        guard context.artWindow != nil, !context.json, settings.images != .off else { return nil }
        if let resolved = artResolved, resolved.mode == settings.images { return resolved.terminal }
        let environment = context.environment
        let terminal = ArtTerminal.resolve(settings.images, environment: environment) {
            ArtTerminal.tmuxPassesThrough(environment: environment)
        }
        artResolved = (settings.images, terminal)
        return terminal
    }

    /// The request that draws `item`'s artwork after a detail of `lines` lines, `textWidth` wide; nil when
    /// nothing is drawn here or the item has no artwork.
    func artRequest(for item: Item, layout: ArtRequest.Layout) -> ArtRequest? {
        guard artTerminal() != nil else { return nil }
        let urls = item.artworkURLs(large: layout == .large)
        return urls.isEmpty ? nil : ArtRequest(title: item.title, urls: urls, layout: layout)
    }

    /// The rows `lines` take on a terminal `columns` wide: a line longer than the window (a web address kept
    /// whole) is wrapped by the terminal.
    static func rows(_ lines: some Sequence<StyledLine>, columns: Int) -> Int {
        lines.reduce(0) { $0 + max(1, (DisplayWidth.of($1.plain) + columns - 1) / max(1, columns)) }
    }

    /// An item's detail (with a line `under` it), and on a terminal that draws images a request for its artwork
    /// after the text: beside it in a window of 100 columns or more (the text broken short of it), above it
    /// otherwise, or where above gives it more than twice the rows (beside, it stops above a web address kept
    /// whole). Where
    /// the image is, its address is not shown; a detail taller than the window goes through the pager, never
    /// with an image. `alone` says how to see the image when the window is too short for it with the text
    /// (`art 3`); `cachedOnly` draws it only from the art cache, and only beside (a view restored at start never
    /// waits on the network, nor pushes the welcome off the screen).
    func detailWithArt(
        _ item: Item, under: String? = nil, warnings: [String] = [], alone: String? = nil, cachedOnly: Bool = false
    ) -> Output {
        func detail(_ item: Item, wrappedTo width: Int? = nil) -> Output {
            var output = self.detail(item, wrappedTo: width)
            if let under { output.say(under) }
            for warning in warnings { output.warn(warning) }
            return output
        }
        // The rows the output takes on the window (the printer breaks lines at its width, the terminal wraps
        // what is still wider), and those before the first line wider than `width`.
        func rows(_ output: Output, on window: ArtWindow, width: Int? = nil) -> (rows: Int, clear: Int) {
            let lines = output.styledLines.flatMap { $0.wrapped(to: window.columns) }
            let width = width ?? window.columns
            return (
                Self.rows(lines, columns: window.columns),
                Self.rows(lines.prefix { DisplayWidth.of($0.plain) <= width }, columns: window.columns)
            )
        }
        let whole = detail(item)
        // Not `.large`: a detail asks for the smaller image (iTunes' 100x100), `art N` for the 600x600.
        guard let window = context.artWindow?(), var request = artRequest(for: item, layout: .tooShort),
            rows(whole, on: window).rows < window.rows - 1,
            !cachedOnly || request.urls.contains(where: artCache.has)
        else { return whole }
        var shown = item
        shown.fields.removeAll { ["artwork", "poster"].contains($0.name) }
        request.alone = alone
        request.cachedOnly = cachedOnly
        request.window = window
        // Above: the text at the window's width, under the command's line and its warnings.
        var above = detail(shown)
        let aboveRows = rows(above, on: window).rows
        let before = 1 + Self.rows(warnings.map { StyledLine("scout: " + $0) }, columns: window.columns)
        let room = cachedOnly ? 0 : min(window.rows - 1 - aboveRows - before, 20)
        // Beside: the text broken short of the image, which stops above the first line wider than that.
        if window.columns >= 100 {
            let width = window.columns - Self.besideColumns(window.columns) - 2
            var beside = detail(shown, wrappedTo: width)
            let (lines, clear) = rows(beside, on: window, width: width)
            let besideRows = min(window.rows - 2, clear)
            // Beside, as the window's width asks, unless above gives the image more than twice the rows.
            if lines < window.rows - 1, besideRows >= 4, besideRows * 2 >= room {
                request.layout = .beside(lines: lines, column: width + 3, rows: besideRows)
                beside.art = request
                return beside
            }
        }
        if cachedOnly { return whole }
        request.layout = room >= 4 ? .above(lines: aboveRows, rows: room) : .tooShort
        above.art = request
        return above
    }

    static func besideColumns(_ columns: Int) -> Int { min(48, columns / 3) }

    /// Fetches (or finds in the cache) and draws the request's image for this window: one line when it cannot.
    func drawArt(_ request: ArtRequest) async -> ArtOutcome {
        guard let terminal = artTerminal(), let window = context.artWindow?() else { return ArtOutcome() }
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
                guard let kept = request.urls.lazy.compactMap(artCache.read).first else { return ArtOutcome() }
                bytes = kept
            } else {
                bytes = try await waiting("fetching the artwork") { try await artBytes(request.urls) }
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
    func artBytes(_ urls: [String]) async throws -> Data {
        let cache = artCache
        if let first = urls.first, let kept = cache.read(first) { return kept }
        let offline = context.offline || settings.offline
        do {
            guard let first = urls.first else { throw SourceError.notConfigured("the item has no artwork") }
            if offline {
                let favourite = favouriteArtURLs().contains(first)
                throw SourceError.notConfigured(
                    "it is not in the art cache and scout is offline"
                        + (favourite
                            ? " (fav add fetches a favourite's artwork again once online)"
                            : " (a favourite's artwork is kept when it is added)"))
            }
            return try await artFetcher().fetch(first)
        } catch SourceError.cancelled {
            throw SourceError.cancelled
        } catch {
            for url in urls.dropFirst() { if let kept = cache.read(url) { return kept } }
            throw error
        }
    }

    /// What fetches images into the art cache, with this run's settings.
    func artFetcher() -> ArtFetcher {
        ArtFetcher(
            cache: artCache, timeout: settings.timeout, network: context.network,
            standIn: context.serviceURL(ArtFetcher.urlVariable), capBytes: settings.artCacheMB << 20,
            favourites: favouriteArtURLs())
    }

    /// The addresses of every favourite's artwork, both sizes: the last to leave the cache.
    func favouriteArtURLs() -> Set<String> {
        Set(favourites.all().flatMap { $0.item.artworkURLs(large: true) })
    }

    /// Fetches the artwork of favourites (just added, or added again) that the art cache lacks, in the
    /// background and off the main actor, so that it arrives while scout waits at the prompt and shows offline.
    func prefetchArt(of items: [Item]) {
        let cache = artCache
        let urls = items.flatMap { $0.artworkURLs(large: true) }.filter { !cache.has($0) }
        guard !urls.isEmpty, !(context.offline || settings.offline) else { return }
        let fetcher = artFetcher()
        artFetches.append(
            Task.detached {
                for url in urls { _ = try? await fetcher.fetch(url) }
            })
    }

    /// Holds the art cache under `set art-cache-mb` at once (when the cap is lowered): how many images went.
    func trimArtCache() -> Int {
        artCache.trim(to: settings.artCacheMB << 20, favourites: favouriteArtURLs())
    }

    /// Waits for the background fetches, up to `seconds`; those still running are cancelled.
    func finishArtFetches(within seconds: Int) async {
        let fetches = artFetches
        artFetches = []
        guard !fetches.isEmpty else { return }
        let deadline = Task {
            try? await Task.sleep(for: .seconds(seconds))
            for fetch in fetches { fetch.cancel() }
        }
        for fetch in fetches { await fetch.value }
        deadline.cancel()
    }
}
