import FoundationEssentials

/// Everything the shell takes from the world, handed in so that a test can hand in its own.
public struct ShellContext: Sendable {
    public var paths: Paths
    /// The environment scout was started with: the sources read their `SCOUT_*_URL` from it.
    public var environment: [String: String]
    public var fileStore: FileStore
    public var now: @Sendable () -> Date
    public var localTime: LocalTime
    /// Which session file this run uses: nil for the default, or a named session.
    public var sessionName: String?
    public var width: Int
    /// The terminal's height in lines, when standard output is a terminal (a listing page fits it).
    public var height: Int?
    /// Whether output goes to a terminal, where listings are cut to `width`; on a pipe they are whole.
    public var fitsWidth = false
    /// The working directory that relative paths in `fav export` and friends are resolved against.
    public var workingDirectory: String
    public var home: String
    /// `--json`: commands fill in their JSON fields only when they will be printed.
    public var json = false
    /// `--offline`: send no request.
    public var offline = false
    /// Proxies and certificate authorities (curl's and OpenSSL's variables).
    public var network: NetworkSettings
    /// `OMDB_API_KEY`, which wins over the key in the settings.
    public var omdbKey: String?
    /// `TMDB_API_KEY`, else `TMDB_READ_ACCESS_TOKEN`, which win over the key in the settings.
    public var tmdbKey: String? { TMDbSource.Credential(environment)?.value }
    /// Opens a web page in the user's browser; nil when there is no one to show it to (a script, a pipe).
    /// Returns false when no browser could be started.
    public var openURL: (@Sendable (String) -> Bool)?
    /// Told at once of something a person waiting should know (a long wait for iTunes' pacing): one line
    /// for standard error on a terminal; nil when nobody is watching.
    public var notice: (@Sendable (String) -> Void)?
    /// Asks a person at the terminal a yes-or-no question before something that cannot be undone (`history
    /// clear`), as fish does; true for yes. Nil in a script (`-c`, a pipe), which proceeds without asking.
    public var confirm: (@Sendable (String) async -> Bool)?
    /// The sync this scout began at start, in the background: nil while it runs, what it said once it has
    /// finished (once) and whether it failed, else nothing. `sync` typed meanwhile waits for it rather than
    /// calling it another scout's. Nil in a script.
    public var startupSync: (@Sendable () -> (said: [String], failed: Bool)?)?
    /// Forgets the lines typed at the prompt that the line editor holds in memory (Up, Ctrl-R), once
    /// `history clear` has emptied its file; nil without a line editor.
    public var forgetTypedLines: (@Sendable () -> Void)?
    /// Opens the picker on a terminal (scout's own, or the user's fzf); nil where there is no terminal.
    public var picker: (@Sendable (PickerRequest) async -> PickerAnswer)?
    /// Told how a long wait is going ("page 3 of 10"); nil when nobody is watching. Called with nil when done.
    public var progress: (@Sendable (String?) -> Void)?
    /// The window images are drawn in, read when one is drawn; nil where none may be: on a pipe, with
    /// `TERM=dumb`.
    public var artWindow: (@Sendable () -> ArtWindow)?

    public init(
        environment: [String: String], home: String, workingDirectory: String,
        now: @escaping @Sendable () -> Date = { Date() }, localTime: LocalTime = .system,
        sessionName: String? = nil, width: Int = 80
    ) {
        paths = Paths(environment: environment, home: home)
        self.environment = environment
        network = NetworkSettings(environment: environment)
        omdbKey = environment["OMDB_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        var store = FileStore()
        store.now = now
        fileStore = store
        (self.now, self.localTime, self.sessionName) = (now, localTime, sessionName)
        (self.width, self.workingDirectory, self.home) = (width, workingDirectory, home)
    }

    /// The URL `variable` (a `SCOUT_*_URL`) points a source at; nil when unset, empty or not a URL.
    public func serviceURL(_ variable: String) -> URL? {
        guard let text = environment[variable], !text.isEmpty, let url = URL(string: text),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// The line that says `variable` is set to something other than an http(s) URL with a host: named when
    /// its source is used, never a silent fall-back to the real service.
    public func urlProblem(_ variable: String) -> String? {
        guard let text = environment[variable], !text.isEmpty, serviceURL(variable) == nil else { return nil }
        return "\(variable) is not an http(s) URL (\"\(text.prefix(60))\"): set it to one such as "
            + "http://127.0.0.1:8080, or unset it"
    }

    /// A context that reads nothing from the world: no environment, `/` for home and working directory.
    static let bare = ShellContext(environment: [:], home: "/", workingDirectory: "/")

    /// A path a user typed: `~/` expands to the home directory; a relative path is taken from the working directory.
    public func resolve(_ path: String) -> URL {
        if path == "~" { return URL(fileURLWithPath: home) }
        if path.hasPrefix("~/") { return URL(fileURLWithPath: home).appendingPathComponent(String(path.dropFirst(2))) }
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: workingDirectory).appendingPathComponent(path)
    }
}
