import Foundation
@testable import ScoutKit
import Testing

/// The index of `history.jsonl` in the cache folder: whatever state it is found in (none, behind the
/// file, built for another version of it, damaged), `history` and `history search` read through it what
/// a scan of the whole file reads.
@Suite struct HistoryIndexTests {
    static let terms = [
        "Alien", "STAR wars", "amélie", "Amelie poulain", "東京 story", "say \"hi\"", "back\\slash", "tab\there",
        "kubrick", "Kubrick's films", "star   trek", "café", "CAFE", "ｆｕｌｌ width",
    ]
    static let needles = [
        "alien", "ALIEN", "star", "wars", "amelie", "Amélie", "cafe", "café", "東京", "hi", "\"hi\"", "slash", "\\",
        "kubrick", "kubrick's", "omdb", "movies", "star trek", "r w", "", "zzz", "type", "movie", "full", "s a",
        "e\ns", "ies a",
    ]

    struct Stores {
        let folder: TempFolder
        let indexed: HistoryStore
        let scanned: HistoryStore
        init() throws {
            folder = try TempFolder()
            indexed = HistoryStore(
                url: folder.file("history.jsonl"), indexFolder: folder.file("cache"), store: FileStore(), warn: { _ in }
            )
            scanned = HistoryStore(url: folder.file("history.jsonl"), store: FileStore(), warn: { _ in })
        }

        func record(_ terms: [String], from first: Int) throws {
            for (offset, term) in terms.enumerated() {
                let n = first + offset
                let filters = n % 3 == 0 ? ["type": "movie"] : [:]
                try indexed.recordSearch(
                    id: "s\(n)",
                    query: SearchQuery(source: n % 2 == 0 ? "movies" : "omdb", terms: term, options: filters),
                    count: n, at: DamageTests.date)
                if n % 4 == 0 {
                    try indexed.recordDone(search: "s\(n)", chosen: [DamageTests.items[n % 3]], at: DamageTests.date)
                }
            }
        }

        /// Whether the index and a scan agree on every needle and every entry.
        func expectAgreement(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let (fast, slow) = (try indexed.log(), try scanned.log())
            #expect(
                fast.isIndexed && !slow.isIndexed, "\(label): read through the index", sourceLocation: sourceLocation)
            #expect(fast.count == slow.count, "\(label): count", sourceLocation: sourceLocation)
            #expect(try indexed.entries() == scanned.entries(), "\(label): entries", sourceLocation: sourceLocation)
            for needle in HistoryIndexTests.needles {
                #expect(
                    fast.matching(needle) == slow.matching(needle), "\(label): \(needle)",
                    sourceLocation: sourceLocation)
            }
        }

        /// The folded text the index holds, a line a search.
        var indexedText: [String] {
            get throws {
                String(decoding: try Data(contentsOf: folder.file("cache/history-text.index")), as: UTF8.self)
                    .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            }
        }
    }

    @Test func theIndexFindsWhatTheScanFinds() throws {
        let stores = try Stores()
        try stores.record(Self.terms, from: 0)
        // A record another program wrote, keys in another order: decoded, not read from its bytes.
        let handWritten =
            #"{"time":"2026-11-22T19:14:00Z","terms":"Ripley","source":"movies","kind":"search","id":"hand","count":3}"#
        try FileStore().append(Data((handWritten + "\n").utf8), to: stores.folder.file("history.jsonl"))
        try stores.expectAgreement("built")
        #expect(try stores.indexed.log().matching("ripley") == [15])
        #expect(
            try stores.indexedText == [
                "movies alien", "omdb star wars", "movies amelie", "omdb amelie poulain", "movies 東京 story",
                "omdb say \"hi\"",
                "movies back\\slash", "omdb tab here", "movies kubrick", "omdb kubrick's films", "movies star trek",
                "omdb cafe",
                "movies cafe", "omdb full width", "movies ripley",
            ])
        // Appended since: indexed when next read, the rest left as it was; a done for an old search is found.
        try stores.record(["Ripley's return", "Alien³"], from: 20)
        try stores.indexed.recordDone(search: "s1", chosen: [DamageTests.items[2]], at: DamageTests.date)
        try stores.expectAgreement("extended")
        let tail = try stores.indexedText.suffix(3)
        #expect(tail == ["movies ripley", "movies ripley's return", "omdb alien³"], "\(tail)")
        #expect(try stores.indexed.entries()[1].chosen.map(\.title) == [DamageTests.items[2].title])
        #expect(try stores.indexed.log().matching("ripley") == [15, 16])
    }

    @Test func aRewrittenHistoryIsIndexedAgain() throws {
        let stores = try Stores()
        try stores.record(Self.terms, from: 0)
        try stores.expectAgreement("built")
        // history rm writes a new file: the index is built again, without the search removed.
        try stores.indexed.remove(ids: ["s0", "s2"])
        try stores.expectAgreement("after rm")
        #expect(try stores.indexedText.prefix(2) == ["omdb star wars", "omdb amelie poulain"])
        #expect(try stores.indexed.log().matching("alien") == [])
        try stores.indexed.clear()
        try stores.expectAgreement("after clear")
        #expect(try stores.indexed.log().count == 0)
    }

    @Test func aDamagedOrStaleIndexIsBuiltAgain() throws {
        let stores = try Stores()
        try stores.record(Self.terms, from: 0)
        try stores.expectAgreement("built")
        let index = stores.folder.file("cache/history.index")
        // Garbage over the header; then a text file cut short; then the history edited in place (same inode).
        var bytes = try Data(contentsOf: index)
        bytes.replaceSubrange(0..<48, with: Data(repeating: 0xFF, count: 48))
        try bytes.write(to: index)
        try stores.expectAgreement("garbage header")
        try Data("movies al".utf8).write(to: stores.folder.file("cache/history-text.index"))
        try stores.expectAgreement("text cut short")
        let history = stores.folder.file("history.jsonl")
        let original = try Data(contentsOf: history)
        let handle = try FileHandle(forWritingTo: history)
        try handle.write(
            contentsOf: Data(
                String(decoding: original, as: UTF8.self).replacingOccurrences(of: "Alien", with: "Ahead").utf8))
        try handle.close()
        try stores.expectAgreement("edited in place")
        #expect(try stores.indexed.log().matching("ahead") == [1])
    }

    /// The picker's history lines, read from the records' bytes where they can be, are the lines
    /// `Tokenizer.searchLine` makes from the decoded records: quoting, options and Unicode spaces included.
    @Test func theHistoryLinesAreTheLinesThatRunTheSearchesAgain() throws {
        let stores = try Stores()
        let terms =
            Self.terms + [
                "no\u{00A0}break", "ideo\u{3000}space", "#hash", "two  spaces", " lead", "it's", "semi;colon", "",
                "東京 café",
            ]
        try stores.record(terms, from: 0)
        try stores.record(["Alien"], from: 100) // a repeat: counted, the newest kept
        try stores.record(["Alien"], from: 100)
        let log = try stores.indexed.log()
        #expect(log.isIndexed)
        let lines = log.searchLines()
        var expected: [String: (Int, Int)] = [:]
        for (n, entry) in try stores.scanned.entries().enumerated() {
            let line = Tokenizer.searchLine(
                SearchQuery(source: entry.source, terms: entry.terms, options: entry.filters))
            expected[line] = (n + 1, (expected[line]?.1 ?? 0) + 1)
        }
        #expect(
            Dictionary(uniqueKeysWithValues: lines.map { ($0.line, ($0.newest, $0.runs)) }).mapValues { "\($0)" }
                == expected.mapValues { "\($0)" })
        #expect(lines.contains { $0.line == "search 'no\u{00A0}break' --in movies" })
        #expect(
            lines.first { $0.line == "search Alien --in movies" }.map { ($0.newest, $0.runs) }.map { "\($0)" }
                == "(\(terms.count + 2), 2)")
    }

    /// The picker's lines kept in the cache folder, folded and newest first: made once, read back as
    /// they are while the history is unchanged, extended by what was appended (a new search, a repeat),
    /// made anew when the history was rewritten or the file damaged; always what reading every record gives.
    @Test func thePickersLinesAreKeptAndExtended() throws {
        let stores = try Stores()
        let file = stores.folder.file("cache/history-lines.index")
        func lines() throws -> String {
            let corpus = try HistoryLines.corpus(history: stores.indexed, store: FileStore())
            let scanned = try HistoryLines.corpus(history: stores.scanned, store: FileStore())
            #expect(corpus.candidates == scanned.candidates)
            #expect(
                corpus.folded == scanned.folded && corpus.foldedStarts == scanned.foldedStarts
                    && corpus.hashes == scanned.hashes)
            return (0..<corpus.count).map { "\(corpus.recencies[$0]) \(corpus.frequencies[$0]) \(corpus.line($0))" }
                .joined(separator: "\n")
        }
        try stores.record(["alien", "heat"], from: 1)
        #expect(try lines() == "2 1 search heat --in movies\n1 1 search alien --in omdb")
        // The file: "SCLINE03", the history's stamp and searches, the counts, the fields; the lines last.
        let bytes = try Data(contentsOf: file)
        #expect(bytes.prefix(8) == Data("SCLINE03".utf8))
        #expect(bytes.suffix(45) == Data("search heat --in moviessearch alien --in omdb".utf8))
        try stores.record(["heat", "zodiac"], from: 2) // a repeat and a new one, appended
        #expect(
            try lines()
                == "4 1 search zodiac --in omdb --type movie\n3 2 search heat --in movies\n1 1 search alien --in omdb")

        // While the history is unchanged the file is what is read: a kept line shows, the history unread.
        var planted = try Data(contentsOf: file)
        let at = try #require(planted.range(of: Data("zodiac".utf8)))
        planted.replaceSubrange(at, with: Data("zombie".utf8))
        try planted.write(to: file)
        #expect(
            try HistoryLines.corpus(history: stores.indexed, store: FileStore()).line(0)
                == "search zombie --in omdb --type movie")

        for damaged in [Data("scout-lines 1 garbage\n".utf8), planted.prefix(planted.count - 1), Data()] {
            try damaged.write(to: file)
            #expect(
                try lines()
                    == "4 1 search zodiac --in omdb --type movie\n3 2 search heat --in movies\n1 1 search alien "
                    + "--in omdb"
            )
        }
        try stores.indexed.remove(ids: ["s1"])
        #expect(try lines() == "3 1 search zodiac --in omdb --type movie\n2 2 search heat --in movies")
    }

    /// Ctrl-R's list: the lines typed at the prompt first, newest first and each once; a typed line that
    /// is also a past search shows once, where it was typed, with the runs of the search; then the other
    /// searches, newest first.
    @Test func theHistoryPickerPutsTypedLinesBeforePastSearches() throws {
        let stores = try Stores()
        try stores.record(["alien", "heat", "zodiac", "heat"], from: 1)
        let typed = stores.folder.file("line-history")
        try Data("search heat --in movies\nfav\nhelp\nfav\n".utf8).write(to: typed)
        let corpus = try PickerCandidates.history(history: stores.indexed, lineHistory: typed, store: FileStore())
        #expect(
            corpus.candidates.map { "\($0.text) (\($0.frequency))" } == [
                "fav (1)", "help (1)", "search heat --in movies (2)", "search zodiac --in omdb --type movie (1)",
                "search alien --in omdb (1)",
            ])
        #expect(
            PickerMatcher(corpus).rank(PickerQuery("hea")).matches.map { corpus.value($0.index) } == [
                "search heat --in movies"
            ])
        #expect(
            PickerMatcher(corpus).rank(PickerQuery("zod")).matches.map { corpus.value($0.index) } == [
                "search zodiac --in omdb --type movie"
            ])
    }
}
