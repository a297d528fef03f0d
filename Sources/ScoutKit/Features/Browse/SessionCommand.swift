import FoundationEssentials

/// `session` and its subcommands: where the session stands, and named sessions saved, loaded and removed.
struct SessionCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "session", summary: "the session: last visit, source, query, page, selections, view; named sessions",
        example: "session save weekend", topic: .session,
        subcommands: [Save.self, Load.self, List.self, Remove.self, Reset.self])

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output { browse.showSession() }

    /// `session save NAME [--force]`: the session kept by name.
    struct Save: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "save", summary: "keep the session by name", example: "session save weekend", topic: .session,
            positionals: [.init("NAME")], options: [.init("--force", help: "replace a saved session of that name")])

        var name: String
        var force: Bool

        init(_ args: CommandSpec.Arguments) throws(UsageError) {
            (name, force) = (try SessionModel.validName(args.text("NAME")), args.has("--force"))
        }

        static func service(in services: Services) -> BrowseService { services.browse }

        func run(with browse: BrowseService) async throws -> Output { try browse.saveSession(as: name, force: force) }
    }

    /// `session load NAME`: a named session becomes this one.
    struct Load: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "load", summary: "make a named session this one", example: "session load weekend", topic: .session,
            positionals: [.init("NAME", completer: .sessions)])

        var name: String

        init(_ args: CommandSpec.Arguments) throws(UsageError) { name = try SessionModel.validName(args.text("NAME")) }

        static func service(in services: Services) -> BrowseService { services.browse }

        func run(with browse: BrowseService) async throws -> Output { try await browse.loadSession(name) }
    }

    /// `session list`: the named sessions.
    struct List: PlainCommand, ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "list", summary: "the named sessions", example: "session list", topic: .session)

        static func service(in services: Services) -> BrowseService { services.browse }

        func run(with browse: BrowseService) async throws -> Output { browse.listSessions() }
    }

    /// `session rm NAME`.
    struct Remove: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "rm", summary: "forget a named session", example: "session rm weekend", topic: .session,
            positionals: [.init("NAME", completer: .sessions)])

        var name: String

        init(_ args: CommandSpec.Arguments) throws(UsageError) { name = try SessionModel.validName(args.text("NAME")) }

        static func service(in services: Services) -> BrowseService { services.browse }

        func run(with browse: BrowseService) async throws -> Output { try browse.removeSession(name) }
    }

    /// `session reset`: a new session, the named ones kept.
    struct Reset: PlainCommand, ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "reset", summary: "start a new session", example: "session reset", topic: .session)

        static func service(in services: Services) -> BrowseService { services.browse }

        func run(with browse: BrowseService) async throws -> Output { browse.resetSession() }
    }
}

extension SessionModel {
    /// `name` when it can name a session.
    static func validName(_ name: String) throws(UsageError) -> String {
        try validateName(name)
        return name
    }

    /// A session name becomes a file name: letters, digits, `.`, `_` and `-`, not starting with a dot.
    public static func validateName(_ name: String) throws(UsageError) {
        try validateName(name, what: "a session name")
    }

    /// A name a user gives to keep something by (a session, a saved search): 1 to 64 letters, digits,
    /// `.`, `_` or `-`, not starting with `.` or `-`, so that it is a file name and one word at the prompt.
    static func validateName(_ name: String, what: String) throws(UsageError) {
        let allowed = name.unicodeScalars.allSatisfy {
            switch $0.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
                .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                true
            default: "._-".unicodeScalars.contains($0)
            }
        }
        guard (1...64).contains(name.count), allowed, !name.hasPrefix("."), !name.hasPrefix("-") else {
            throw UsageError("\(what) is 1 to 64 letters, digits, '.', '_' or '-', not starting with '.' or '-'")
        }
    }
}
