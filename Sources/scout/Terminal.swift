import Foundation
import ScoutKit

/// The process's terminal and its signals, read in one place.
enum Terminal {
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
        let pager = (environment["PAGER"] ?? "less").trimmingCharacters(in: .whitespaces)
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

    /// Opens `url` with the first command of `$BROWSER` (colon-separated, `%s` standing for the URL, as
    /// Python's webbrowser and git read it), else `xdg-open`, run through the shell with the URL quoted, on
    /// the terminal (a text browser takes it over until it quits). False when none could be run.
    static func openURL(_ url: String, environment: [String: String]) -> Bool {
        let quoted = "'" + url.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let browsers =
            (environment["BROWSER"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty } + ["xdg-open"]
        for browser in browsers {
            let command =
                browser.contains("%s") ? browser.replacingOccurrences(of: "%s", with: quoted) : "\(browser) \(quoted)"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            // "sh: xdg-open: not found" is the shell's text, not scout's: a failure is said in scout's words.
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            process.waitUntilExit()
            if process.terminationStatus == 0 { return true }
        }
        return false
    }

    /// libedit drops non-ASCII bytes unless the character locale is UTF-8.
    static func useUTF8Locale() {
        if let name = setlocale(LC_CTYPE, ""), String(cString: name).lowercased().contains("utf") { return }
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
                Foundation.write(fd, $0.baseAddress?.advanced(by: offset), $0.count - offset)
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
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                Signals.pending |= (1 << UInt64(number))
                var byte: UInt8 = 1
                _ = Foundation.write(Signals.wakeWrite, &byte, 1)
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
