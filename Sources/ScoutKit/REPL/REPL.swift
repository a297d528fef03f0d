/// The read-eval-print loop, its stages named as lua.c and Python's `cmd.py` name them: read a line
/// (from any `LineReader`), evaluate it (the shell parses and runs its commands), print each outcome,
/// and stop at `quit` or at the end of input. The executable supplies the terminal's part: what happens
/// before each read (the window's size), how a line runs (in a task Ctrl-C can cancel), how an outcome is
/// printed, and whether a signal asks it to stop.
@MainActor
public struct REPL {
    public let shell: Shell
    /// Runs before each read: the executable sets the right prompt and the window's size here.
    public var beforeRead: (Shell) -> Void = { _ in }
    /// Whether to stop before reading again (SIGTERM or SIGHUP).
    public var stopRequested: () -> Bool = { false }
    /// Evaluates one line: by default the shell runs it; the executable runs it in a cancellable task.
    public var evaluate: (Shell, String) async -> [Output] = { shell, line in await shell.run(line: line) }
    /// Draws the artwork an outcome asks for, once it is printed; the executable does it on the terminal.
    public var drawArt: (Shell, ArtRequest) async -> Void = { _, _ in }

    public init(shell: Shell) {
        self.shell = shell
    }

    /// Reads and runs lines until `quit`, the end of input or a stop; each outcome goes to `print`.
    public func run(reader: inout some LineReader, print: (Output) -> Void) async {
        while !stopRequested() {
            beforeRead(shell)
            guard let input = reader.readLine(prompt: shell.prompt) else { return }
            guard case .text(let line) = input else {
                print(.failure("that line is not UTF-8 text and was skipped: check the input's encoding"))
                continue
            }
            for output in await evaluate(shell, line) {
                print(output)
                if let art = output.art { await drawArt(shell, art) }
                if output.quit { return }
                if let line = output.prefill { reader.prefill(line) }
            }
        }
    }
}
