/// What a user asked for: the terms and the options of a `search`.
public struct SearchQuery: Codable, Sendable, Hashable {
    public var source: String
    public var terms: String
    /// Source options such as `type`, `year`, `country`, `lang`, by name.
    public var options: [String: String]

    public init(source: String, terms: String, options: [String: String] = [:]) {
        self.source = source
        self.terms = terms
        self.options = options
    }
}
