import Foundation

/// A scenario: a small file holding what a user types and exactly what they see (Tests/Scenarios/README.md).
public struct Scenario: Sendable {
    /// One thing the user does and what it shows.
    public struct Step: Sendable {
        public enum Kind: Sendable, Equatable {
            /// `$ COMMAND`: a shell command in the sandbox (pipes), or `$ scout …` starting the terminal.
            case shell(String)
            /// `> TEXT`: text typed at the terminal, then Enter.
            case line(String)
            /// `>> KEYS`: keys as tmux names them (`Tab`, `C-c`, `Up`), nothing else.
            case keys(String)
            /// `& COMMAND`: a command run beside the terminal, not typed in it (`kill -TERM …`); `$PANE_PID`
            /// is the terminal's shell.
            case beside(String)
            /// `~ TEXT`: waits (up to 70 s) until the terminal shows TEXT, for output that takes its time.
            case wait(String)
        }
        public var kind: Kind
        /// Comment lines written just before the step, kept when the file is recorded again.
        public var comments: [String]
        /// What the step shows: stdout lines, then stderr lines behind `! `, then `[N]` for a non-zero status;
        /// on a terminal, the whole screen.
        public var expected: [String]
    }

    public var header: [String] = []
    public var environment: [(String, String)] = []
    public var terminal: (width: Int, height: Int)?
    /// `latency SECONDS`: the fixture server answers each request that much later.
    public var latency: Double?
    /// `realdata`: the scenario reads answers recorded in ../shared/realdata, so `SCOUT_SKIP_REALDATA=1`
    /// skips it (without the folder, every scenario fails: the fixture server will not start).
    public var readsRealData = false
    public var steps: [Step] = []

    public init(text: String) throws {
        var pending: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if raw.hasPrefix("$ ") || raw.hasPrefix("> ") || raw.hasPrefix(">> ") || raw.hasPrefix("& ")
                || raw.hasPrefix("~ ")
            {
                let kind: Step.Kind =
                    raw.hasPrefix("$ ")
                    ? .shell(String(raw.dropFirst(2)))
                    : raw.hasPrefix("~ ")
                        ? .wait(String(raw.dropFirst(2)))
                        : raw.hasPrefix("& ")
                            ? .beside(String(raw.dropFirst(2)))
                            : raw.hasPrefix(">> ") ? .keys(String(raw.dropFirst(3))) : .line(String(raw.dropFirst(2)))
                if !steps.isEmpty { steps[steps.count - 1].expected = Self.trimmed(steps[steps.count - 1].expected) }
                steps.append(Step(kind: kind, comments: pending, expected: []))
                pending = []
            } else if raw.hasPrefix("#") {
                if steps.isEmpty { header.append(raw) } else { pending.append(raw) }
            } else if steps.isEmpty {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.isEmpty { continue }
                if line.hasPrefix("env "), let eq = line.firstIndex(of: "=") {
                    let name = line[line.index(line.startIndex, offsetBy: 4)..<eq].trimmingCharacters(in: .whitespaces)
                    environment.append((name, String(line[line.index(after: eq)...])))
                } else if line.hasPrefix("terminal "), let size = Self.size(String(line.dropFirst(9))) {
                    terminal = size
                } else if line == "realdata" {
                    readsRealData = true
                } else if line.hasPrefix("latency "),
                    let seconds = Double(line.dropFirst(8).trimmingCharacters(in: .whitespaces))
                {
                    latency = seconds
                } else {
                    throw TmuxError(message: "scenario: cannot read the line \"\(raw)\" before the first step")
                }
                header.append(raw)
            } else if terminal != nil {
                // A screen's lines stand behind "| ", so that a "$ " on the screen is not read as a step.
                guard raw.hasPrefix("|") || raw.isEmpty else {
                    throw TmuxError(message: "scenario: a screen line must start with \"| \": \(raw)")
                }
                if raw.hasPrefix("|") {
                    steps[steps.count - 1].expected.append(String(raw.dropFirst(raw.hasPrefix("| ") ? 2 : 1)))
                }
            } else {
                steps[steps.count - 1].expected.append(raw)
            }
        }
        if !steps.isEmpty { steps[steps.count - 1].expected = Self.trimmed(steps[steps.count - 1].expected) }
    }

    static func size(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "x").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// Lines without the blank lines at their end.
    public static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The file again, with `actual` in place of each step's expected lines.
    public func recorded(_ actual: [[String]]) -> String {
        var out = header
        if !out.isEmpty, !steps.isEmpty { out.append("") }
        for (step, lines) in zip(steps, actual) {
            out += step.comments
            switch step.kind {
            case .shell(let command): out.append("$ " + command)
            case .line(let text): out.append("> " + text)
            case .keys(let keys): out.append(">> " + keys)
            case .beside(let command): out.append("& " + command)
            case .wait(let text): out.append("~ " + text)
            }
            out += terminal == nil ? lines : lines.map { $0.isEmpty ? "|" : "| " + $0 }
            out.append("")
        }
        return out.joined(separator: "\n")
    }
}
