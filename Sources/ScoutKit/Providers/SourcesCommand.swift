/// `sources`: every source, whether it is usable, how many picks it takes and where it answers from.
struct SourcesCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "sources", summary: "list the sources and whether each is usable", example: "sources",
        topic: .searching)

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        var view = ListingView()
        var rows: [JSONObject<SourceRowField>] = []
        for name in SourceRegistry.names {
            guard let source = try? browse.source(named: name) else { continue }
            let (origin, usable, current) = (source.origin, source.usable, name == browse.session.source)
            let picks = DisplayWidth.pad(source.selection == .single ? "one pick" : "several picks", to: 13)
            view.say(
                "\(current ? "▸" : " ") \(DisplayWidth.pad(name, to: 13)) \(usable ? "usable " : "no key ") \(picks)  "
                    + origin)
            rows.append(
                JSONObject([
                    .name: .string(name), .usable: .bool(usable), .selection: .string(source.selection.rawValue),
                    .current: .bool(current),
                ]))
        }
        // What a service's terms ask to be said where it is named (TMDb's notice).
        for family in SourceRegistry.families { if let notice = family.notice { view.say(notice) } }
        view.makeJSON = { [rows] in TypedJSON.listing(rows, total: rows.count) }
        return Output(showing: view)
    }
}
