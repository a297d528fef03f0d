/// `deny` and its subcommands: terms never to search, and the searches that found nothing.
struct DenyCommand: ActionCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "deny", usage: "deny | deny add TERM | deny rm TERM | deny import FILE",
        summary: "terms never to search (a query equal to or starting with one is refused)",
        example: "deny add spoilers", topic: .past,
        subcommands: [.init("add"), .init("rm", [.deniedTerms]), .init("import", [.files])],
        details: .table(
            """
            deny         your terms, then the searches that found nothing (automatic: source, options, date)
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
        case "add", "rm", "import":
            guard !rest.trimmedSpaces().isEmpty else {
                throw UsageError("usage: deny \(sub) \(sub == "import" ? "FILE" : "TERM")")
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
