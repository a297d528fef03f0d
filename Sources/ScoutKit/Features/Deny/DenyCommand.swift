/// `deny` and its subcommands: terms never to search, and the searches that found nothing.
struct DenyCommand: SubcommandsCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "deny", usage: usage("deny", alone: "list", subcommands),
        summary: "terms never to search (a query equal to or starting with one is refused)",
        example: "deny add spoilers", topic: .past, subcommands: subcommands.map(\.declared),
        details: .table(
            """
            deny, list   your terms, then the searches that found nothing (automatic: source, options, date)
            add TERM     refuse every search equal to TERM or starting with it, in every source
            rm N|TERM    allow again the entries deny numbers N (1-3,7), or TERM: your term, and any automatic entry
                         with those terms
            import FILE  add the terms of FILE, one a line
            automatic    a remote search that finds nothing refuses only that same search again (set auto-deny off
                         stops it)
            """))

    enum Action: Equatable, Sendable {
        case list
        case add(String)
        case remove(String)
        case importFile(String)
    }

    var action: Action

    static let bare: Action? = .list

    static let subcommands: [Subcommand<Action>] = [
        Subcommand("list", .list),
        Subcommand("add", "TERM") { args throws(UsageError) in .add(try term(args, "add")) },
        Subcommand("rm", "N|TERM", completers: [.deniedTerms]) { args throws(UsageError) in
            .remove(try term(args, "rm"))
        },
        Subcommand("import", "FILE", completers: [.files]) { args throws(UsageError) in
            .importFile(try term(args, "import"))
        },
    ]

    /// The words after the subcommand, as one: a term or a file. As git reads a word after `--`, one that starts
    /// with a dash is taken only after it, so that a flag typed here (`deny add --json x`) is not kept as a term.
    private static func term(_ args: CommandSpec.Arguments, _ sub: String) throws(UsageError) -> String {
        let words = args.first == "--" ? Array(args.words.dropFirst()) : args.words
        let text = words.joined(separator: " ")
        guard !text.trimmedSpaces().isEmpty else { throw args.usage() }
        if args.first != "--", let flag = args.first, flag.hasPrefix("-") {
            let option = flag == "--json" ? "--json (scout --json -c … gives JSON)" : "option \(flag.prefix(40))"
            throw UsageError(
                "deny \(sub) takes no \(option); a term that starts with - goes after --: deny \(sub) -- "
                    + Tokenizer.quoted(String(text.prefix(40))))
        }
        return text
    }

    static func service(in services: Services) -> DenyService { services.deny }

    func run(with deny: DenyService) async throws -> Output {
        switch action {
        case .list: try deny.list()
        case .add(let term): try deny.add(term)
        case .remove(let term): try deny.remove(term)
        case .importFile(let path): try deny.importTerms(from: path)
        }
    }
}
