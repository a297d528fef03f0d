import Glibc
import ScoutKit

/// The process's terminal and its signals, read in one place.
enum Terminal {
    /// The environment, read from `environ`: what `ProcessInfo`'s environment holds (the last of a name given
    /// twice wins, as there), without making ProcessInfo itself, 0.1 ms of every start.
    static func environment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let text = entry.pointee {
            let pair = String(cString: text)
            if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(pair[..<equals])
                variables[name] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }

    /// The working directory; empty when it cannot be read (removed under scout), as FileManager says it.
    static func workingDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "" }
        defer { free(path) }
        return String(cString: path)
    }

    /// Whether standard input is a terminal scout can edit lines on (not `TERM=dumb`).
    static func canEdit(environment: [String: String]) -> Bool {
        isatty(STDIN_FILENO) == 1 && environment["TERM"] != "dumb"
    }

    static func width() -> Int { window().columns }

    /// The window in cells (80 x 24 when standard output is no terminal) and, when the terminal says, in
    /// pixels (for the size of an image's cells). `width()` and `height()` read it.
    static func window() -> ArtWindow {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return ArtWindow(columns: 80, rows: 24)
        }
        return ArtWindow(
            columns: Int(size.ws_col), rows: Int(size.ws_row), pixelWidth: Int(size.ws_xpixel),
            pixelHeight: Int(size.ws_ypixel))
    }

    static func height() -> Int { window().rows }

    /// Shows `text` through the user's pager when it is longer than the screen, as git runs one: `$PAGER`,
    /// else `less`; `PAGER=` (empty) or `PAGER=cat` means none; and `LESS=FRX` when `LESS` is unset (quit
    /// if one screen, colour escapes shown as colour, no screen clearing), `LV=-c` when `LV` is. False when
    /// it is not longer, or no pager could be started, for the caller to print it. A pager that is not
    /// installed gets the text printed here, with a line saying so under it.
    static func page(_ text: String, lines: Int, environment: [String: String]) -> Bool {
        guard lines > height() - 1 else { return false }
        let pager = (environment["PAGER"] ?? "less").trimmedSpaces()
        guard !pager.isEmpty, pager != "cat" else { return false }
        if environment["LESS"] == nil { setenv("LESS", "FRX", 1) }
        if environment["LV"] == nil { setenv("LV", "-c", 1) }
        // A pager that is not installed is said in scout's words, not the shell's "sh: 1: …: not found".
        let program = pager.split(separator: " ").first.map(String.init) ?? pager
        guard let pipe = popen("command -v \(program) >/dev/null 2>&1 || exit 127; \(pager)", "w") else { return false }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, pipe) } // a pager quit early is no error
        guard pclose(pipe) != 127 << 8 else { // 127: no such pager, so print it here, and say why under it
            write(text, to: STDOUT_FILENO)
            let message =
                "scout: the pager \(program) (from PAGER) is not installed, so this was not paged: set PAGER to one "
                + "that is, or PAGER=cat"
            write(DisplayWidth.wrap(message, to: width(), indent: 2).joined(separator: "\n") + "\n", to: STDERR_FILENO)
            return true
        }
        return true
    }

    /// Shows the man page `roff` as `man` shows one (`man -l -`: formatted to the window, through `MANPAGER` or
    /// `PAGER`) when standard output is a terminal that draws; printed as roff otherwise, for `man -l` and
    /// packagers, and when `man` is not installed, with a line that says so.
    static func showManual(_ roff: String, environment: [String: String]) {
        guard isatty(STDOUT_FILENO) == 1, environment["TERM"] != "dumb" else { return write(roff, to: STDOUT_FILENO) }
        if let pipe = popen("command -v man >/dev/null 2>&1 || exit 127; man -l -", "w") {
            let bytes = Array(roff.utf8)
            _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, pipe) } // a pager quit early is no error
            if pclose(pipe) != 127 << 8 { return }
        }
        write(roff, to: STDOUT_FILENO)
        write(
            "scout: man is not installed, so this is the page's roff: install man-db to read it as a page\n",
            to: STDERR_FILENO)
    }

    /// Opens `url` with the first command of `$BROWSER` (colon-separated, `%s` standing for the URL, as
    /// Python's webbrowser and git read it), else `xdg-open`, run through the shell with the URL quoted, on
    /// the terminal (a text browser takes it over until it quits). False when none could be run.
    static func openURL(_ url: String, environment: [String: String]) -> Bool {
        let quoted = "'" + url.replacing("'", with: "'\\''") + "'"
        let browsers =
            (environment["BROWSER"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty } + ["xdg-open"]
        for browser in browsers {
            let command =
                browser.contains("%s") ? browser.replacing("%s", with: quoted) : "\(browser) \(quoted)"
            // "sh: xdg-open: not found" is the shell's text, not scout's: a failure is said in scout's words.
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            // In scout's process group, so that a text browser can read the terminal.
            var pid: pid_t = 0
            guard
                ChildProcess.spawn(
                    &pid, "/bin/sh", ["-c", command], environment: nil, actions: &actions, group: .scouts) == 0
            else { continue }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            if status == 0 { return true }
        }
        return false
    }

    /// Asks `question` with ` [y/N] ` and reads the answer from standard input, the terminal in its usual
    /// line mode (libedit has let go of it while a command runs): yes for `y` or `yes`; no for anything else,
    /// the end of input, or Ctrl-C (which cancels the command's task: the wait checks every 100 ms).
    static func ask(_ question: String) -> Bool {
        // Where the person reads: standard output, or standard error when that goes to a pipe (`scout | tee`).
        let screen = isatty(STDOUT_FILENO) == 1 ? STDOUT_FILENO : STDERR_FILENO
        write("\(question) [y/N] ", to: screen)
        var answer: [UInt8] = []
        while !Task.isCancelled {
            var wait = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&wait, 1, 100)
            if ready < 0, errno != EINTR { break }
            guard ready > 0 else { continue }
            var byte: UInt8 = 0
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 0 { write("\n", to: screen) } // Ctrl-D: the answer's line ended, as Enter would
            guard count == 1, byte != 0x0A else { break }
            if answer.count < 16 { answer.append(byte) }
        }
        if Task.isCancelled { write("\n", to: screen) }
        let text = String(decoding: answer, as: UTF8.self).trimmed().lowercased()
        return text == "y" || text == "yes"
    }

    /// libedit drops non-ASCII bytes unless the character locale is UTF-8.
    static func useUTF8Locale() {
        // "UTF-8" or "utf8" in the locale's name, in any case (`| 0x20` lowers ASCII letters).
        if let name = setlocale(LC_CTYPE, ""),
            Text.lastOffset(of: Array("utf".utf8), in: Array(String(cString: name).utf8).map { $0 | 0x20 }) != nil
        {
            return
        }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
    }

    /// Writes text to a file descriptor whole. A reader that went away (`scout … | head -1`) ends scout quietly.
    static func write(_ text: String, to fd: Int32) {
        write(bytes: Array(text.utf8), to: fd)
    }

    static func write(bytes data: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes {
                Glibc.write(fd, $0.baseAddress?.advanced(by: offset), $0.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(fd == STDOUT_FILENO ? 0 : 1) }
                return
            }
            offset += written
        }
    }
}

/// Signals arrive as bits in a flag word, and wake the line reader through a pipe (the one
/// async-signal-safe way to reach a thread blocked waiting for a key, whichever thread the signal
/// lands on).
enum Signals {
    nonisolated(unsafe) static var pending: UInt64 = 0
    nonisolated(unsafe) static var wakeRead: Int32 = -1
    nonisolated(unsafe) static var wakeWrite: Int32 = -1

    /// Installs handlers without SA_RESTART, so that a blocked read returns and the REPL can act.
    static func install(_ signals: [Int32]) {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            wakeRead = fds[0]
            wakeWrite = fds[1]
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        // (None is blocked: main cleared the mask scout was started with.)
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                Signals.pending |= (1 << UInt64(number))
                var byte: UInt8 = 1
                _ = Glibc.write(Signals.wakeWrite, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }

    /// Whether `signal` arrived since it was last taken; clears it.
    static func take(_ signal: Int32) -> Bool {
        let bit: UInt64 = 1 << UInt64(signal)
        guard pending & bit != 0 else { return false }
        pending &= ~bit
        return true
    }

    /// Waits until standard input can be read (true) or SIGTERM or SIGHUP asks scout to stop (false);
    /// `woken` runs each time another signal arrives.
    static func waitForStandardInput(woken: () -> Void = {}) -> Bool {
        while true {
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, wakeRead >= 0 ? 2 : 1, -1) < 0 && errno != EINTR { return false }
            if stopRequested { return false }
            if fds[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                _ = read(wakeRead, &drain, drain.count)
                woken()
                continue
            }
            if fds[0].revents != 0 { return true }
        }
    }

    /// SIGTERM or SIGHUP: save and leave.
    static var stopRequested: Bool {
        pending & ((1 << UInt64(SIGTERM)) | (1 << UInt64(SIGHUP))) != 0
    }
}
