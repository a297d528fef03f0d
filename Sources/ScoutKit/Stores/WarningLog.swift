import Synchronization

/// Warnings raised where no output is at hand (a damaged file found while reading it, perhaps inside one
/// of `load all`'s concurrent requests), shown with the next command's output.
public final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public func add(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// The warnings so far, oldest first; the log is empty afterwards.
    public func drain() -> [String] {
        lines.withLock { lines in
            defer { lines = [] }
            return lines
        }
    }
}
