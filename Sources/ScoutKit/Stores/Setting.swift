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
    /// The numbers it takes (seconds for a duration): what `set` accepts and what a hand-edited file is
    /// brought into.
    public var range: ClosedRange<Int>?
    /// Whether sync may carry it to another device: no setting does, and never the OMDb key.
    public var leavesMachine = false
    /// How it is read from and written to the settings file.
    var storage: Storage
    /// The value as `set` shows it; the context says where a key in use comes from.
    var show: @Sendable (Settings, ShellContext) -> String
    /// The value for `--json`: numbers and booleans typed, null for `auto` or nothing.
    var json: @Sendable (Settings, ShellContext) -> JSONValue
    /// Reads a value a user typed; the error says what is accepted.
    var parse: @Sendable (inout Settings, String) throws(UsageError) -> Void
    /// What `set KEY VALUE` says once the value is kept.
    var confirm: (@Sendable (Settings, ShellContext) -> String)?
    /// Whether a new value moves the results back to page 1 (the page's size changed).
    var resetsPage = false
    /// What follows a new value in this run, once it is kept: a line to say after the confirmation, if any.
    var onChange: (@MainActor @Sendable (ShellState) -> String?)?

    /// The default, as `set` shows it.
    public var defaultValue: String { show(Settings(), ShellContext.bare) }

    /// A key of the settings file.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// How a setting is kept in the settings file under its key: a value out of its range is brought into it;
    /// one of the wrong type makes the file unreadable (it is kept aside and said), or, for a `lenient` choice
    /// whose words a later scout may add to, is the default.
    struct Storage: Sendable {
        var read: @Sendable (inout Settings, KeyedDecodingContainer<Key>) throws -> Void
        var write: @Sendable (Settings, inout KeyedEncodingContainer<Key>) throws -> Void

        static func value<Value: Codable & Sendable>(
            _ key: String, _ path: WritableKeyPath<Settings, Value> & Sendable, lenient: Bool = false,
            fix: @escaping @Sendable (Value) -> Value = { $0 }
        ) -> Storage {
            let key = Key(key)
            return Storage(
                read: { settings, container in
                    let value =
                        lenient
                        ? (try? container.decodeIfPresent(Value.self, forKey: key)) ?? nil
                        : try container.decodeIfPresent(Value.self, forKey: key)
                    if let value { settings[keyPath: path] = fix(value) }
                },
                write: { settings, container in try container.encode(settings[keyPath: path], forKey: key) })
        }

        /// A value that may be absent (`auto`, no key): absent is nil, and nil is not written.
        static func optional<Value: Codable & Sendable>(
            _ key: String, _ path: WritableKeyPath<Settings, Value?> & Sendable,
            fix: @escaping @Sendable (Value) -> Value = { $0 }
        ) -> Storage {
            let key = Key(key)
            return Storage(
                read: { settings, container in
                    settings[keyPath: path] = try container.decodeIfPresent(Value.self, forKey: key).map(fix)
                },
                write: { settings, container in try container.encodeIfPresent(settings[keyPath: path], forKey: key) })
        }
    }

    /// A setting whose value is one of a few words.
    static func choice<Value: RawRepresentable & CaseIterable & Codable & Sendable>(
        _ key: String, _ path: WritableKeyPath<Settings, Value> & Sendable, term: String? = nil, help: String,
        error: String, lenient: Bool = false
    ) -> Setting where Value.RawValue == String {
        Setting(
            key: key, kind: .choice, term: term ?? "\(key) \(Value.allCases.map(\.rawValue).joined(separator: "|"))",
            help: help, values: Value.allCases.map(\.rawValue), storage: .value(key, path, lenient: lenient),
            show: { settings, _ in settings[keyPath: path].rawValue },
            json: { settings, _ in .string(settings[keyPath: path].rawValue) },
            parse: { settings, text throws(UsageError) in
                guard let value = Value(rawValue: text.lowercased()) else { throw UsageError(error) }
                settings[keyPath: path] = value
            })
    }

    /// A setting that is on or off.
    static func onOff(_ key: String, _ path: WritableKeyPath<Settings, Bool> & Sendable, help: String) -> Setting {
        Setting(
            key: key, kind: .onOff, term: "\(key) on|off", help: help, values: ["on", "off"],
            storage: .value(key, path),
            show: { settings, _ in settings[keyPath: path] ? "on" : "off" },
            json: { settings, _ in .bool(settings[keyPath: path]) },
            parse: { settings, text throws(UsageError) in
                switch text.lowercased() {
                case "on", "yes", "true", "1": settings[keyPath: path] = true
                case "off", "no", "false", "0": settings[keyPath: path] = false
                default: throw UsageError("\(key) takes on or off")
                }
            })
    }

    /// A setting that is a whole number in `range`.
    static func number(
        _ key: String, _ path: WritableKeyPath<Settings, Int> & Sendable, term: String, help: String,
        range: ClosedRange<Int>, values: [String] = [], error: String
    ) -> Setting {
        Setting(
            key: key, kind: .number, term: term, help: help, values: values, range: range,
            storage: .value(key, path) { min(max($0, range.lowerBound), range.upperBound) },
            show: { settings, _ in String(settings[keyPath: path]) },
            json: { settings, _ in .int(settings[keyPath: path]) },
            parse: { settings, text throws(UsageError) in
                guard let number = Int(text), range.contains(number) else { throw UsageError(error) }
                settings[keyPath: path] = number
            })
    }

    /// A setting that is a number of seconds in `range`, typed as `90s`, `30m`, `12h`, `7d` or a bare number.
    static func duration(
        _ key: String, _ path: WritableKeyPath<Settings, Int> & Sendable, term: String, help: String,
        range: ClosedRange<Int>, error: String
    ) -> Setting {
        Setting(
            key: key, kind: .duration, term: term, help: help, range: range,
            storage: .value(key, path) { min(max($0, range.lowerBound), range.upperBound) },
            show: { settings, _ in "\(settings[keyPath: path])s" },
            json: { settings, _ in .int(settings[keyPath: path]) },
            parse: { settings, text throws(UsageError) in
                guard let seconds = Settings.seconds(text), range.contains(seconds) else { throw UsageError(error) }
                settings[keyPath: path] = seconds
            })
    }
}

extension Settings: Codable {
    /// The settings file as the table keeps it: each setting under its key, a missing one its default.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: Setting.Key.self)
        for setting in Self.table { try setting.storage.read(&self, container) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Setting.Key.self)
        for setting in Self.table { try setting.storage.write(self, &container) }
    }
}
