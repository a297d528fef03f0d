/// A mistake in what the user typed, as one line that says what to do.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) {
        self.description = description
    }
}
