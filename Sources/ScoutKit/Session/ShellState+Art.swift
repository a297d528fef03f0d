import FoundationEssentials

/// Artwork: whether and how this terminal is drawn on, fetching into the art cache, and drawing.
extension ShellState {
    var artCache: ArtCache {
        ArtCache(folder: context.paths.cache.appendingPathComponent("art", isDirectory: true), store: context.fileStore)
    }

    /// How images are drawn here, or nil: on a pipe, with `--json`, with `TERM=dumb`, or with `images off`.
    /// tmux's passthrough is asked once a run, the first time it matters.
    func artTerminal() -> ArtTerminal? {
        guard context.artWindow != nil, !context.json, settings.images != .off else { return nil }
        if let resolved = artResolved, resolved.mode == settings.images { return resolved.terminal }
        let environment = context.environment
        let terminal = ArtTerminal.resolve(settings.images, environment: environment) {
            if let known = tmuxPassthrough { return known }
            let answer = ArtTerminal.tmuxPassesThrough(environment: environment)
            tmuxPassthrough = answer
            return answer
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

    /// An item's detail (with a line `under` it), and on a terminal that draws images a request for its artwork
    /// after the text: beside it in a wide window (the text broken short of it), above it otherwise. Where the
    /// image is, its address is not shown; a detail taller than the window goes through the pager, never with
    /// an image.
    func detailWithArt(_ item: Item, under: String? = nil) -> Output {
        func detail(_ item: Item, wrappedTo width: Int? = nil) -> Output {
            var output = self.detail(item, wrappedTo: width)
            if let under { output.say(under) }
            return output
        }
        let whole = detail(item)
        guard let window = context.artWindow?(), artRequest(for: item, layout: .large) != nil,
            whole.styledLines.flatMap({ $0.wrapped(to: window.columns) }).count < window.rows - 1
        else { return whole }
        let textWidth = detailTextWidth(for: item)
        var shown = item
        shown.fields.removeAll { ["artwork", "poster"].contains($0.name) }
        var output = detail(shown, wrappedTo: textWidth)
        let lines = output.styledLines.flatMap { $0.wrapped(to: window.columns) }
        // Broken short of the image, the text may no longer fit: then it is shown whole, without.
        guard lines.count < window.rows - 1 else { return whole }
        let width = textWidth ?? window.columns
        // Beside the text, the image stops above the first line that runs into it (a web address kept whole).
        let clear = lines.firstIndex { DisplayWidth.of($0.plain) > width } ?? lines.count
        output.art = artRequest(for: item, layout: .detail(lines: lines.count, textWidth: width, clearRows: clear))
        return output
    }

    /// The columns a detail's text may take when its artwork goes beside it: the window less the image's.
    func detailTextWidth(for item: Item) -> Int? {
        guard artTerminal() != nil, item.artworkURL(large: false) != nil, let window = context.artWindow?(),
            window.columns >= 100
        else { return nil }
        return window.columns - Self.besideColumns(window.columns) - 2
    }

    static func besideColumns(_ columns: Int) -> Int { min(48, columns / 3) }

    /// Fetches (or finds in the cache) and draws the request's image for this window: one line when it cannot.
    func drawArt(_ request: ArtRequest) async -> ArtOutcome {
        guard let terminal = artTerminal(), let window = context.artWindow?() else { return ArtOutcome() }
        let box: (columns: Int, rows: Int, placement: ArtPlacement)
        switch request.layout {
        case .large:
            box = (window.columns, max(1, window.rows - 2), .alone)
        case .detail(let lines, let textWidth, let clearRows):
            if window.columns >= 100 {
                box = (
                    Self.besideColumns(window.columns), max(1, min(window.rows - 2, max(clearRows, 4))),
                    .beside(column: textWidth + 3, lines: lines)
                )
            } else {
                let room = window.rows - 1 - lines
                guard room >= 4 else {
                    return ArtOutcome(
                        problem:
                            "the window is too short for the artwork of \(request.title) above its detail: art draws "
                            + "it alone")
                }
                box = (min(window.columns, 40), min(room, 20), .above(lines: lines))
            }
        }
        let bytes: Data
        do {
            bytes = try await artBytes(request.urls)
        } catch SourceError.cancelled {
            return ArtOutcome(problem: "skipped the artwork of \(request.title)")
        } catch {
            return ArtOutcome(problem: "the artwork of \(request.title) was not drawn: \(error)")
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
                throw SourceError.notConfigured(
                    "it is not in the art cache and scout is offline (a favourite's artwork is kept when it is added)")
            }
            return try await fetchArt(first)
        } catch SourceError.cancelled {
            throw SourceError.cancelled
        } catch {
            for url in urls.dropFirst() { if let kept = cache.read(url) { return kept } }
            throw error
        }
    }

    /// Fetches an image into the art cache, within the timeout and 16 MB.
    func fetchArt(_ url: String) async throws -> Data {
        guard var address = URL(string: url), ["http", "https"].contains(address.scheme?.lowercased() ?? ""),
            let host = address.host
        else { throw SourceError.notConfigured("its address is not a web address") }
        // SCOUT_ART_URL stands in for every image server (the tests' fixture server): HOST/PATH is asked there.
        if let stand = context.serviceURL("SCOUT_ART_URL"),
            let moved = URL(string: stand.absoluteString + "/art/" + host + address.path)
        {
            address = moved
        }
        var fetcher = HTTPFetcher(
            timeout: .seconds(settings.timeout), maxBodyBytes: 16 << 20, network: context.network)
        fetcher.accept = "image/jpeg, image/png"
        let response = try await fetcher.get(address)
        guard (200..<300).contains(response.status) else { throw SourceError.http(status: response.status, url: url) }
        _ = try ArtFormat.of(response.body) // an error page is not kept
        artCache.keep(
            response.body, for: url, capBytes: settings.artCacheMB << 20, favourites: favouriteArtURLs())
        return response.body
    }

    /// The addresses of every favourite's artwork, both sizes: the last to leave the cache.
    func favouriteArtURLs() -> Set<String> {
        Set(favourites.all().flatMap { $0.item.artworkURLs(large: true) })
    }

    /// Fetches the artwork of favourites just added, in the background, so that it shows offline.
    func prefetchArt(of items: [Item]) {
        let cache = artCache
        let urls = items.flatMap { $0.artworkURLs(large: true) }.filter { !cache.has($0) }
        guard !urls.isEmpty, !(context.offline || settings.offline) else { return }
        artFetches.append(
            Task { [weak self] in
                for url in urls { _ = try? await self?.fetchArt(url) }
            })
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
