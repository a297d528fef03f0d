/// One command scout runs, declared in one file, the way swift-argument-parser's `ParsableCommand` is:
/// its words, positionals, options, subcommands (command types nested in it), help and example (`spec`),
/// how the typed values read from its words become the command's fields (`init`), and what it does (`run`).
/// `CommandTable.all` registers it with one line; parsing, usage errors, `help`, the man page, completion and
/// the `--json` `command` field all read `spec`, and nothing else names the command.
public protocol Command: Sendable {
    /// The command's words, arguments, help and completions.
    static var spec: CommandSpec { get }
    /// The words after the command's own, read against its spec into typed values; a `UsageError` says what to
    /// type instead when what they hold is more than the declarations say (`diary edit 2` changing nothing).
    init(_ arguments: CommandSpec.Arguments) throws(UsageError)
    /// Whether it works on the results, which a restored session fetches when first needed.
    var needsResults: Bool { get }
    /// The highest row of the list it names by number, which is fetched first when the heading counts
    /// it but no page has brought it yet (`select 22` with 20 rows loaded).
    var highestRow: Int? { get }
    /// Runs on the feature services (a `ServiceCommand` is handed the ones it names): what it produced, as
    /// lines and typed rows that are rendered afterwards.
    @MainActor func run(in services: Services) async throws -> Output
}

extension Command {
    public var needsResults: Bool { false }
    public var highestRow: Int? { nil }
    /// The command's name, as `help` and `--json` give it.
    public var name: String { Self.spec.name }
}

extension RangeSpec {
    /// The highest row a spec names: `all` and an open end (`5-`) name the rows loaded, so none; a
    /// closed one may name rows still to fetch.
    var highestRow: Int? {
        guard case .rows(let spans) = self else { return nil }
        return spans.map { $0.upper ?? $0.lower ?? 0 }.max()
    }
}

/// A command that takes no arguments (`list`, `done`): its spec declares none, so the words are checked.
protocol PlainCommand: Command {
    init()
}

extension PlainCommand {
    init(_ arguments: CommandSpec.Arguments) throws(UsageError) { self.init() }
}

extension CommandSpec.Positional {
    /// `N`: a row of the list on screen, Tab offering the rows.
    static let row = Self("N", .row, completer: .rows)
}

/// A command whose one argument is a row of the list (`show N`, `open N`), fetched first when no page
/// has brought it yet.
protocol RowCommand: Command {
    var row: Int { get }
    init(row: Int)
}

extension RowCommand {
    init(_ arguments: CommandSpec.Arguments) throws(UsageError) {
        self.init(row: arguments.number("N") ?? 0)
    }

    var needsResults: Bool { true }
    var highestRow: Int? { row }
}

/// A command that names rows of the list (`select 1-3,7`): its one positional is `RANGES`.
protocol RangesCommand: Command {
    var rows: RangeSpec { get }
    init(rows: RangeSpec)
}

extension RangesCommand {
    init(_ arguments: CommandSpec.Arguments) throws(UsageError) {
        self.init(rows: arguments.ranges(Self.spec.positionals.first?.name ?? "") ?? .none)
    }

    var needsResults: Bool { true }
    var highestRow: Int? { rows.highestRow }
}
