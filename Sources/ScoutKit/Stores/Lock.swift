import Synchronization

/// A lock around state a class keeps in its own stored properties (Foundation's `NSLock`, which scout does
/// not link). Where the state fits in one value, `Mutex` holds it directly.
public final class Lock: Sendable {
    private let mutex = Mutex(())

    public init() {}

    public func withLock<Result: Sendable>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try body() }
    }
}
