import Foundation

/// Fetches through the response cache: a fresh entry answers without a request; offline, any entry
/// answers (with its age); when the network fails, a stale entry is offered instead of only an error.
/// iTunes requests are paced to stay under about 20 a minute.
public struct CachingFetcher: Sendable {
    let fetcher: HTTPFetcher
    let folder: URL
    let store: FileStore
    let ttl: TimeInterval
    let offline: Bool
    let now: @Sendable () -> Date
    let pacer: Pacer
    /// Told when a cache entry was damaged and kept aside.
    let warn: @Sendable (String) -> Void
    /// Told at once of a long wait the user should know about (iTunes' pacing), on a terminal.
    var notice: (@Sendable (String) -> Void)?

    public init(folder: URL, store: FileStore, ttl: TimeInterval, offline: Bool, now: @escaping @Sendable () -> Date,
                fetcher: HTTPFetcher = HTTPFetcher(), pacer: Pacer, warn: @escaping @Sendable (String) -> Void) {
        self.warn = warn
        self.folder = folder
        self.store = store
        self.ttl = ttl
        self.offline = offline
        self.now = now
        self.fetcher = fetcher
        self.pacer = pacer
    }

    public func get(_ url: URL, service: String, cacheKey: String? = nil) async throws(SourceError) -> FetchedAnswer {
        let key = cacheKey ?? url.absoluteString
        let file = folder.appendingPathComponent(Self.hash(key) + ".json")
        let cached = read(file, key: key)
        if let cached {
            let age = now().timeIntervalSince(cached.storedAt)
            if offline { return answer(cached, note: "offline: from the cache, \(Self.age(age)) old") }
            if age < ttl { CacheStats.record(hit: true, in: folder, store: store, warn: warn); return answer(cached, note: nil) }
        } else if offline {
            throw .notConfigured("offline, and this \(service) answer is not in the cache: leave --offline out, or set offline off")
        }
        CacheStats.record(hit: false, in: folder, store: store, warn: warn)
        do {
            if service == "iTunes" {
                let (limit, notice) = (pacer.limit, notice)
                await pacer.wait { delay in
                    notice?("iTunes takes at most \(limit) requests a minute: waiting \(Self.seconds(delay)) s for the next (Ctrl-C cancels)")
                }
            }
            let response = try await fetcher.get(url)
            if response.status >= 500, let cached {
                let age = now().timeIntervalSince(cached.storedAt)
                return answer(cached, note: "stale: from the cache, \(Self.age(age)) old, because \(service) answered HTTP \(response.status)")
            }
            if response.status == 200 {
                let entry = CacheEntry(url: key, storedAt: now(), status: 200, body: response.body)
                if let data = try? JSONEncoder.scoutLine.encode(entry) { try? store.write(data, to: file) }
            }
            return FetchedAnswer(status: response.status, body: response.body, retryAfter: response.retryAfter, note: nil)
        } catch .cancelled {
            throw .cancelled
        } catch {
            guard let cached else { throw error }
            let age = now().timeIntervalSince(cached.storedAt)
            return answer(cached, note: "stale: from the cache, \(Self.age(age)) old, because \(error)")
        }
    }

    private func read(_ file: URL, key: String) -> CacheEntry? {
        guard let entry = StateFile<CacheEntry>(file, label: "a cached answer", store: store, recovery: "asked again").load(warn: warn) else { return nil }
        // Another URL with the same hash: a miss, and the next answer takes the file over.
        return entry.url == key ? entry : nil
    }

    private func answer(_ entry: CacheEntry, note: String?) -> FetchedAnswer {
        FetchedAnswer(status: entry.status, body: entry.body, retryAfter: nil, note: note)
    }

    /// FNV-1a, 64 bits, as hex: a stable file name for a URL (`scout-bench` names the entries it writes with it).
    public static func hash(_ text: String) -> String {
        String(FNV.hash(text), radix: 16).leftPadded(to: 16)
    }

    /// A wait in whole seconds, to the nearest 5 past 10 s: said once, it should not claim precision.
    static func seconds(_ duration: Duration) -> Int {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds < 10 ? max(1, Int(seconds.rounded(.up))) : Int((seconds / 5).rounded()) * 5
    }

    static func age(_ seconds: TimeInterval) -> String {
        let s = Int(max(0, seconds))
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min" }
        if s < 86400 { return "\(s / 3600) h" }
        return "\(s / 86400) d"
    }
}

