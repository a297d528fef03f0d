/// Commands that look through the results: paging, filtering, ordering, one item in detail.
enum ResultSpecs {
    static let all = [list, next, prev, page, filter, sort, group, show, open]

    /// What `group` sections results by.
    static let groupKeys = ["year", "cuisine", "genre", "kind", "none"]

    static let list = CommandSpec(
        name: "list", aliases: ["ls"], usage: "list", summary: "reprint the current page with selection (*) and favourite (♥) marks",
        example: "list", topic: .results, parse: { args throws(UsageError) in try args.none(); return .list })

    static let next = CommandSpec(
        name: "next", aliases: ["n"], usage: "next", summary: "the next page", example: "next", topic: .results,
        parse: { args throws(UsageError) in try args.none(); return .next })

    static let prev = CommandSpec(
        name: "prev", aliases: ["p"], usage: "prev", summary: "the previous page", example: "prev", topic: .results,
        parse: { args throws(UsageError) in try args.none(); return .prev })

    static let page = CommandSpec(
        name: "page", usage: "page N", summary: "go to page N", example: "page 3", topic: .results, arguments: [.pages],
        parse: { args throws(UsageError) in
            guard args.count == 1, let n = Int(args[0]), n >= 1 else { throw UsageError("usage: page N, with N from 1") }
            return .page(n)
        })

    static let filter = CommandSpec(
        name: "filter", usage: "filter [TEXT]", summary: "narrow the current results; no text clears the filter", example: "filter nolan",
        topic: .results,
        parse: { args throws(UsageError) in
            guard args.joined.count <= SearchSpecs.maxTerms else {
                throw UsageError("filter text is limited to \(SearchSpecs.maxTerms) characters: shorten it")
            }
            return .filter(args.isEmpty ? nil : args.joined)
        })

    static let sort = CommandSpec(
        name: "sort", usage: "sort year|title|rating|relevance [asc|desc]", summary: "order the results", example: "sort year desc",
        topic: .results, arguments: [.words(SortOrder.Key.allCases.map(\.rawValue)), .words(["asc", "desc"])],
        parse: { args throws(UsageError) in
            guard (1...2).contains(args.count), let key = SortOrder.Key(rawValue: args[0].lowercased()) else { throw args.usage() }
            var descending: Bool?
            if args.count == 2 {
                switch args[1].lowercased() {
                case "asc": descending = false
                case "desc": descending = true
                default: throw UsageError("sort direction is asc or desc")
                }
            }
            return .sort(SortOrder(key: key, descending: descending))
        })

    static let group = CommandSpec(
        name: "group", usage: "group year|cuisine|genre|kind|none", summary: "section the results", example: "group genre",
        topic: .results, arguments: [.words(groupKeys)],
        parse: { args throws(UsageError) in
            let key = try args.one().lowercased()
            guard groupKeys.contains(key) else { throw args.usage() }
            return .group(key)
        })

    static let show = CommandSpec(
        name: "show", usage: "show N", summary: "the detail view of row N", example: "show 3", topic: .results, arguments: [.rows],
        parse: { args throws(UsageError) in .show(try CommandSpec.Arguments.row(try args.one())) })

    static let open = CommandSpec(
        name: "open", usage: "open N", summary: "open row N's web page, or print its URL", example: "open 3", topic: .results,
        arguments: [.rows], parse: { args throws(UsageError) in .open(try CommandSpec.Arguments.row(try args.one())) })
}
