/// `art N`: row N's artwork drawn as large as the window allows; where nothing is drawn, its address.
struct ArtCommand: RowCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "art", usage: "art N", summary: "draw row N's artwork as large as the window allows",
        example: "art 3", topic: .results, arguments: [.rows],
        details: .table(
            """
            on a terminal  under its title, drawn as set images says (auto: from the environment)
            elsewhere      a pipe, --json, TERM=dumb or images off: the image's address
            Ctrl-C         skips an image still coming; a favourite's is kept, to draw offline
            """))

    var row: Int

    static func service(in services: Services) -> (browse: BrowseService, art: ArtService) {
        (services.browse, services.art)
    }

    func run(with services: (browse: BrowseService, art: ArtService)) async throws -> Output {
        let (browse, art) = services
        var item = try browse.item(atRow: row)
        // OMDb's search answer says "N/A" for posters its details have: asked for them (from the cache when
        // show N asked already) before saying there is none.
        // (A failure to fetch them is said below as no artwork, which is what is known.)
        if item.artworkURL(large: true) == nil, let capabilities = browse.currentSource?.capabilities,
            capabilities.lookup, capabilities.artwork
        {
            item = try await browse.details(of: item).item
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
            if browse.context.artWindow != nil && browse.settings.images == .off {
                output.warn("images is off, so the artwork's address is shown: set images auto to draw it")
            }
        }
        return output
    }
}
