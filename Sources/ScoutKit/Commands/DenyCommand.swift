/// `deny` and its subcommands: terms never to search, and the searches that found nothing.
struct DenyCommand: ActionCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "deny", usage: "deny [list] | deny add TERM | deny rm TERM | deny import FILE",
        summary: "terms never to search (a query equal to or starting with one is refused)",
        example: "deny add spoilers", topic: .past,
        subcommands: [.init("list"), .init("add"), .init("rm", [.deniedTerms]), .init("import", [.files])],
        details: .table(
            """
            deny, list   your terms, then the searches that found nothing (automatic: source, options, date)
            add TERM     refuse every search equal to TERM or starting with it, in every source
            rm TERM      allow TERM again: your term, and any automatic entry with those terms
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

    static func action(_ args: CommandSpec.Arguments) throws(UsageError) -> Action {
        guard let sub = args.subcommand else { return .list }
        let rest = args.rest.joined(separator: " ")
        switch sub {
        case "list":
            guard rest.isEmpty else { throw UsageError("usage: deny list") }
            return .list
        case "add", "rm", "import":
            guard !rest.trimmedSpaces().isEmpty else {
                throw UsageError("usage: deny \(sub) \(sub == "import" ? "FILE" : "TERM")")
            }
            // As git reads a word after `--`: a term that starts with a dash is taken only after it, so that a
            // flag typed here (`deny add --json x`) is not kept as a term.
            if args.rest.first == "--" {
                let term = args.rest.dropFirst().joined(separator: " ")
                guard !term.trimmedSpaces().isEmpty else { throw UsageError("usage: deny \(sub) -- TERM") }
                return sub == "add" ? .add(term) : sub == "rm" ? .remove(term) : .importFile(term)
            }
            if let flag = args.rest.first, flag.hasPrefix("-") {
                let option = flag == "--json" ? "--json (scout --json -c … gives JSON)" : "option \(flag.prefix(40))"
                throw UsageError(
                    "deny \(sub) takes no \(option); a term that starts with - goes after --: deny \(sub) -- "
                        + Tokenizer.quoted(String(rest.prefix(40))))
            }
            return sub == "add" ? .add(rest) : sub == "rm" ? .remove(rest) : .importFile(rest)
        default: throw args.usage()
        }
    }

    static var service: KeyPath<Services, DenyService> { \.deny }

    func run(with deny: DenyService) async throws -> Output {
        switch action {
        case .list: try deny.list()
        case .add(let term): try deny.add(term)
        case .remove(let term): try deny.remove(term)
        case .importFile(let path): try deny.importTerms(from: path)
        }
    }
}
