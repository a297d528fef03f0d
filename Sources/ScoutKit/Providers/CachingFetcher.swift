import FoundationEssentials
import Glibc

/// Fetches through the response cache: a fresh entry answers without a request; offline, any entry
/// answers (with its age); when the network fails, a stale entry is offered instead of only an error.
/// An entry is fresh for `cache-ttl`, or for less when the server's `Cache-Control` says `max-age`;
/// `no-store` is not kept, `no-cache` is kept for offline use but never fresh. The folder is held under
/// `sizeCap` bytes, the entries used least recently going first. iTunes requests are paced to stay under
/// about 20 a minute.
public struct CachingFetcher: Sendable {
    let fetcher: HTTPFetcher
    let folder: URL
    let store: FileStore
    let ttl: TimeInterval
    let offline: Bool
    let now: @Sendable () -> Date
    /// Keeps a service's requests under its limit (iTunes'); nil for a service without one.
    let pacer: Pacer?
    /// Told when a cache entry was damaged and kept aside.
    let warn: @Sendable (String) -> Void
    /// Told at once of a long wait the user should know about (iTunes' pacing), on a terminal.
    var notice: (@Sendable (String) -> Void)?
    /// Whether every answer comes from the network, never from an entry (`check`): answers are still kept.
    var networkOnly = false

    public init(
        folder: URL, store: FileStore, ttl: TimeInterval, offline: Bool, now: @escaping @Sendable () -> Date,
        fetcher: HTTPFetcher = HTTPFetcher(), pacer: Pacer?, warn: @escaping @Sendable (String) -> Void
    ) {
        (self.folder, self.store, self.ttl, self.offline) = (folder, store, ttl, offline)
        (self.now, self.fetcher, self.pacer, self.warn) = (now, fetcher, pacer, warn)
    }

    /// The cache folder's size cap: 64 MB.
    public static let sizeCap = 64 << 20

    /// The answer at `url`, kept under `cacheKey` (the URL without its key, for a service whose key is in it);
    /// `headers` go with the request and are no part of what is kept (a bearer token). Answers of the statuses
    /// in `kept` are kept: 200, and for a service whose "nothing there" is an answer too (TMDb's 404), that.
    public func get(
        _ url: URL, service: String, cacheKey: String? = nil, headers: [String] = [], kept: Set<Int> = [200]
    ) async throws(SourceError) -> FetchedAnswer {
        let key = cacheKey ?? url.absoluteString
        let file = Self.file(for: key, in: folder)
        let cached = networkOnly ? nil : read(file, key: key)
        if let cached {
            let age = now().timeIntervalSince(cached.storedAt)
            if offline { return answer(cached, note: "offline: from the cache, \(Self.age(age)) old") }
            if age < min(ttl, cached.maxAge.map(TimeInterval.init) ?? ttl) {
                CacheStats.record(hit: true, in: folder, store: store)
                return answer(cached, note: nil)
            }
        } else if offline {
            throw .notConfigured(
                "offline, and this \(service) answer is not in the cache: leave --offline out, or set offline off")
        }
        CacheStats.record(hit: false, in: folder, store: store)
        do {
            if let pacer {
                let (rate, notice) = (pacer.rate, notice)
                await pacer.wait { delay in
                    // A wait under a second is not worth a line.
                    guard delay >= .seconds(1) else { return }
                    notice?(
                        "\(service) takes at most \(rate): waiting \(Self.seconds(delay)) s for the "
                            + "next (Ctrl-C cancels)"
                    )
                }
            }
            let response = try await fetcher.get(url, headers: headers)
            if response.status >= 500, let cached {
                let age = now().timeIntervalSince(cached.storedAt)
                return answer(
                    cached,
                    note:
                        "stale: from the cache, \(Self.age(age)) old, because \(service) answered HTTP "
                        + "\(response.status)"
                )
            }
            let control = Self.cacheControl(response.cacheControl)
            if kept.contains(response.status), !control.noStore {
                // Derived data: written whole (a reader never sees half an entry) but not fsynced.
                let entry = CacheEntry(
                    url: key, storedAt: now(), status: response.status, maxAge: control.maxAge, body: response.body)
                if (try? store.write(entry.encoded, to: file, durably: false)) != nil {
                    Self.holdUnderCap(folder, store: store, keeping: file)
                }
            }
            return FetchedAnswer(
                status: response.status, body: response.body, retryAfter: response.retryAfter, note: nil)
        } catch .cancelled {
            throw .cancelled
        } catch {
            guard let cached else { throw networkOnly ? error.withoutOfflineAdvice : error }
            let age = now().timeIntervalSince(cached.storedAt)
            return answer(cached, note: "stale: from the cache, \(Self.age(age)) old, because \(error)")
        }
    }

    /// The body kept under `key`, whatever its age, without a request: what Tab reads.
    public func cached(_ key: String) -> Data? {
        read(Self.file(for: key, in: folder), key: key)?.body
    }

    /// The file that holds the answer to `key`.
    public static func file(for key: String, in folder: URL) -> URL {
        folder.appendingPathComponent(hash(key) + ".answer")
    }

    private func read(_ file: URL, key: String) -> CacheEntry? {
        // An entry cut short or damaged, or one for another URL with the same hash, is a miss: the next
        // answer takes the file over.
        guard let data = try? store.read(file), let entry = CacheEntry(data), entry.url == key else { return nil }
        return entry
    }

    /// What `Cache-Control` asks of a cache: `max-age=N` (0 for `no-cache`), and `no-store`.
    static func cacheControl(_ header: String?) -> (maxAge: Int?, noStore: Bool) {
        var maxAge: Int?, noStore = false
        for directive in (header ?? "").lowercased().split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmedSpaces() }
            switch parts.first {
            case "no-store": noStore = true
            case "no-cache": maxAge = 0
            case "max-age":
                if maxAge == nil, parts.count == 2,
                    let seconds = Int(parts[1].trimming("\"")), seconds >= 0
                {
                    maxAge = seconds
                }
            default: break
            }
        }
        return (maxAge, noStore)
    }

    /// The cached answers in `folder` (this format's and the earlier `.json` ones).
    static func entryNames(in folder: URL, store: FileStore) -> [String] {
        (store.contents(of: folder) ?? []).filter {
            !$0.hasPrefix(".") && ($0.hasSuffix(".answer") || ($0.hasSuffix(".json") && $0.count == 21))
        }
    }

    /// Removes the entries read or written longest ago until the folder's answers take under 3/4 of the
    /// cap, when they take more than it (checked when an answer is written, never on a hit).
    static func holdUnderCap(_ folder: URL, store: FileStore, keeping kept: URL, cap: Int = sizeCap) {
        var entries: [(url: URL, size: Int, used: Int)] = []
        var total = 0
        for name in entryNames(in: folder, store: store) {
            let url = folder.appendingPathComponent(name)
            var info = stat()
            guard stat(url.path, &info) == 0 else { continue }
            entries.append((url, Int(info.st_size), max(Int(info.st_atim.tv_sec), Int(info.st_mtim.tv_sec))))
            total += Int(info.st_size)
        }
        guard total > cap else { return }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > cap / 4 * 3 && entry.url != kept {
            if store.remove(entry.url) { total -= entry.size }
        }
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
