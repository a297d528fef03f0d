import FoundationEssentials

/// A response as scout keeps it: status, the headers it reads, and a body read in full up to a cap.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var retryAfter: String?
    /// `Cache-Control`, which says how long the answer may be kept.
    public var cacheControl: String?
    /// `ETag` and `Last-Modified`, which a conditional GET sends back (`If-None-Match`, `If-Modified-Since`).
    public var etag: String?
    public var lastModified: String?
    public var body: Data
}
