/// Commands that start or widen a search: `search`, `use`, `sources`, `load all`.
enum SearchSpecs {
    static let all = [search, use, sources, load]

    /// The longest search a user may send: far past any real query, short of a pasted file.
    static let maxTerms = 1000

    static let search = CommandSpec(
        name: "search", usage: "search [TERMS] [--in SOURCE] [--type T] [--year YYYY] [--country CC] [--lang L]",
        summary: "new search in the current source (or --in SOURCE); shows page 1", example: "search alien --in movies", topic: .searching,
        options: [.init("--in", value: "SOURCE", help: "search that source instead of the current one", values: .sources)] + SourceRegistry.searchOptions,
        parse: { args throws(UsageError) in
            var terms: [String] = []
            var source: String?
            var options: [String: String] = [:]
            let known = args.spec.options.map { String($0.name.dropFirst(2)) }
            var index = 0
            while index < args.count {
                let arg = args[index]
                index += 1
                guard arg.hasPrefix("--") else {
                    terms.append(arg)
                    continue
                }
                var name = String(arg.dropFirst(2)).lowercased()
                var value: String?
                if let equals = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard known.contains(name) else {
                    throw UsageError("search has no option --\(name.prefix(40)): it takes \(CommandTable.sentence(known.map { "--" + $0 }))")
                }
                if value == nil {
                    guard index < args.count else { throw UsageError("--\(name) needs a value") }
                    value = args[index]
                    index += 1
                }
                if name == "in" { source = value?.lowercased() } else { options[name] = value }
            }
            let joined = terms.joined(separator: " ")
            guard joined.count <= maxTerms else { throw UsageError("search terms are limited to \(maxTerms) characters: shorten them") }
            return .search(terms: joined, source: source, options: options)
        })

    static let use = CommandSpec(
        name: "use", usage: "use SOURCE", summary: "switch the current source", example: "use restaurants", topic: .searching,
        arguments: [.sources], parse: { args throws(UsageError) in .use(try args.one().lowercased()) })

    static let sources = CommandSpec(
        name: "sources", usage: "sources", summary: "list the sources and whether each is usable", example: "sources", topic: .searching,
        parse: { args throws(UsageError) in try args.none(); return .sources })

    static let load = CommandSpec(
        name: "load", usage: "load all", summary: "fetch every remaining page", example: "load all", topic: .searching,
        subcommands: [.init("all")],
        parse: { args throws(UsageError) in
            guard args.words.map({ $0.lowercased() }) == ["all"] else { throw UsageError("usage: load all") }
            return .loadAll
        })
}
