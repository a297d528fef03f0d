import FoundationEssentials

/// A response as scout keeps it: status, the headers it reads, and a body read in full up to a cap.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var retryAfter: String?
    /// `Cache-Control`, which says how long the answer may be kept.
    public var cacheControl: String?
    public var body: Data
}
