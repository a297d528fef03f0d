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

    /// The options from `arguments` when each is one of the usual flags, given once (`-c` as often as
    /// wanted) and valid; nil otherwise (ArgumentParser then reads them, and says what is wrong the way it
    /// says it).
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
            guard seen.insert(name).inserted || name == "-c" else { return nil }
            let takesValue = ["-c", "--source", "--session", "--color"].contains(name)
            if takesValue, value == nil {
                index += 1
                guard index < arguments.count else { return nil }
                value = arguments[index]
            } else if !takesValue, value != nil {
                return nil
            }
            switch name {
            case "-c": commands.append(value ?? "")
            case "--source": source = value
            case "--session": session = value
            case "--color": color = value ?? color
            case "--json": json = true
            case "--fresh": fresh = true
            case "--offline": offline = true
            default: return nil
            }
            index += 1
        }
        guard (try? validate()) != nil else { return nil }
    }

    func validate() throws(ValidationError) {
        if let session {
            do { try SessionModel.validateName(session) } catch { throw ValidationError("--session: \(error)") }
        }
        guard ["auto", "always", "never"].contains(color) else {
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

struct ScoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scout",
        abstract:
            "Search films, restaurants, iTunes and OMDb from a REPL; keep favourites, history, a film library and "
            + "saved searches, synced across your machines.",
        discussion:
            "Standard input a terminal: line editing, Tab completion, Ctrl-R. Otherwise commands are read line "
            + "by line.",
        version: Scout.version)

    @Option(help: "Use the named session (kept under sessions/ in the state folder).")
    var session: String?

    @Flag(
        help: ArgumentHelp(
            "Start with a new empty session, the run's own: the saved one is left as it was (favourites, history, "
                + "the library and denied terms are kept and written as usual)."))
    var fresh = false

    @Flag(help: "Answer only from the response cache; send no request.")
    var offline = false

    @Option(
        help: ArgumentHelp("Start in this source: \(Shell.sourceNames.joined(separator: ", ")).", valueName: "source"),
        completion: .list(Shell.sourceNames))
    var source: String?

    @Option(
        name: .customShort("c"),
        help: ArgumentHelp(
            "Run these commands (separated by ;) and exit; may be repeated, each run in order. They start from the "
                + "saved session and save what they change, as at the prompt; with --fresh they leave it alone.",
            valueName: "commands"))
    var commands: [String] = []

    @Flag(help: "Write one JSON object a line for each command.")
    var json = false

    @Option(help: "Colour: auto, always or never.", completion: .list(["auto", "always", "never"]))
    var color: String = "auto"

    @Flag(
        help: "Show the man page (roff on a pipe: scout --manual > scout.1)")
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
