import ArgumentParser
import Glibc
import ScoutKit

/// What a launch asks for, however it was read.
struct LaunchOptions {
    var session: String?
    var fresh = false
    var offline = false
    var source: String?
    /// Each `-c`, in order; none: read commands from standard input.
    var commands: [String] = []
    var json = false
    var color = "auto"
    var manual = false

    init() {}

    /// The options from `arguments` when each is a flag of `LaunchFlag`, given once (`-c` as often as wanted)
    /// and valid; nil otherwise (ArgumentParser then reads them, and says what is wrong the way it says it), and
    /// for `--manual`, whose page holds ArgumentParser's help.
    init?(quick arguments: [String]) {
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            var name = arguments[index]
            var value: String?
            if name.hasPrefix("--"), let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let flag = LaunchFlag.allCases.first(where: { $0.name == name }), flag != .manual,
                seen.insert(name).inserted || flag.repeats
            else { return nil }
            if flag.valueName != nil, value == nil {
                index += 1
                guard index < arguments.count else { return nil }
                value = arguments[index]
            } else if flag.valueName == nil, value != nil {
                return nil
            }
            flag.set(value ?? "", in: &self)
            index += 1
        }
        guard (try? validate()) != nil else { return nil }
    }

    func validate() throws(ValidationError) {
        if let session {
            do { try SessionModel.validateName(session) } catch { throw ValidationError("--session: \(error)") }
        }
        guard LaunchFlag.colors.contains(color) else {
            throw ValidationError("--color takes auto, always or never")
        }
        if let source, !Shell.sourceNames.contains(source.lowercased()) {
            throw ValidationError(
                "--source takes one of \(Shell.sourceNames.joined(separator: ", ")); \"\(source.prefix(40))\" is none "
                    + "of them"
            )
        }
    }
}

/// Every flag a launch takes, declared once: its name, its value's name (none for a flag alone) and its help.
/// The quick reader reads the arguments against it; `ScoutCommand` hands ArgumentParser the same names and
/// help for `--help`, the man page, mistakes and the completion scripts.
enum LaunchFlag: CaseIterable {
    case session, fresh, offline, source, commands, json, color, manual

    var name: String {
        switch self {
        case .session: "--session"
        case .fresh: "--fresh"
        case .offline: "--offline"
        case .source: "--source"
        case .commands: "-c"
        case .json: "--json"
        case .color: "--color"
        case .manual: "--manual"
        }
    }

    /// The value's name in help; nil: a flag without a value.
    var valueName: String? {
        switch self {
        case .session: "session"
        case .source: "source"
        case .commands: "commands"
        case .color: "color"
        case .fresh, .offline, .json, .manual: nil
        }
    }

    /// Whether it may be given more than once.
    var repeats: Bool { self == .commands }

    static let colors = ["auto", "always", "never"]

    var help: String {
        switch self {
        case .session: "Use the named session (kept under sessions/ in the state folder)."
        case .fresh:
            "Start with a new empty session, the run's own: the saved one is left as it was (favourites, history, "
                + "the library and denied terms are kept and written as usual)."
        case .offline: "Answer only from the response cache; send no request."
        case .source: "Start in this source: \(Shell.sourceNames.joined(separator: ", "))."
        case .commands:
            "Run these commands (separated by ;) and exit; may be repeated, each run in order. They start from the "
                + "saved session and save what they change, as at the prompt; with --fresh they leave it alone."
        case .json: "Write one JSON object a line for each command."
        case .color: "Colour: auto, always or never."
        case .manual: "Show the man page (roff on a pipe: scout --manual > scout.1)"
        }
    }

    /// The flag's value (or "" for a flag alone) into `options`.
    func set(_ value: String, in options: inout LaunchOptions) {
        switch self {
        case .session: options.session = value
        case .fresh: options.fresh = true
        case .offline: options.offline = true
        case .source: options.source = value
        case .commands: options.commands.append(value)
        case .json: options.json = true
        case .color: options.color = value
        case .manual: options.manual = true
        }
    }

    /// Its name as ArgumentParser declares it.
    var declared: NameSpecification {
        self == .commands ? .customShort("c") : .customLong(String(name.dropFirst(2)))
    }

    /// Its help as ArgumentParser shows it: the value's name as this table gives it.
    var argumentHelp: ArgumentHelp { ArgumentHelp(help, valueName: valueName) }
}

struct ScoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scout",
        abstract:
            "Search films, restaurants, iTunes, OMDb and TMDb from a REPL; keep favourites, history, a film library "
            + "and saved searches, synced across your machines. \(TMDbSource.notice)",
        discussion:
            "Standard input a terminal: line editing, Tab completion, Ctrl-R. Otherwise commands are read line "
            + "by line.",
        version: Scout.version)

    @Option(name: LaunchFlag.session.declared, help: LaunchFlag.session.argumentHelp)
    var session: String?

    @Flag(name: LaunchFlag.fresh.declared, help: LaunchFlag.fresh.argumentHelp)
    var fresh = false

    @Flag(name: LaunchFlag.offline.declared, help: LaunchFlag.offline.argumentHelp)
    var offline = false

    @Option(
        name: LaunchFlag.source.declared, help: LaunchFlag.source.argumentHelp, completion: .list(Shell.sourceNames))
    var source: String?

    @Option(name: LaunchFlag.commands.declared, help: LaunchFlag.commands.argumentHelp)
    var commands: [String] = []

    @Flag(name: LaunchFlag.json.declared, help: LaunchFlag.json.argumentHelp)
    var json = false

    @Option(name: LaunchFlag.color.declared, help: LaunchFlag.color.argumentHelp, completion: .list(LaunchFlag.colors))
    var color: String = "auto"

    @Flag(name: LaunchFlag.manual.declared, help: LaunchFlag.manual.argumentHelp)
    var manual = false

    /// Declared for the help and the man page only: ArgumentParser answers it before any option is parsed.
    @Option(
        name: .customLong("generate-completion-script"),
        help: ArgumentHelp(
            "Print the completion script for bash, zsh or fish (scripts/install installs it).", valueName: "shell"),
        completion: .list(["bash", "zsh", "fish"]))
    var completionScript: String?

    var options: LaunchOptions {
        var options = LaunchOptions()
        (options.session, options.fresh, options.offline, options.source) = (session, fresh, offline, source)
        (options.commands, options.json, options.color, options.manual) = (commands, json, color, manual)
        return options
    }

    func validate() throws {
        try options.validate()
    }

    mutating func run() async throws {
        if manual {
            Terminal.showManual(
                Manual.roff(version: Scout.version, launchHelp: Self.helpMessage(columns: 72)),
                environment: Terminal.environment())
            return
        }
        try await Launch.run(options)
    }
}
