import FoundationEssentials

/// `session` and its subcommands: where the session stands, and named sessions saved, loaded and removed.
struct SessionCommand: SubcommandsCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "session", usage: usage("session", alone: nil, subcommands),
        summary: "the session: last visit, source, query, page, selections, view; named sessions",
        example: "session save weekend", topic: .session, subcommands: subcommands.map(\.declared))

    enum Action: Equatable, Sendable {
        case show
        case save(String, force: Bool)
        case load(String)
        case list
        case remove(String)
        case reset
    }

    var action: Action

    static let bare: Action? = .show

    static let subcommands: [Subcommand<Action>] = [
        Subcommand(
            "save", "NAME [--force]",
            options: [.init("--force", help: "replace a saved session of that name")]
        ) { rest throws(UsageError) in
            let (words, force) = rest.without("--force")
            return .save(try name(words), force: force)
        },
        Subcommand("load", "NAME", completers: [.sessions]) { rest throws(UsageError) in .load(try name(rest)) },
        Subcommand("list", .list),
        Subcommand("rm", "NAME", completers: [.sessions]) { rest throws(UsageError) in .remove(try name(rest)) },
        Subcommand("reset", .reset),
    ]

    /// A named session's name, as `session save`, `load` and `rm` take it.
    private static func name(_ rest: CommandSpec.Arguments) throws(UsageError) -> String {
        let name = try rest.one()
        try SessionModel.validateName(name)
        return name
    }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        switch action {
        case .show: browse.showSession()
        case .save(let name, let force): try browse.saveSession(as: name, force: force)
        case .load(let name): try await browse.loadSession(name)
        case .list: browse.listSessions()
        case .remove(let name): try browse.removeSession(name)
        case .reset: browse.resetSession()
        }
    }
}

extension SessionModel {
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
