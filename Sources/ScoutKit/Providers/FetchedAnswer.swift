import FoundationEssentials

/// An HTTP answer as a source reads it, with where it came from.
public struct FetchedAnswer: Sendable {
    public var status: Int
    public var body: Data
    public var retryAfter: String?
    /// Said to the user beside the results: "from the cache, 2 hours old (offline)".
    public var note: String?
}
