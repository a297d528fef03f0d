/// One page of results as a source returns it.
public struct ResultPage: Sendable {
    public var items: [Item]
    /// How many results the source has in all, when it says; nil when it does not know.
    public var total: Int?
    /// Whether a further page may hold more.
    public var hasMore: Bool
    /// Where the answer came from when that matters ("from the cache, 2 h old (offline)").
    public var note: String?

    public init(items: [Item], total: Int?, hasMore: Bool = false, note: String? = nil) {
        self.items = items
        self.total = total
        self.hasMore = hasMore
        self.note = note
    }
}
