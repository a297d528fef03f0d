import Foundation
@testable import ScoutKit
import Testing

/// The cache folder is held under its cap: past it, the answers used longest ago go first, down to 3/4
/// of the cap; the answer just written, the indexes and the look-up counts stay.
@Suite struct CacheCapTests {
    @Test func theAnswersUsedLongestAgoGoFirst() throws {
        let folder = try TempFolder()
        let store = FileStore()
        // Ten answers of 1,000 bytes (one an earlier .json entry), used at 100, 200, … seconds.
        var urls: [URL] = []
        for n in 0..<10 {
            let url =
                n == 4
                ? folder.file("0123456789abcdef.json") : CachingFetcher.file(for: "https://x.test/\(n)", in: folder.url)
            try Data(repeating: 0x61, count: 1_000).write(to: url)
            var times = [timespec(tv_sec: 100 * (n + 1), tv_nsec: 0), timespec(tv_sec: 100 * (n + 1), tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
            urls.append(url)
        }
        for name in ["history.index", "denylist.index", "lookups"] {
            try Data(repeating: 0x62, count: 5_000).write(to: folder.file(name))
        }
        // Under the cap: nothing goes.
        CachingFetcher.holdUnderCap(folder.url, store: store, keeping: urls[0], cap: 10_000)
        #expect(CachingFetcher.entryNames(in: folder.url, store: store).count == 10)
        // Past it (9,000 allowed): down to 6,750, the oldest first, but never the one just written (the oldest here).
        CachingFetcher.holdUnderCap(folder.url, store: store, keeping: urls[0], cap: 9_000)
        let kept = Set(CachingFetcher.entryNames(in: folder.url, store: store))
        #expect(
            kept == Set([urls[0], urls[5], urls[6], urls[7], urls[8], urls[9]].map(\.lastPathComponent)),
            "\(kept.sorted())")
        #expect(
            folder.names.filter { !$0.hasSuffix(".answer") && !$0.hasSuffix(".json") } == [
                "denylist.index", "history.index", "lookups",
            ])
    }
}
