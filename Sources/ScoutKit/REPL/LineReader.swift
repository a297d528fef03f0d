/// Where the REPL's lines come from: libedit on a terminal and plain reading from a pipe (both in the
/// executable), or a script of lines for tests.
public protocol LineReader {
    /// The next line without its newline; nil at the end of input (or when a signal asks scout to stop).
    mutating func readLine(prompt: String) -> InputLine?
}

