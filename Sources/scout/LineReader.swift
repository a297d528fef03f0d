import CEditLine
import Glibc
import ScoutKit

/// Reads standard input line by line: no prompt, no editing. It waits with `poll` beside the signals'
/// wake pipe, so SIGTERM or SIGHUP ends it even while nothing is typed or piped in.
struct PlainReader: LineReader {
    /// On a terminal that cannot edit lines (`TERM=dumb`) the prompt is printed; on a pipe it is not.
    var showsPrompt = false
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(showsPrompt: Bool) {
        self.showsPrompt = showsPrompt
    }

    mutating func readLine(prompt: String) -> InputLine? {
        if showsPrompt { Terminal.write(prompt, to: STDOUT_FILENO) }
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = newline + 1 }
                return Self.decode(buffer[start..<newline])
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return Self.decode(buffer[start...])
            }
            buffer.removeFirst(start)
            start = 0
            guard Signals.waitForStandardInput() else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(STDIN_FILENO, &chunk, chunk.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { atEnd = true } else { buffer += chunk[..<count] }
        }
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> InputLine {
        String(validating: bytes, as: UTF8.self).map(InputLine.text) ?? .notUTF8
    }
}

/// libedit: emacs keys, `~/.editrc` for program name `scout`, Ctrl-R history search, Tab completion,
/// line history kept across runs and across scouts.
final class EditLineReader: LineReader {
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let store: LineHistoryStore
    private var closed = false

    /// What the C callbacks need; libedit calls them on this thread, during `el_gets`.
    nonisolated(unsafe) static var promptText = strdup("> ")
    /// libedit's right prompt, at the right edge of the line: the page (`p2/7`).
    nonisolated(unsafe) static var rightPromptText = strdup("")
    /// What the next line's right prompt says.
    nonisolated(unsafe) static var rightPrompt = ""
    nonisolated(unsafe) static var interrupted = false
    /// The reader in use, for the character reader to redraw on SIGWINCH.
    nonisolated(unsafe) static var current: OpaquePointer?
    /// Its history of typed lines, for `history clear` (called between reads, never during `el_gets`).
    nonisolated(unsafe) static var currentHistory: OpaquePointer?

    static func forgetTypedLines() {
        if let history = currentHistory { _ = scout_history_clear(history) }
    }
    nonisolated(unsafe) static var completer: (String) -> Completion.Result = {
        Completion.complete($0, data: CompletionData())
    }
    /// Ctrl-R: the line typed so far in, the line chosen out (nil: left as it was).
    nonisolated(unsafe) static var historyPicker: ((String) -> String?)?
    /// A line the next read starts with (a search chosen in `pick`).
    private var pending: String?

    func prefill(_ line: String) {
        pending = line
    }

    init?(store: LineHistoryStore) {
        guard let editLine = scout_el_init("scout"), let history = scout_history_init() else { return nil }
        self.editLine = editLine
        self.history = history
        self.store = store
        scout_history_setsize(history, Int32(store.limit))
        scout_history_setunique(history, 1)
        for line in store.load() { scout_history_enter(history, line) }
        scout_el_set_history(editLine, history)
        Self.current = editLine
        Self.currentHistory = history
        scout_el_set_editor(editLine, "emacs")
        // Scout handles signals itself (see Signals): libedit's own handlers would run on whichever
        // thread the signal lands on and leave the terminal in cooked mode under a running read.
        scout_el_set_signal(editLine, 0)
        scout_el_set_getc(editLine) { _, character in
            guard let character else { return -1 }
            return EditLineReader.readCharacter(into: character)
        }
        scout_el_set_prompt(editLine) { _ in EditLineReader.promptText }
        scout_el_set_rprompt(editLine) { _ in EditLineReader.rightPromptText }
        scout_el_add_function(editLine, "scout-complete", "Complete the word at the cursor") { el, _ in
            EditLineReader.complete(el)
        }
        scout_el_bind(editLine, "^I", "scout-complete")
        // Ctrl-C while editing is a key, not a signal: it ends the line, which is then dropped. The signal
        // would land on any thread and race with libedit's read; outside el_gets the terminal is back in
        // its own mode and Ctrl-C is SIGINT again (it cancels a running search).
        var setty = [strdup("setty"), strdup("-d"), strdup("-isig")]
        setty.withUnsafeMutableBufferPointer { args in
            args.baseAddress?.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: args.count) {
                _ = el_parse(editLine, Int32(args.count), $0)
            }
        }
        setty.forEach { free($0) }
        scout_el_add_function(editLine, "scout-interrupt", "Drop the line being typed") { el, _ in
            EditLineReader.interrupted = true
            if let el {
                // Show the dropped line as a shell does: the cursor to its end, then ^C.
                el_cursor(el, Int32.max / 2)
                el_insertstr(el, "^C")
                el_push(el, "\n")
            }
            return UInt8(CC_REFRESH)
        }
        scout_el_bind(editLine, "^C", "scout-interrupt")
        // Ctrl-Z is a key too while editing (the terminal sends no signal): scout gives the terminal back
        // in the shell's mode and stops itself, as any shell program does; `fg` continues here, in the
        // editor's mode again, with the prompt and the line drawn anew (to a window perhaps resized).
        scout_el_add_function(editLine, "scout-suspend", "Suspend scout (fg brings it back)") { el, _ in
            guard let el else { return UInt8(CC_NORM) }
            Terminal.write("^Z", to: STDOUT_FILENO) // the shell says "Stopped" on the next line
            scout_el_prep_term(el, 0)
            // Sent to this thread with SIGTSTP unblocked (a concurrency thread may block it), so that it is
            // taken before raise returns: scout stops right here and goes on here after fg.
            var mask = sigset_t(), previous = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, SIGTSTP)
            pthread_sigmask(SIG_UNBLOCK, &mask, &previous)
            raise(SIGTSTP)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            scout_el_prep_term(el, 1)
            el_resize(el)
            return UInt8(CC_REDISPLAY)
        }
        scout_el_bind(editLine, "^Z", "scout-suspend")
        // Ctrl-R opens the picker over past searches and lines typed; a ~/.editrc that binds ^R wins.
        scout_el_add_function(editLine, "scout-pick", "Find a past search or line (the picker)") { el, _ in
            guard let el, let info = el_line(el), let buffer = info.pointee.buffer, let last = info.pointee.lastchar,
                let picker = EditLineReader.historyPicker
            else { return UInt8(CC_ERROR) }
            let typed = String(decoding: UnsafeRawBufferPointer(start: buffer, count: last - buffer), as: UTF8.self)
            if let chosen = picker(typed) {
                el_cursor(el, Int32.max / 2)
                el_deletestr(el, Int32(typed.unicodeScalars.count))
                el_insertstr(el, chosen)
            }
            return UInt8(CC_REDISPLAY)
        }
        scout_el_bind(editLine, "^R", "scout-pick")
        // The user's ~/.editrc (or $EDITRC) comes last, so that it can change any of the above.
        el_source(editLine, nil)
    }

    deinit {
        close()
    }

    func close() {
        guard !closed else { return }
        closed = true
        el_end(editLine)
        history_end(history)
    }

    func readLine(prompt: String) -> InputLine? {
        free(Self.promptText)
        Self.promptText = strdup(prompt)
        free(Self.rightPromptText)
        Self.rightPromptText = strdup(Self.rightPrompt)
        if let pending {
            el_push(editLine, pending)
            self.pending = nil
        }
        while true {
            var count: Int32 = 0
            guard let raw = el_gets(editLine, &count) else { return nil }
            if Self.interrupted {
                Self.interrupted = false
                continue
            }
            guard var line = String(validatingCString: raw) else { return .notUTF8 }
            if line.hasSuffix("\n") { line.removeLast() }
            if !line.trimmedSpaces().isEmpty {
                scout_history_enter(history, line)
                try? store.add(line)
            }
            return .text(line)
        }
    }

    /// Puts the cursor where the prompt starts and clears from there, before libedit draws the line again after
    /// a resize: its redraw starts where it believes the cursor is, the start of the prompt, which a resize
    /// forgets (the prompt was drawn twice). The terminal has reflowed the prompt and the line to the new width,
    /// so the cursor is as many rows below the prompt's start as the text before it fills at that width.
    static func returnToPromptStart(_ editLine: OpaquePointer) {
        var before = promptText.map { String(cString: $0) } ?? ""
        if let info = el_line(editLine)?.pointee, let buffer = info.buffer, let cursor = info.cursor, cursor >= buffer {
            before += String(
                decoding: UnsafeRawBufferPointer(start: buffer, count: cursor - buffer), as: UTF8.self)
        }
        let rows = DisplayWidth.of(before) / max(Terminal.width(), 1)
        Terminal.write("\r" + (rows > 0 ? "\u{1B}[\(rows)A" : "") + "\u{1B}[J", to: STDOUT_FILENO)
    }

    /// libedit's character reader: waits for a byte on standard input or for a signal on the wake pipe,
    /// and decodes UTF-8 (or the locale's encoding) into one wide character. Returns 1 for a character,
    /// 0 at the end of input, -1 when SIGTERM or SIGHUP asks scout to stop.
    static func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        var state = mbstate_t()
        while true {
            let ready = Signals.waitForStandardInput {
                if Signals.take(SIGWINCH), let editLine = current {
                    // The window changed size: libedit learns the new width and draws the line again.
                    returnToPromptStart(editLine)
                    el_resize(editLine)
                    scout_el_refresh(editLine)
                }
            }
            guard ready else { return -1 }
            var byte: CChar = 0
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 0 { return 0 }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return -1
            }
            var wide: wchar_t = 0
            switch mbrtowc(&wide, &byte, 1, &state) {
            case -2: continue // more bytes of this character to come
            case -1: // not a character
                state = mbstate_t()
                character.pointee = 0xFFFD // an invalid byte reads as U+FFFD, never as a control
                return 1
            default:
                character.pointee = wide
                return 1
            }
        }
    }

    private static func complete(_ el: OpaquePointer?) -> UInt8 {
        guard let el, let info = el_line(el), let buffer = info.pointee.buffer, let cursor = info.pointee.cursor else {
            return UInt8(CC_ERROR)
        }
        let text = String(decoding: UnsafeRawBufferPointer(start: buffer, count: cursor - buffer), as: UTF8.self)
        let result = completer(text)
        if result.candidates.isEmpty { return UInt8(CC_REFRESH_BEEP) }
        let insert = result.insertion
        if !insert.isEmpty {
            el_insertstr(el, insert)
            return UInt8(CC_REFRESH)
        }
        // Nothing more to insert: list the candidates in columns under the line.
        Terminal.write("\n" + Completion.columns(result.labels, width: Terminal.width()), to: STDOUT_FILENO)
        return UInt8(CC_REDISPLAY)
    }
}
