/// A subcommand as the command that has it declares it, once: its name and what follows it as the usage
/// shows it (`add TERM`), its completers, and how the words after it become the command's action. The
/// spec's subcommands, its usage line, the dispatch and each subcommand's usage error come from it, so a
/// subcommand is spelled in one place.
struct Subcommand<Action: Sendable>: Sendable {
    let declared: CommandSpec.Subcommand
    /// What follows the subcommand's name, as usage shows it: `TERM`, `[FILE] [--force]`; "" for nothing.
    let arguments: String
    /// The action from the words after the subcommand's name; their `usage()` is this subcommand's.
    let parse: @Sendable (CommandSpec.Arguments) throws(UsageError) -> Action

    init(
        _ name: String, _ arguments: String = "", completers: [CommandSpec.Completer] = [],
        options: [CommandSpec.Option] = [],
        parse: @escaping @Sendable (CommandSpec.Arguments) throws(UsageError) -> Action
    ) {
        declared = CommandSpec.Subcommand(name, completers, options: options)
        self.arguments = arguments
        self.parse = parse
    }

    /// `name arguments`.
    var usage: String { arguments.isEmpty ? declared.name : "\(declared.name) \(arguments)" }
}

/// A command made of declared subcommands (`deny add TERM`, `saved show NAME`), and what it does without one.
protocol SubcommandsCommand: ActionCommand {
    /// The action of the command alone (`deny` lists), nil when it needs a subcommand.
    static var bare: Action? { get }
    static var subcommands: [Subcommand<Action>] { get }
}

extension SubcommandsCommand {
    /// The usage line from the declarations: `deny [list] | deny add TERM | …`, where `list` does what the
    /// command alone does (`alone`).
    static func usage(_ name: String, alone: String?, _ subcommands: [Subcommand<Action>]) -> String {
        let forms = subcommands.filter { $0.declared.name != alone }.map { "\(name) \($0.usage)" }
        let bare = alone.map { "\(name) [\($0)]" } ?? name
        return ([bare] + forms).joined(separator: " | ")
    }

    static func action(_ args: CommandSpec.Arguments) throws(UsageError) -> Action {
        guard let word = args.subcommand else {
            guard let bare else { throw args.usage() }
            return bare
        }
        guard let subcommand = subcommands.first(where: { $0.declared.name == word }) else {
            throw UsageError("\(spec.name) has no subcommand \"\(word.prefix(40))\": usage: \(spec.usage)")
        }
        var spec = args.spec
        spec.usage = "\(spec.name) \(subcommand.usage)"
        return try subcommand.parse(CommandSpec.Arguments(spec: spec, words: args.rest))
    }
}
