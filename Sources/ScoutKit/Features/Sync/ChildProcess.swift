import Glibc

/// A program run to its end, or stopped at a deadline or when the task is cancelled (Ctrl-C): it runs in a
/// process group of its own, which is killed whole (git's ssh and helpers with it).
public struct ChildProcess {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
        var timedOut = false
        var cancelled = false
    }

    /// The executable's path found on `PATH`, or nil.
    static func find(_ name: String, path: String?) -> String? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Where a child runs: in a process group of its own, a session of its own, or scout's own group (a
    /// program that takes the terminal, such as a text browser, must be in its foreground group).
    public enum Group { case own, session, scouts }

    /// Starts `path` with `arguments` (its first, `argv[0]`, is the path), in `group`; its signals unblocked
    /// and at their defaults (scout ignores Ctrl-C and SIGPIPE, and a child would inherit that); `environment`
    /// nil passes scout's own. The `posix_spawn` result: 0 when it started.
    public static func spawn(
        _ pid: inout pid_t, _ path: String, _ arguments: [String], environment: [String: String]?,
        actions: inout posix_spawn_file_actions_t, group: Group
    ) -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26) has no Swift name.
        let flags: Int32 =
            switch group {
            case .own: Int32(POSIX_SPAWN_SETPGROUP)
            case .session: 0x80
            case .scouts: 0
            }
        posix_spawnattr_setflags(&attributes, Int16(flags | Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)))
        if group == .own { posix_spawnattr_setpgroup(&attributes, 0) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { (argv + (envp ?? [])).forEach { free($0) } }
        if let envp { return posix_spawn(&pid, path, &actions, &attributes, argv, envp) }
        return posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    }

    /// Runs `executable` with `arguments`, standard input from /dev/null; the output is kept up to 1 MB.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        deadline: ContinuousClock.Instant
    ) -> Result {
        var output = [Int32](repeating: -1, count: 2), errors = [Int32](repeating: -1, count: 2)
        guard pipe(&output) == 0, pipe(&errors) == 0 else {
            return Result(status: -1, output: "", errors: "could not make a pipe: \(FileStore.errnoText())")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errors[1], STDERR_FILENO)
        for fd in output + errors { posix_spawn_file_actions_addclose(&actions, fd) }
        var pid: pid_t = 0
        let spawned = spawn(&pid, executable, arguments, environment: environment, actions: &actions, group: .own)
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard spawned == 0 else {
            return Result(status: -1, output: "", errors: String(cString: strerror(spawned)))
        }
        var result = Result(status: -1, output: "", errors: "")
        var buffers = [[UInt8](), [UInt8]()]
        var open = [true, true]
        var chunk = [UInt8](repeating: 0, count: 65536)
        while open[0] || open[1] {
            if Task.isCancelled || ContinuousClock.now >= deadline {
                (result.cancelled, result.timedOut) = (Task.isCancelled, !Task.isCancelled)
                kill(-pid, SIGKILL)
                break
            }
            var fds = [output[0], errors[0]].enumerated().map { index, fd in
                pollfd(fd: open[index] ? fd : -1, events: Int16(POLLIN), revents: 0)
            }
            guard poll(&fds, 2, 50) >= 0 || errno == EINTR else { break }
            for index in 0..<2 where open[index] && fds[index].revents != 0 {
                let count = read(fds[index].fd, &chunk, chunk.count)
                if count > 0 {
                    if buffers[index].count < 1 << 20 { buffers[index] += chunk[0..<count] }
                } else if count == 0 || errno != EINTR {
                    open[index] = false
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Anything the group left behind (a helper that outlived git) goes with it.
        kill(-pid, SIGKILL)
        result.output = String(decoding: buffers[0], as: UTF8.self)
        result.errors = String(decoding: buffers[1], as: UTF8.self)
        if !result.timedOut && !result.cancelled {
            result.status = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        }
        return result
    }
}
