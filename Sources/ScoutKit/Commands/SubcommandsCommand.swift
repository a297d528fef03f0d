/// A subcommand as the command that has it declares it, once: its name and what follows it as the usage
/// shows it (`add TERM`; one subcommand may have several forms, `init git URL | init folder PATH`), its
/// completers, and how the words after it become the command's action. The spec's subcommands, its usage
/// line, the dispatch and each subcommand's usage error come from it, so a subcommand is spelled in one place.
struct Subcommand<Action: Sendable>: Sendable {
    let declared: CommandSpec.Subcommand
    /// What follows the subcommand's name in each of its forms, as usage shows it: `TERM`, `[FILE] [--force]`;
    /// "" for nothing.
    let forms: [String]
    /// The action from the words after the subcommand's name; their `usage()` is this subcommand's.
    let parse: @Sendable (CommandSpec.Arguments) throws(UsageError) -> Action

    init(
        _ name: String, _ arguments: String = "", completers: [CommandSpec.Completer] = [],
        options: [CommandSpec.Option] = [],
        parse: @escaping @Sendable (CommandSpec.Arguments) throws(UsageError) -> Action
    ) {
        self.init(name, forms: [arguments], completers: completers, options: options, parse: parse)
    }

    init(
        _ name: String, forms: [String], completers: [CommandSpec.Completer] = [],
        options: [CommandSpec.Option] = [],
        parse: @escaping @Sendable (CommandSpec.Arguments) throws(UsageError) -> Action
    ) {
        declared = CommandSpec.Subcommand(name, completers, options: options)
        self.forms = forms
        self.parse = parse
    }

    /// A subcommand that takes no words (`sync off`): any word gets its usage.
    init(_ name: String, _ action: Action) {
        self.init(name) { rest throws(UsageError) in
            guard rest.isEmpty else { throw rest.usage() }
            return action
        }
    }

    /// `command name arguments`, for each form.
    func usage(_ command: String) -> String {
        var usage = ""
        for form in forms {
            usage += (usage.isEmpty ? "" : " | ") + command + " " + declared.name + (form.isEmpty ? "" : " " + form)
        }
        return usage
    }
}

/// A command made of declared subcommands (`deny add TERM`, `saved show NAME`), and what it does without one.
protocol SubcommandsCommand: ActionCommand {
    /// The action of the command alone (`deny` lists), nil when it needs a subcommand.
    static var bare: Action? { get }
    static var subcommands: [Subcommand<Action>] { get }
    /// The action of words that name no subcommand (`history 5`, `sync --background`); nil refuses them.
    static func unnamed(_ args: CommandSpec.Arguments) throws(UsageError) -> Action?
}

extension SubcommandsCommand {
    static func unnamed(_ args: CommandSpec.Arguments) throws(UsageError) -> Action? { nil }

    /// The usage line from the declarations: `deny [list] | deny add TERM | …`, where `list` does what the
    /// command alone does (`alone`).
    static func usage(_ name: String, alone: String?, _ subcommands: [Subcommand<Action>]) -> String {
        let forms = subcommands.filter { $0.declared.name != alone }.map { $0.usage(name) }
        let bare = alone.map { "\(name) [\($0)]" } ?? name
        return ([bare] + forms).joined(separator: " | ")
    }

    static func action(_ args: CommandSpec.Arguments) throws(UsageError) -> Action {
        guard let word = args.subcommand else {
            guard let bare else { throw args.usage() }
            return bare
        }
        guard let subcommand = subcommands.first(where: { $0.declared.name == word }) else {
            if let action = try unnamed(args) { return action }
            let what = word.hasPrefix("-") ? "option \(word.prefix(40))" : "subcommand \"\(word.prefix(40))\""
            throw UsageError("\(spec.name) has no \(what): usage: \(spec.usage)")
        }
        var spec = args.spec
        spec.usage = subcommand.usage(spec.name)
        return try subcommand.parse(CommandSpec.Arguments(spec: spec, words: args.rest))
    }
}
