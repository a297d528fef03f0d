import Dispatch
import FoundationEssentials
import Glibc
import ScoutKit

/// The sync scout runs at start and at exit: `scout -c 'sync --background'` in a process group of its own,
/// its words kept in a file for the next prompt. It never delays the prompt, never draws on the terminal,
/// and is stopped (with git and ssh under it) when it outlasts `set sync-timeout` at exit.
final class BackgroundSync: @unchecked Sendable {
    private let lock = Lock()
    /// The child, once started: 0 before, and again once it has finished.
    private var pid: pid_t = 0
    /// Whether it is still to start (it starts a moment after the prompt, so as not to share its start).
    private var pending = false
    private let output: String

    /// Starts the sync now, or `after` a delay (off the main thread).
    init(output: String, after delay: DispatchTimeInterval? = nil) {
        self.output = output
        guard let delay else {
            pid = Self.start(output: output) ?? 0
            return
        }
        pending = true
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            lock.withLock {
                guard pending else { return }
                pending = false
                pid = Self.start(output: output) ?? 0
            }
        }
    }

    private static func start(output: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        // A session of its own: git and ssh under it are found by it and stopped with it.
        var pid: pid_t = 0
        // This very binary, by its path (what ps then shows), however scout was started.
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
        let started = ChildProcess.spawn(
            &pid, path, ["-c", "sync --background"], environment: nil, actions: &actions, group: .session)
        return started == 0 ? pid : nil
    }

    /// What it said, line by line, once it has finished (nil while it runs, and after it was read once).
    func finished() -> [String]? {
        let done: Bool = lock.withLock {
            guard pid > 0 else { return false }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return false }
            pid = 0
            failed = status != 0
            return true
        }
        return done ? said() : nil
    }

    /// Whether it ended with a failure (its exit status), once it has finished.
    private(set) var failed = false

    /// Nil while it runs (or is still to start); what it said once it has finished (once), and whether it
    /// failed; else nothing.
    func state() -> (said: [String], failed: Bool)? {
        let idle: Bool = lock.withLock { pid == 0 && !pending }
        if idle { return ([], false) }
        return finished().map { ($0, failed) }
    }

    /// Stops it (and all under it) now, if it runs: the next sync does its work.
    func stop() {
        lock.withLock {
            pending = false
            guard pid > 0 else { return }
            Self.stopSession(pid)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            pid = 0
        }
        unlink(output)
    }

    /// Waits for it up to `seconds`; stops it (and all under it) past that. Nil when it had to be stopped.
    func finish(within seconds: Int) -> [String]? {
        // Not started yet (scout left at once): it never will; the sync at exit does the work.
        let running: Bool = lock.withLock {
            pending = false
            return pid > 0
        }
        guard running else { return [] }
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let words = finished() { return words }
            usleep(20_000)
        }
        stop()
        return nil
    }

    /// Kills every process of the session `id` (the child and the git, ssh and helpers it started, each in a
    /// process group of its own), found by the session field of `/proc/PID/stat`.
    static func stopSession(_ id: pid_t) {
        kill(id, SIGKILL)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return }
        for entry in entries {
            guard let pid = pid_t(entry), pid != id,
                let stat = FileManager.default.contents(atPath: "/proc/\(entry)/stat"),
                let close = stat.lastIndex(of: UInt8(ascii: ")"))
            else { continue }
            // After the command's closing bracket: state, parent, group, session.
            let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
            if fields.count > 3, pid_t(String(decoding: fields[3], as: UTF8.self)) == id { kill(pid, SIGKILL) }
        }
    }

    /// Its output's lines: what it did as said, its errors and warnings with the `scout: ` they start with,
    /// which tells them apart (`Launch.notice`, `SyncService`).
    private func said() -> [String] {
        guard let data = FileManager.default.contents(atPath: output) else { return [] }
        unlink(output)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

/// Where the sync begun at start is, for `sync` typed while it runs (set once the prompt is up).
final class StartupSync: @unchecked Sendable {
    private let lock = Lock()
    private var held: BackgroundSync?
    var sync: BackgroundSync? {
        get { lock.withLock { held } }
        set { lock.withLock { held = newValue } }
    }
}
