import FoundationEssentials

/// The last answer of a member's feed, in the cache (`letterboxd/MEMBER.xml`, with its `ETag` and
/// `Last-Modified` beside it): what a conditional GET asks with, and what "not modified" reads.
struct FeedCache {
    let folder: URL
    let store: FileStore
    let member: String

    init(folder cache: URL, store: FileStore, member: String) {
        folder = cache.appendingPathComponent("letterboxd", isDirectory: true)
        (self.store, self.member) = (store, member)
    }

    struct Kept: Codable {
        var etag: String?
        var lastModified: String?
        /// Read from its own file, not kept in this one.
        var body: Data?
    }

    private var bodyURL: URL { folder.appendingPathComponent("\(member).xml") }
    private var metaURL: URL { folder.appendingPathComponent("\(member).json") }

    func load() -> Kept? {
        guard let meta = try? store.read(metaURL), var kept = try? JSONDecoder().decode(Kept.self, from: meta) else {
            return nil
        }
        kept.body = store.size(of: bodyURL) <= LetterboxdFeed.maxBytes ? try? store.read(bodyURL) : nil
        return kept
    }

    /// Keeps the answer; a cache that cannot be written costs only the next conditional GET.
    func save(body: Data, etag: String?, lastModified: String?) {
        let kept = Kept(
            etag: etag.map { String($0.prefix(200)) }, lastModified: lastModified.map { String($0.prefix(100)) })
        guard let meta = try? JSONEncoder().encode(kept) else { return }
        try? store.makeDirectory(folder)
        try? store.write(body, to: bodyURL, durably: false)
        try? store.write(meta, to: metaURL, durably: false)
    }
}
