/// Artwork a command asks to be drawn after its text: the addresses to try, and where it goes.
public struct ArtRequest: Sendable, Equatable {
    public enum Layout: Sendable, Equatable {
        /// Beside a detail of `lines` rows on the terminal, from `column`, at most `rows` high.
        case beside(lines: Int, column: Int, rows: Int)
        /// Above a detail of `lines` rows, at most `rows` high.
        case above(lines: Int, rows: Int)
        /// No room beside or above: one line says so.
        case tooShort
        /// As large as the window allows (`art N`).
        case large
    }

    /// What the image is of, for the line that says why it was not drawn.
    public var title: String
    /// The address to fetch; then others of the same image (another size) that may be in the cache.
    public var urls: [String]
    public var layout: Layout
    /// The command that draws it alone (`art 3`), for when the window is too short for it with the text.
    public var alone: String?
    /// Whether it is drawn only from the art cache (a view restored at start never waits on the network).
    public var cachedOnly = false
    /// The window the text was laid out for; nothing is drawn over it when the window changed size since.
    public var window: ArtWindow?
}

/// What drawing the artwork came to: the terminal's bytes, or one line saying why not.
public struct ArtOutcome: Sendable {
    public var bytes: [UInt8] = []
    public var problem: String?
}

extension Item {
    /// The address of the item's artwork (iTunes' `artworkUrl100`, OMDb's `Poster`); `large` asks iTunes for
    /// its 600 x 600 image instead.
    func artworkURL(large: Bool) -> String? {
        if let art = self[field: "artwork"], art.hasPrefix("http") {
            guard large, let slash = art.lastIndex(of: "/") else { return art }
            var name = String(art[art.index(after: slash)...])
            for size in ["100x100bb", "60x60bb", "30x30bb"] where name.contains(size) {
                name = name.replacing(size, with: "600x600bb")
                return String(art[...slash]) + name
            }
            return art
        }
        if let poster = self[field: "poster"], poster.hasPrefix("http") { return poster }
        return nil
    }

    /// Every address of its artwork, the one asked for first.
    func artworkURLs(large: Bool) -> [String] {
        var urls: [String] = []
        for url in [artworkURL(large: large), artworkURL(large: !large)].compactMap({ $0 }) where !urls.contains(url) {
            urls.append(url)
        }
        return urls
    }
}
