import Foundation
import Testing
@testable import ScoutKit
import ScoutTestSupport

/// history: numbered searches, search among them, !N re-runs, rm, the last N, clear, stats.
@MainActor @Suite("History") struct HistoryScreenTests {
    /// `search nolan` and `search alien`, as a person reads them.
    static let searched = """
        \(Listing.nolan)
        \(Listing.alien)
        """

    @Test("history with no searches says so")
    func historyWhenEmpty() async throws {
        #expect(try await screen(after: ["history"]) == "No searches yet.")
    }

    @Test("history numbers each search with its time, source, terms and how many it found")
    func historyListsSearches() async throws {
        #expect(
            try await screen(after: ["search nolan", "search alien", "history"]) == """
                \(Self.searched)
                1  2026-11-22 19:14  movies      "nolan"  5 results
                2  2026-11-22 19:14  movies      "alien"  2 results
                """)
    }

    @Test("history search lists the past searches that match, with their numbers")
    func historySearch() async throws {
        #expect(
            try await screen(after: ["search nolan", "search alien", "history search ali"]) == """
                \(Self.searched)
                2  2026-11-22 19:14  movies      "alien"  2 results
                """)
    }

    @Test("!N says what it re-runs, then runs search N of history")
    func bangNReruns() async throws {
        #expect(
            try await screen(after: ["search nolan", "search alien", "!1"]) == """
                \(Self.searched)
                Re-running: search nolan --in movies
                \(Listing.nolan)
                """)
    }

    @Test("!x names no search and says what !N and !! do")
    func bangWithoutANumber() async throws {
        #expect(
            try await screen(after: ["!x"]) == "! !x names no search: !N re-runs search N of history, !! the last one")
    }

    @Test("history rm removes one search and names it")
    func historyRemove() async throws {
        #expect(
            try await screen(after: ["search nolan", "search alien", "history rm 1"]) == """
                \(Self.searched)
                Removed search 1 (movies "nolan").
                """)
    }

    @Test("history N shows the last N searches and says how to see more or find one")
    func historyShowsTheLastN() async throws {
        #expect(
            try await screen(after: ["search alien", "search nolan", "history 1"]) == """
                \(Listing.alien)
                \(Listing.nolan)
                2  2026-11-22 19:14  movies      "nolan"  5 results
                (the last 1 of 2: history N shows more, history search TEXT finds one)
                """)
    }

    @Test("history clear removes every search and counts them; history is empty after")
    func historyClear() async throws {
        #expect(
            try await screen(after: ["search nolan", "search alien", "history clear", "history"]) == """
                \(Self.searched)
                History cleared: 2 searches removed.
                No searches yet.
                """)
    }

    @Test("history clear of an empty history says it was already empty")
    func historyClearWhenEmpty() async throws {
        #expect(try await screen(after: ["history clear"]) == "History was already empty.")
    }

    @Test("history stats with no searches says so")
    func historyStatsWhenEmpty() async throws {
        #expect(try await screen(after: ["history stats"]) == "No searches yet.")
    }

    @Test("history stats counts the searches and choices, by source, and the terms searched most")
    func historyStatsCounts() async throws {
        #expect(
            try await screen(after: [
                "search alien", "search nolan", "search alien", "select 1", "done",
                "use restaurants", "search", "history stats",
            ]) == """
                \(Listing.alien)
                \(Listing.nolan)
                \(Listing.alien)
                Selected Alien (1979, Science Fiction, Ridley Scott).
                Chosen:
                  Alien (1979, Science Fiction, Ridley Scott)
                Now using restaurants: search TERMS, or search alone for everything.
                restaurants · everything · 66 results · page 1 of 14 · 1 selected
                ── American ──
                    1  Katz's Delicatessen                     New York                $$    4.5
                    2  Franklin Barbecue                       Austin                  $$    4.7
                    3  Peter Luger                             Brooklyn                $$$$  4.4
                    4  The French Laundry                      Yountville              $$$$  4.7
                    5  Alinea                                  Chicago                 $$$$  4.7
                next for page 2 of 14
                4 searches on Sun 22 Nov 2026, 19:14; 1 ended in a choice (done).
                By source: movies 3, restaurants 1
                Searched most: "alien" (2), everything (1), "nolan" (1)
                """)
    }

    @Test("history stats with anything after it shows its usage")
    func historyStatsUsage() async throws {
        #expect(try await screen(after: ["history stats now"]) == "! history stats takes no arguments: history stats")
    }

    @Test("history search over thousands of matches lists every one, numbered in order, a part at a time")
    func historySearchOverThousands() async throws {
        // 24,000 searches written as scout writes them, 18,000 of them for "alien" (made in parts of 16,384, each
        // in two halves at once), some with a filter, some ended in a choice.
        let box = try Sandbox()
        let time = Date(timeIntervalSince1970: 1_795_000_000)
        var file: [UInt8] = []
        var expected: [String] = []
        for n in 1...24_000 {
            let terms = n % 4 == 0 ? "heat \(n)" : "alien \(n)"
            let (source, filters) = (n % 2 == 0 ? "movies" : "omdb", n % 3 == 0 ? ["type": "movie"] : [:])
            file +=
                HistoryRecord(
                    kind: .search, id: "s\(n)", time: time, source: source, terms: terms, filters: filters, count: n
                ).line + [0x0A]
            if n % 5 == 0 {
                file +=
                    HistoryRecord(
                        kind: .done, id: "d\(n)", time: time, search: "s\(n)",
                        chosen: [.init(id: "movies:1", title: "Alien")]
                    ).line + [0x0A]
            }
            guard n % 4 != 0 else { continue }
            let number = String(repeating: " ", count: 5 - String(n).count) + String(n)
            expected.append(
                "\(number)  2026-11-18 11:06  \(source.padding(toLength: 11, withPad: " ", startingAt: 0)) \"\(terms)\""
                    + (n % 3 == 0 ? " --type movie" : "") + "  \(n) result\(n == 1 ? "" : "s")"
                    + (n % 5 == 0 ? "  → Alien" : ""))
        }
        try FileManager.default.createDirectory(at: box.path("state/scout"), withIntermediateDirectories: true)
        try Data(file).write(to: box.path("state/scout/history.jsonl"))
        let screen = try await screen(after: ["history search alien"], in: box)
        #expect(expected.count == 18_000)
        #expect(screen == expected.joined(separator: "\n"))

        // Printed, it is written in two parts, the first 16,384 lines before the rest are read.
        var context = ShellContext(
            environment: box.environment, home: box.root.path, workingDirectory: box.root.path,
            now: { REPLTests.now }, sessionName: nil, width: 80)
        context.localTime = LocalTime(.gmt)
        let outputs = await Shell(context: context, fresh: true).run(line: "history search alien")
        var written: [String] = []
        let console = Printer.Console(
            write: { text, _ in written.append(text) }, isTerminal: { _ in false }, width: { 80 })
        var printer = Printer(json: false, console: console) { _ in false }
        for output in outputs { printer.print(output) }
        #expect(
            written == [
                expected[..<16_384].joined(separator: "\n") + "\n", expected[16_384...].joined(separator: "\n") + "\n",
            ])
    }
}
