import FoundationEssentials

/// What scout read of a member's feed last time, on this device (`$XDG_STATE_HOME/scout/letterboxd/MEMBER.json`):
/// each entry's stars and review, to tell an entry edited on Letterboxd from one edited here since, and which
/// entry was the newest logged, to tell when entries may have passed through the feed's window unread.
struct FeedMemory: Codable, Equatable {
    struct Seen: Codable, Equatable {
        var title: String
        var year: Int?
        var day: String?
        var stars: Double?
        var review: String?
    }

    /// By guid.
    var entries: [String: Seen] = [:]
    /// The guid of the entry logged last, as the last read found it.
    var newest: String?

    init(entries: [String: Seen] = [:], newest: String? = nil) {
        (self.entries, self.newest) = (entries, newest)
    }

    /// What `feed` holds, to remember.
    init(of feed: LetterboxdFeed) {
        for entry in feed.entries {
            entries[entry.guid] = Seen(
                title: entry.title, year: entry.year, day: entry.day, stars: entry.stars, review: entry.review)
        }
        newest = feed.entries.max { ($0.published ?? .distantPast) < ($1.published ?? .distantPast) }?.guid
    }

    /// What this memory saw of `entry` last time: by its guid, or, for a watch that has gained a review since (its
    /// guid becomes a review's), by its film and day among the entries no longer in the feed.
    func seen(_ entry: LetterboxdFeed.Entry, in feed: LetterboxdFeed) -> Seen? {
        if let seen = entries[entry.guid] { return seen }
        guard entry.day != nil else { return nil }
        let current = Set(feed.entries.map(\.guid))
        return entries.first { guid, seen in
            !current.contains(guid) && seen.title == entry.title && seen.year == entry.year && seen.day == entry.day
        }?.value
    }

    static func url(in paths: Paths, member: String) -> URL {
        paths.state.appendingPathComponent("letterboxd", isDirectory: true).appendingPathComponent("\(member).json")
    }

    static func load(_ url: URL, store: FileStore) -> FeedMemory? {
        guard let data = try? store.read(url) else { return nil }
        return try? JSONDecoder().decode(FeedMemory.self, from: data)
    }

    /// Written whole; a memory that cannot be written costs the next read its edits and its window, not an entry.
    func save(_ url: URL, store: FileStore) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? store.makeDirectory(url.deletingLastPathComponent())
        try? store.write(data, to: url)
    }
}
