/// A mistake in what the user typed, as one line that says what to do.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
    /// The `--json` code: `usage` for a mistake in the words, `not-found` for a row, search, favourite or
    /// session that is not there.
    public var code: String
    public init(_ description: String, code: String = "usage") {
        self.description = description
        self.code = code
    }

    /// Something named that is not there (row 99, search 12, a session): `not-found` in `--json`.
    public static func notFound(_ description: String) -> UsageError {
        UsageError(description, code: "not-found")
    }
}
