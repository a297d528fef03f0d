/// The print stage: writes each outcome to the injected console, lines to standard output and warnings
/// and errors to standard error (with `scout: `), or one `--json` line each; long output on a terminal
/// through the pager. It remembers the exit status: 1 once a command failed, or what a command asked for.
public struct Printer {
    /// Where output goes: standard output and standard error, whether each is a terminal, and the width.
    public struct Console {
        public enum Stream: Sendable { case output, error }
        public var write: (String, Stream) -> Void
        public var isTerminal: (Stream) -> Bool
        public var width: () -> Int

        public init(
            write: @escaping (String, Stream) -> Void, isTerminal: @escaping (Stream) -> Bool,
            width: @escaping () -> Int
        ) {
            self.write = write
            self.isTerminal = isTerminal
            self.width = width
        }
    }

    let json: Bool
    let console: Console
    /// Whether the stream gets colour, asked at each print (`set color` takes effect at once).
    let colour: (Console.Stream) -> Bool
    /// Shows long output a screen at a time (on a terminal only); false when it printed nothing.
    public var pager: ((String, Int) -> Bool)?
    /// The highest status a command gave: 1 for a failure, else its own (`check`'s 1 or 2); 0 when none.
    public private(set) var status: Int32 = 0

    public init(json: Bool, console: Console, colour: @escaping (Console.Stream) -> Bool) {
        self.json = json
        self.console = console
        self.colour = colour
    }

    /// Prints `output`; with `quietSuccess`, only its warnings and error (for the restored view in scripts).
    public mutating func print(_ output: Output, quietSuccess: Bool = false, paged: Bool = true) {
        let json = self.json || output.asJSON
        status = max(status, output.status ?? (output.ok ? ExitStatus.success : .failure).rawValue)
        let colourErrors = !json && colour(.error)
        // On a terminal a long line breaks at spaces to the window, never inside a word; on a pipe it is whole.
        let errorWidth = console.isTerminal(.error) && !json ? console.width() : nil
        func report(_ text: String, _ style: Style) {
            let lines = errorWidth.map { DisplayWidth.wrap(text, to: $0, indent: 2) } ?? [text]
            console.write(lines.map { style.paint($0, colour: colourErrors) }.joined(separator: "\n") + "\n", .error)
        }
        for warning in output.warnings where !json || quietSuccess { report("scout: \(warning)", .warning) }
        if quietSuccess {
            if let error = output.error { report("scout: \(error)", .error) }
            return
        }
        if json {
            console.write(output.jsonLine() + "\n", .output)
            return
        }
        // Home, then erase the screen (what Ctrl-L does at the prompt, and clear(1) with TERM=xterm), only on a
        // terminal: a pipe or a file gets no escape.
        if output.clearsScreen, console.isTerminal(.output) { console.write("\u{1B}[H\u{1B}[2J", .output) }
        let colourLines = colour(.output)
        let width = console.isTerminal(.output) ? console.width() : nil
        func rendered(_ styled: [StyledLine]) -> (text: String, count: Int) {
            let lines = width.map { width in styled.flatMap { $0.wrapped(to: width) } } ?? styled
            return (lines.map { $0.rendered(colour: colourLines) }.joined(separator: "\n") + "\n", lines.count)
        }
        if paged, output.pageable, let pager {
            // The pager is given the whole text, and shows it only when it is longer than the screen.
            let styled = output.styledLines // views render here, once
            if !styled.isEmpty {
                let (text, count) = rendered(styled)
                if !pager(text, count) { console.write(text, .output) }
            }
        } else {
            // Elsewhere each part is written as it is made (a stream's), views rendered here, once.
            output.forEachPart { console.write(rendered($0).text, .output) }
        }
        if let error = output.error { report("scout: \(error)", .error) }
    }
}
