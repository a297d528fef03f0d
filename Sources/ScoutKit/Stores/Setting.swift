/// One setting, described once, as git's config keys and fish's variables are: its key, the type of
/// its value, the default, how it is kept in `config.json`, how `set` reads a value and shows one, the
/// range it takes, its help line, what Tab offers, what happens when it changes, and whether it may ever
/// leave the machine. `set`, `help set`, completion, the man page, the settings file and `--json` all read
/// `Settings.table`; nothing else names a setting's key. Adding a setting is its property in `Settings`
/// and one row in the table.
public struct Setting: Sendable {
    /// The type of a setting's value, as `--json` types it.
    public enum Kind: Sendable {
        case text, number, onOff, duration, choice, secret
    }

    public var key: String
    public var kind: Kind
    /// What `help set` shows beside the key: `page-size N`.
    public var term: String
    public var help: String
    /// What Tab offers for the value, and for a choice every value it takes.
    public var values: [String] = []
    /// The numbers it takes (seconds for a duration), in `set` and in the settings file.
    public var range: ClosedRange<Int>?
    /// Whether sync may carry it to another device: no setting does, and never the OMDb key.
    public var leavesMachine = false
    /// The value as the settings file keeps it under `key`: a string, a number or a boolean (null: not
    /// written). The file is read back through `parse`, as `set` reads what a user types.
    var stored: @Sendable (Settings) -> JSONValue
    /// The value as `set` shows it; the context says where a key in use comes from.
    var show: @Sendable (Settings, ShellContext) -> String
    /// Reads a value a user typed; the error says what is accepted.
    var parse: @Sendable (inout Settings, String) throws(UsageError) -> Void
    /// The value for `--json`, where it is not the stored one (the OMDb key, masked); nil: the stored one.
    var jsonValue: (@Sendable (Settings, ShellContext) -> JSONValue)?
    /// Whether a value in the settings file that this scout does not take is its default without a word: a
    /// choice whose words a later scout may add to.
    var lenient = false
    /// What `set KEY VALUE` says once the value is kept.
    var confirm: (@Sendable (Settings, ShellContext) -> String)?
    /// Whether a new value moves the results back to page 1 (the page's size changed).
    var resetsPage = false
    /// What follows a new value in this run, once it is kept: a line to say after the confirmation, if any.
    var onChange: (@MainActor @Sendable (Services) -> String?)?

    /// The default, as `set` shows it.
    public var defaultValue: String { show(Settings(), ShellContext.bare) }

    /// The value for `--json`: numbers and booleans typed, null for `auto` or nothing.
    func json(_ settings: Settings, _ context: ShellContext) -> JSONValue {
        jsonValue?(settings, context) ?? stored(settings)
    }

    // Each helper takes its property's key path as an autoclosure, so that a key path is made when first
    // used rather than when the table is built: made at once, nine cost every start that reads a settings
    // file 190,000 instructions (BENCHMARKS.md).

    /// A setting whose value is one of a few words.
    static func choice<Value: RawRepresentable & CaseIterable & Codable & Sendable>(
        _ key: String, _ path: @autoclosure @escaping @Sendable () -> WritableKeyPath<Settings, Value>,
        term: String? = nil, help: String,
        error: String, lenient: Bool = false
    ) -> Setting where Value.RawValue == String {
        Setting(
            key: key, kind: .choice, term: term ?? "\(key) \(Self.words(Value.allCases.map { $0.rawValue }))",
            help: help, values: Value.allCases.map { $0.rawValue },
            stored: { settings in .string(settings[keyPath: path()].rawValue) },
            show: { settings, _ in settings[keyPath: path()].rawValue },
            parse: { settings, text throws(UsageError) in
                guard let value = Value(rawValue: text.lowercased()) else { throw UsageError(error) }
                settings[keyPath: path()] = value
            }, lenient: lenient)
    }

    /// `a|b|c`, without `joined`, whose first use costs a start more than the rest of the table.
    private static func words(_ values: [String]) -> String {
        var words = ""
        for value in values { words += words.isEmpty ? value : "|" + value }
        return words
    }

    /// A setting that is on or off.
    static func onOff(
        _ key: String, _ path: @autoclosure @escaping @Sendable () -> WritableKeyPath<Settings, Bool>, help: String
    ) -> Setting {
        Setting(
            key: key, kind: .onOff, term: "\(key) on|off", help: help, values: ["on", "off"],
            stored: { settings in .bool(settings[keyPath: path()]) },
            show: { settings, _ in settings[keyPath: path()] ? "on" : "off" },
            parse: { settings, text throws(UsageError) in
                switch text.lowercased() {
                case "on", "yes", "true", "1": settings[keyPath: path()] = true
                case "off", "no", "false", "0": settings[keyPath: path()] = false
                default: throw UsageError("\(key) takes on or off")
                }
            })
    }

    /// A setting that is a whole number in `range`.
    static func number(
        _ key: String, _ path: @autoclosure @escaping @Sendable () -> WritableKeyPath<Settings, Int>, term: String,
        help: String,
        range: ClosedRange<Int>, values: [String] = [], error: String
    ) -> Setting {
        Setting(
            key: key, kind: .number, term: term, help: help, values: values, range: range,
            stored: { settings in .int(settings[keyPath: path()]) },
            show: { settings, _ in String(settings[keyPath: path()]) },
            parse: { settings, text throws(UsageError) in
                guard let number = Int(text), range.contains(number) else { throw UsageError(error) }
                settings[keyPath: path()] = number
            })
    }

    /// A setting that is a number of seconds in `range`, typed as `90s`, `30m`, `12h`, `7d` or a bare number.
    static func duration(
        _ key: String, _ path: @autoclosure @escaping @Sendable () -> WritableKeyPath<Settings, Int>, term: String,
        help: String,
        range: ClosedRange<Int>, error: String
    ) -> Setting {
        Setting(
            key: key, kind: .duration, term: term, help: help, range: range,
            stored: { settings in .int(settings[keyPath: path()]) },
            show: { settings, _ in "\(settings[keyPath: path()])s" },
            parse: { settings, text throws(UsageError) in
                guard let seconds = Settings.seconds(text), range.contains(seconds) else { throw UsageError(error) }
                settings[keyPath: path()] = seconds
            })
    }
}
