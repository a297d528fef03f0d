import Foundation

/// Drives the built scout in a real pseudo-terminal through tmux: type keys, read the screen.
public final class TmuxTerminal {
    let socket = "scout-test-\(UUID().uuidString.prefix(8))"
    let name = "scout"

    /// Every server still running, stopped when the test process exits: a terminal a test still holds
    /// then (the swift-testing runner can keep one alive past its test) would otherwise outlive the run,
    /// with its scout.
    nonisolated(unsafe) private static var running: Set<String> = []
    private static let runningLock = NSLock()
    private static let stopAtExit: Void = { atexit { TmuxTerminal.stopAll() } }()

    private static func stopAll() {
        let sockets = runningLock.withLock { running }
        for socket in sockets { kill(socket: socket) }
    }

    /// Ends the server and what runs in it. kill-server alone can leave a server (and its scout) running
    /// when the test process is on its way out, so the panes' processes are killed first.
    private static func kill(socket: String) {
        let pids = (try? run(socket: socket, ["list-panes", "-a", "-F", "#{pane_pid}"])) ?? ""
        // Each pane's process group too: a scout a pane's shell started is in it, and is not the pane's process.
        for pid in pids.split(separator: "\n").compactMap({ Int32($0) }) {
            Foundation.kill(-pid, SIGKILL)
            Foundation.kill(pid, SIGKILL)
        }
        _ = try? run(socket: socket, ["kill-server"])
    }

    private func started() {
        Self.stopAtExit
        _ = Self.runningLock.withLock { Self.running.insert(socket) }
    }

    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
    }

    /// Starts `scout arguments` in a `width`×`height` terminal with the sandbox's environment, `TERM`
    /// xterm-256color, and `environment` on top.
    public init(
        sandbox: Sandbox, arguments: [String] = [], environment: [String: String] = [:], width: Int = 100,
        height: Int = 40
    ) throws {
        let variables = sandbox.environment.merging(["TERM": "xterm-256color"]) { $1 }.merging(environment) { $1 }
        var command = ["env", "-i"] + variables.map { "\($0.key)=\($0.value)" } + [Sandbox.binary.path] + arguments
        command = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        try tmux([
            "new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), command.joined(separator: " "),
        ])
        started()
    }

    /// Starts `bash -c shellCommand` in a `width`×`height` terminal with the sandbox's environment (whose
    /// `PATH` finds scout) and `TERM` xterm-256color unless the sandbox sets it.
    public init(sandbox: Sandbox, shellCommand: String, width: Int, height: Int) throws {
        let variables = ["TERM": "xterm-256color"].merging(sandbox.environment) { $1 }
        var command = ["env", "-i"] + variables.map { "\($0.key)=\($0.value)" } + ["/bin/bash", "-c", shellCommand]
        command = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        try tmux([
            "new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), "-c", sandbox.root.path,
            command.joined(separator: " "),
        ])
        started()
    }

    deinit {
        Self.kill(socket: socket)
        _ = Self.runningLock.withLock { Self.running.remove(socket) }
    }

    /// Sends keys as tmux names them: literal text, or `Tab`, `Up`, `Enter`, `C-c`, `C-d`.
    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    public func send(contentsOf keys: [String]) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Sends text literally (no key names).
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// Resizes the terminal, as a user dragging the window's edge: scout gets SIGWINCH.
    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    /// The screen's text; with `joined`, a line the terminal wrapped is given whole.
    public func screen(joined: Bool = false) throws -> String {
        try tmux(["capture-pane", "-t", name, "-p"] + (joined ? ["-J"] : []))
    }

    /// The screen with the colours and attributes of its text as escape sequences (`capture-pane -e`).
    public func screenWithEscapes() throws -> String {
        try tmux(["capture-pane", "-t", name, "-p", "-e"])
    }

    /// Waits until the screen shows `text`; returns the screen, or throws after `timeout` seconds.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 10) throws -> String {
        try wait(for: "\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Waits until the last line shown is `prompt` with nothing typed after it (but the right prompt, `p1/2`):
    /// keys sent after a key that ends a mode (Ctrl-G out of a search) go in only once scout has read it.
    @discardableResult
    public func waitForEmptyPrompt(_ prompt: String, timeout: Double = 10) throws -> String {
        try wait(for: "an empty \"\(prompt)\"", timeout: timeout) { screen in
            let line = screen.split(separator: "\n").last { !$0.allSatisfy { $0 == " " } }.map(String.init) ?? ""
            guard line.hasPrefix(prompt) else { return false }
            let rest = line.dropFirst(prompt.count).drop { $0 == " " }
            return rest.isEmpty || (rest.first == "p" && rest.dropFirst().allSatisfy { $0.isNumber || $0 == "/" })
        }
    }

    /// Reads the screen every 50 ms until `shows` holds of it; returns it, or throws after `timeout` seconds.
    private func wait(for what: String, timeout: Double, until shows: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = (try? screen()) ?? ""
            if shows(last) { return last }
            usleep(50_000)
        }
        throw TmuxError(message: "timed out waiting for \(what); the screen was:\n\(last)")
    }

    /// The process id of what runs in the pane (scout: `env` execs it).
    public func panePID() throws -> Int32 {
        Int32(
            try tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
            ?? 0
    }

    /// Whether scout is still running in the pane.
    public var isRunning: Bool {
        ((try? tmux(["list-panes", "-t", name, "-F", "#{pane_dead}"])) ?? "1").trimmingCharacters(
            in: .whitespacesAndNewlines) == "0"
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try Self.run(socket: socket, arguments)
    }

    @discardableResult
    static func run(socket: String, _ arguments: [String]) throws -> String {
        // posix_spawn and waitpid rather than Foundation's Process: the tmux client exits at once while the
        // server it starts lives on holding inherited descriptors, and Process can miss that exit.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let argv = ["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of the test process: the server this client starts would hold, for as long as it runs, the
        // pipes of the scouts other tests run at the same time, whose readers then never see their end.
        _ = spawnClosesFrom(&actions, 3)
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, &cArgs, environ) == 0 else {
            throw TmuxError(message: "could not start tmux: install it (apt-get install tmux)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw TmuxError(message: "tmux \(arguments.first ?? "") failed") }
        return String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on, a GNU extension the Glibc module does not export).
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnClosesFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

public struct TmuxError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
