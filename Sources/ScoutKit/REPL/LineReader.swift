/// Where the REPL's lines come from: libedit on a terminal and plain reading from a pipe (both in the
/// executable), or a script of lines for tests.
public protocol LineReader {
    /// The next line without its newline; nil at the end of input (or when a signal asks scout to stop).
    mutating func readLine(prompt: String) -> InputLine?
    /// Starts the next line with `line`, to edit or run (a line editor does; others ignore it).
    mutating func prefill(_ line: String)
}

extension LineReader {
    public mutating func prefill(_ line: String) {}
}
