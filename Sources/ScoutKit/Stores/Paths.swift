import FoundationEssentials

/// Where scout keeps its files, by the XDG Base Directory rules.
///
/// Unset, empty or relative `XDG_*` values fall back to the defaults under the home directory.
public struct Paths: Sendable, Equatable {
    public var config: URL
    public var data: URL
    public var state: URL
    public var cache: URL

    public init(environment: [String: String], home: String) {
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true).appendingPathComponent("scout", isDirectory: true)
            }
            return URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(fallback, isDirectory: true)
                .appendingPathComponent("scout", isDirectory: true)
        }
        config = base("XDG_CONFIG_HOME", ".config")
        data = base("XDG_DATA_HOME", ".local/share")
        state = base("XDG_STATE_HOME", ".local/state")
        cache = base("XDG_CACHE_HOME", ".cache")
    }

    public var configFile: URL { config.appendingPathComponent("config.json") }
    public var sessionFile: URL { state.appendingPathComponent("session.json") }
    public var sessionsFolder: URL { state.appendingPathComponent("sessions", isDirectory: true) }
    public var historyFile: URL { state.appendingPathComponent("history.jsonl") }
    public var lineHistoryFile: URL { state.appendingPathComponent("editline_history") }
    public var favouritesFile: URL { data.appendingPathComponent("favourites.json") }
    public var denyListFile: URL { data.appendingPathComponent("denylist.txt") }
    public var libraryFile: URL { data.appendingPathComponent("library.jsonl") }
    public var savedSearchesFile: URL { data.appendingPathComponent("saved-searches.json") }
    /// This device's id, which the library's events carry (and sync will name its log by).
    public var deviceFile: URL { state.appendingPathComponent("device") }

    public func namedSession(_ name: String) -> URL {
        sessionsFolder.appendingPathComponent("\(name).json")
    }
}
