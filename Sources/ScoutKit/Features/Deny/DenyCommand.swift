/// `deny` and its subcommands: terms never to search, and the searches that found nothing.
struct DenyCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "deny", summary: "terms never to search (a query equal to or starting with one is refused)",
        example: "deny add spoilers", topic: .past, subcommands: [Add.self, Remove.self, Import.self], alone: "list",
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

    static func service(in services: Services) -> DenyService { services.deny }

    func run(with deny: DenyService) async throws -> Output { try deny.list() }

    /// `deny add TERM`.
    struct Add: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "add", summary: "refuse searches equal to TERM or starting with it", example: "deny add spoilers",
            topic: .past, positionals: [.init("TERM", .text)])

        var term: String

        init(term: String) { self.term = term }

        init(_ args: CommandSpec.Arguments) throws(UsageError) { term = try DenyCommand.term(args, "TERM") }

        static func service(in services: Services) -> DenyService { services.deny }

        func run(with deny: DenyService) async throws -> Output { try deny.add(term) }
    }

    /// `deny rm N|TERM`.
    struct Remove: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "rm", summary: "allow again what deny numbers N, or TERM", example: "deny rm 1-3", topic: .past,
            positionals: [.init("N|TERM", .text, completer: .deniedTerms)])

        var term: String

        init(_ args: CommandSpec.Arguments) throws(UsageError) { term = try DenyCommand.term(args, "N|TERM") }

        static func service(in services: Services) -> DenyService { services.deny }

        func run(with deny: DenyService) async throws -> Output { try deny.remove(term) }
    }

    /// `deny import FILE`.
    struct Import: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "import", summary: "deny the terms of a file, one a line", example: "deny import terms.txt",
            topic: .past, positionals: [.init("FILE", .text, completer: .files)])

        var path: String

        init(_ args: CommandSpec.Arguments) throws(UsageError) { path = try DenyCommand.term(args, "FILE") }

        static func service(in services: Services) -> DenyService { services.deny }

        func run(with deny: DenyService) async throws -> Output { try deny.importTerms(from: path) }
    }

    /// The positional's words, as one: a term or a file, with some text in it.
    private static func term(_ args: CommandSpec.Arguments, _ name: String) throws(UsageError) -> String {
        let text = args.text(name)
        guard !text.trimmedSpaces().isEmpty else { throw args.usage() }
        return text
    }
}
