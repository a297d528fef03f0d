/// `sources`: every source, whether it is usable, how many picks it takes and where it answers from.
struct SourcesCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "sources", usage: "sources", summary: "list the sources and whether each is usable", example: "sources",
        topic: .searching)

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        var output = Output()
        var rows: [(name: String, usable: Bool, selection: String, current: Bool)] = []
        for name in SourceRegistry.names {
            guard let source = try? browse.source(named: name) else { continue }
            let (origin, usable) = (source.origin, source.usable)
            let current = name == browse.session.source ? "▸" : " "
            let picks = DisplayWidth.pad(source.selection == .single ? "one pick" : "several picks", to: 13)
            output.say(
                "\(current) \(DisplayWidth.pad(name, to: 13)) \(usable ? "usable " : "no key ") \(picks)  \(origin)")
            rows.append((name, usable, source.selection.rawValue, name == browse.session.source))
        }
        output.addJSON { [rows] in
            TypedJSON.listing(
                rows.map { row in
                    JSONObject<SourceRowField>([
                        .name: .string(row.name), .usable: .bool(row.usable), .selection: .string(row.selection),
                        .current: .bool(row.current),
                    ])
                }, total: rows.count)
        }
        return output
    }
}
