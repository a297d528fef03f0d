import Dispatch
import FoundationEssentials
import Glibc
import ScoutKit

/// The picker on the terminal: scout's own (a `PickerSession` drawn under the prompt in at most 40% of
/// the window, as `fzf --height 40% --reverse` draws; nothing above it is cleared, and its lines are
/// erased when it closes), or the user's fzf when `set picker fzf` says so.
enum TerminalPicker {
    /// Runs the picker; `fromLine` when it opens from the line being edited (Ctrl-R), which it leaves as it was.
    static func run(_ request: PickerRequest, fromLine: Bool = false) -> PickerAnswer {
        request.finder == .fzf ? fzf(request) : builtin(request, fromLine: fromLine)
    }

    // MARK: scout's own

    static func builtin(_ request: PickerRequest, fromLine: Bool) -> PickerAnswer {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return .failed("the picker needs a terminal") }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }

        func size() -> (height: Int, width: Int) {
            (max(4, Terminal.height() * 40 / 100), Terminal.width())
        }
        let (height, width) = size()
        let session = PickerSession(request, height: height, width: width)
        // From the line being edited, the picker opens on the line below it.
        if fromLine { Terminal.write("\r\n", to: STDOUT_FILENO) }
        draw(session)
        var outcome: PickerSession.Outcome?
        var pending: [UInt8] = []
        while outcome == nil {
            let ready = Signals.waitForStandardInput {
                if Signals.take(SIGWINCH) {
                    let (height, width) = size()
                    session.width = width
                    session.height = height
                    draw(session)
                }
            }
            guard ready else {
                outcome = .cancel
                break
            }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count <= 0 {
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                outcome = .cancel
                break
            }
            pending += buffer.prefix(count)
            while !pending.isEmpty, outcome == nil {
                guard let (key, used) = decodeKey(pending) else { break }
                pending.removeFirst(used)
                if let key {
                    outcome = session.handle(key)
                    if outcome == nil { draw(session) }
                }
            }
            // A lone Esc (no sequence after it within 25 ms) leaves.
            if pending == [0x1B] {
                var fd = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                if poll(&fd, 1, 25) == 0 { outcome = .cancel }
            }
        }
        // Erase the picker's lines; from the line being edited, back onto it.
        Terminal.write("\r\u{1B}[J" + (fromLine ? "\u{1B}[1A" : ""), to: STDOUT_FILENO)
        switch outcome {
        case .accept(let values)?: return .chosen(values)
        default: return .cancelled
        }
    }

    /// Draws the window from its top line and leaves the cursor on the query line.
    static func draw(_ session: PickerSession) {
        let lines = session.lines
        var text =
            "\r\u{1B}[J"
            + lines.enumerated().map { row, line in row == 2 + session.cursor ? "\u{1B}[7m\(line)\u{1B}[0m" : line }
            .joined(separator: "\r\n")
        if lines.count > 1 { text += "\u{1B}[\(lines.count - 1)A" }
        text += "\r\u{1B}[\(session.queryColumn)C"
        Terminal.write(text, to: STDOUT_FILENO)
    }

    /// The key at the start of `bytes` and how many bytes it took; nil when more bytes are needed.
    /// A nil key is a byte that means nothing here.
    static func decodeKey(_ bytes: [UInt8]) -> (PickerSession.Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03, 0x07: return (.cancel, 1) // Ctrl-C, Ctrl-G
        case 0x10, 0x0B: return (.up, 1) // Ctrl-P, Ctrl-K
        case 0x0E: return (.down, 1) // Ctrl-N
        case 0x15: return (.clearLine, 1) // Ctrl-U
        case 0x17: return (.deleteWord, 1) // Ctrl-W
        case 0x1B:
            guard bytes.count >= 2 else { return nil }
            guard bytes[1] == 0x5B || bytes[1] == 0x4F else { return (.cancel, 1) }
            guard bytes.count >= 3 else { return nil }
            switch bytes[2] {
            case 0x41: return (.up, 3)
            case 0x42: return (.down, 3)
            case 0x35, 0x36:
                guard bytes.count >= 4 else { return nil }
                return (bytes[2] == 0x35 ? .pageUp : .pageDown, bytes[3] == 0x7E ? 4 : 3)
            default:
                // Another sequence (arrows sideways, function keys): skipped to its last byte.
                var end = 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                return end < bytes.count ? (nil, end + 1) : nil
            }
        case 0..<0x20: return (nil, 1)
        default:
            // A UTF-8 character, whole.
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard bytes.count >= length else { return nil }
            let text = String(decoding: bytes.prefix(length), as: UTF8.self)
            return (.text(text), length)
        }
    }

    // MARK: the user's fzf

    static func fzf(_ request: PickerRequest) -> PickerAnswer {
        let environment = Terminal.environment()
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/fzf" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            return .failed(
                "set picker fzf needs fzf on PATH: apt-get install fzf (or brew install fzf), or set picker builtin")
        }
        // Each line is `N<TAB>text`; fzf shows the text and gives back the line chosen.
        var arguments = [
            path, "--height", "40%", "--reverse", "--delimiter", "\t", "--with-nth", "2..", "--prompt",
            "\(request.title)> ",
        ]
        if request.multiple { arguments.append("--multi") }
        if !request.query.isEmpty { arguments += ["--query", request.query] }
        // Spawned in scout's own process group (Foundation's Process makes a new one), so that fzf, in the
        // terminal's foreground group, may read the keys from /dev/tty.
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { return .failed("fzf could not be started: no pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO)
        for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, &argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            return .failed("fzf could not be started: \(String(cString: strerror(spawned)))")
        }
        let corpus = request.corpus
        let lines = (0..<corpus.count).map { "\($0)\t\(corpus.text($0))" }.joined(separator: "\n") + "\n"
        let writer = toChild[1]
        DispatchQueue.global().async {
            signal(SIGPIPE, SIG_IGN)
            _ = Data(lines.utf8).withUnsafeBytes { raw -> Bool in
                var done = 0
                while done < raw.count, let base = raw.baseAddress {
                    let count = write(writer, base + done, raw.count - done)
                    if count <= 0 { return false } // fzf left before reading everything
                    done += count
                }
                return true
            }
            close(writer)
        }
        var chosen = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fromChild[0], &buffer, buffer.count)
            if count > 0 {
                chosen.append(contentsOf: buffer.prefix(count))
                continue
            }
            if count < 0, errno == EINTR { continue }
            break
        }
        close(fromChild[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exit = (status >> 8) & 0xFF
        // fzf: 0 chosen, 1 nothing matched, 130 left with Esc or Ctrl-C, 2 an error (it said which).
        guard exit == 0 else { return exit == 2 ? .failed("fzf failed (exit 2): see its message above") : .cancelled }
        let values = String(decoding: chosen, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.split(separator: "\t", maxSplits: 1).first.flatMap { Int($0) }.flatMap {
                (0..<corpus.count).contains($0) ? corpus.value($0) : nil
            }
        }
        return values.isEmpty ? .cancelled : .chosen(values)
    }
}
