import FoundationEssentials

/// A detail view with its artwork placed beside or above it (`ArtService` fetches and draws it).
extension BrowseService {
    /// An item's detail (with a line `under` it), and on a terminal that draws images a request for its artwork
    /// after the text: beside it in a window of 100 columns or more (the text broken short of it), above it
    /// otherwise, or where above gives it more than twice the rows (beside, it stops above a line wider than the
    /// text's column, such as the line said under the detail). Where the image is, its address is not shown; a
    /// detail taller than the window goes through the pager, never with an image. `alone` says how to see the
    /// image when the window is too short for it with the text (`art 3`); `cachedOnly` draws it only from the art
    /// cache, and only beside (a view restored at start never waits on the network, nor pushes the welcome off the
    /// screen).
    func detailWithArt(
        _ item: Item, under: String? = nil, warnings: [String] = [], alone: String? = nil, cachedOnly: Bool = false,
        watch: [(label: String, value: String)] = []
    ) -> Output {
        func detail(_ item: Item, wrappedTo width: Int? = nil) -> Output {
            var output = self.detail(item, wrappedTo: width, watch: watch)
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
                DisplayWidth.rows(lines, columns: window.columns),
                DisplayWidth.rows(lines.prefix { DisplayWidth.of($0.plain) <= width }, columns: window.columns)
            )
        }
        let whole = detail(item)
        // Not `.large`: a detail asks for the smaller image (iTunes' 100x100), `art N` for the 600x600.
        guard let window = context.artWindow?(), var request = services.art.request(for: item, layout: .tooShort),
            rows(whole, on: window).rows < window.rows - 1,
            !cachedOnly || request.urls.contains(where: services.art.cache.has)
        else { return whole }
        var shown = item
        shown.fields.removeAll { ["artwork", "poster"].contains($0.name) }
        request.alone = alone
        request.cachedOnly = cachedOnly
        request.window = window
        // Above: the text at the window's width, under the command's line and its warnings.
        var above = detail(shown)
        let aboveRows = rows(above, on: window).rows
        let before = 1 + DisplayWidth.rows(warnings.map { StyledLine("scout: " + $0) }, columns: window.columns)
        let room = cachedOnly ? 0 : min(window.rows - 1 - aboveRows - before, 20)
        // Beside: the text broken short of the image, which stops above the first line wider than that.
        if window.columns >= 100 {
            let width = window.columns - ArtService.besideColumns(window.columns) - 2
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

    /// `art N`: row N's artwork, drawn by `art` on a terminal that draws; its address elsewhere.
    func artwork(ofRow row: Int, drawing art: ArtService) async throws -> Output {
        var item = try item(atRow: row)
        // OMDb's search answer says "N/A" for posters its details have: asked for them (from the cache when
        // show N asked already) before saying there is none.
        // (A failure to fetch them is said below as no artwork, which is what is known.)
        if item.artworkURL(large: true) == nil, let capabilities = currentSource?.capabilities,
            capabilities.lookup, capabilities.artwork
        {
            item = try await details(of: item).item
        }
        guard let url = item.artworkURL(large: true) else {
            // A source that gives artwork, with none for this item (OMDb's "N/A"), or one that never does.
            let gives = SourceRegistry.families.contains { family in
                family.names.contains {
                    family.capabilities($0).idPrefix == item.sourceName && family.capabilities($0).artwork
                }
            }
            throw UsageError.notFound(
                gives
                    ? "\(item.title) has no artwork: its source gives none for it"
                    : "\(item.title) has no artwork: the \(item.sourceName) catalog carries none (iTunes and OMDb "
                        + "items do)")
        }
        var output = Output()
        output.json[.url] = .string(url)
        if let request = art.request(for: item, layout: .large) {
            output.say(StyledLine(item.title, .title)) // which item's image this is
            output.art = request
        } else {
            // On a pipe, with --json or TERM=dumb, or images off: the address, to fetch or open.
            output.say(url)
            if context.artWindow != nil && settings.images == .off {
                output.warn("images is off, so the artwork's address is shown: set images auto to draw it")
            }
        }
        return output
    }
}
