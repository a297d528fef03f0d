/// Where the REPL's lines come from: libedit on a terminal and plain reading from a pipe (both in the
/// executable), or a script of lines for tests.
public protocol LineReader {
    /// The next line without its newline; nil at the end of input (or when a signal asks scout to stop).
    mutating func readLine(prompt: String) -> InputLine?
}

/// One line read: text, or bytes that are not UTF-8 (which scout reports rather than guesses at).
public enum InputLine: Equatable, Sendable {
    case text(String)
    case notUTF8
}

/// Lines given in advance, read one by one; the prompts it was shown are kept, for a test to read.
public struct ScriptedReader: LineReader {
    private var lines: [InputLine]
    public private(set) var prompts: [String] = []

    public init(_ lines: [String]) {
        self.lines = lines.map(InputLine.text)
    }

    public init(inputs: [InputLine]) {
        lines = inputs
    }

    public mutating func readLine(prompt: String) -> InputLine? {
        prompts.append(prompt)
        return lines.isEmpty ? nil : lines.removeFirst()
    }
}
