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
    public var followsFile: URL { data.appendingPathComponent("follows.json") }
    /// This device's id, which the library's events carry (and sync will name its log by).
    public var deviceFile: URL { state.appendingPathComponent("device") }

    public func namedSession(_ name: String) -> URL {
        sessionsFolder.appendingPathComponent("\(name).json")
    }
}

extension Paths {
    /// The files scout keeps, each under its XDG folder with what it holds: the man page's FILES and the
    /// guide's table are these (`PathsTests` checks that every file above is here, `DocsTests` the guide).
    public static let described: [(folder: String, path: String, holds: String)] = [
        ("XDG_CONFIG_HOME", "config.json", "the settings (set) and the OMDb key"),
        ("XDG_STATE_HOME", "session.json", "the session: source, search, page, selections and view"),
        ("XDG_STATE_HOME", ".session.json.spare", "the session one command before, kept for a damaged session.json"),
        ("XDG_STATE_HOME", "sessions/NAME.json", "the sessions saved by name"),
        ("XDG_STATE_HOME", "history.jsonl", "every search and every done, one a line"),
        ("XDG_STATE_HOME", "editline_history", "the lines typed at the prompt"),
        ("XDG_DATA_HOME", "favourites.json", "the favourites"),
        ("XDG_DATA_HOME", "denylist.txt", "your denied terms, one a line"),
        ("XDG_DATA_HOME", "denied-searches.jsonl", "the remote searches that found nothing (auto-deny)"),
        ("XDG_DATA_HOME", "library.jsonl", "the library: ratings, diary, watchlist and notes, one event a line"),
        ("XDG_DATA_HOME", "saved-searches.json", "the saved searches and their watches"),
        ("XDG_DATA_HOME", "follows.json", "the Letterboxd members you follow"),
        ("XDG_STATE_HOME", "letterboxd/USER.json", "what the last read of a followed feed held, to tell what changed"),
        ("XDG_STATE_HOME", "device", "this device's id"),
        ("XDG_STATE_HOME", "sync/", "sync: where to, this device's log, the clone of a git remote"),
        ("XDG_CACHE_HOME", "", "answers, indexes and artwork: all of it safe to delete"),
    ]
}
