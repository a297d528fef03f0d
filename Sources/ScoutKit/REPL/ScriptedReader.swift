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
