import Foundation
import ScoutTestSupport
import Testing

/// An import is one batch: a write cut anywhere inside it (a SIGKILL between two pages, a power cut before
/// the pages reach the disk) leaves the library as it was before the import, and importing again gives the
/// library after it. The cuts are made by hand at every page boundary and at random bytes, without timing
/// luck; `CrashTests` kills scout during the stream as well.
@Suite struct BatchTests {
    static let titles = [
        "The Third Man", "Crouching Tiger, Hidden Dragon", "Amélie", "8½", "Spirited Away", "Le Samouraï",
        "\"Wendy\" and Lucy", "In the Mood for Love",
    ]

    /// A Letterboxd export with `rows` diary entries (some rewatched, tagged, unrated) and a watchlist of a
    /// quarter as many, in Letterboxd's columns: enough to span many pages of library.jsonl.
    static func export(in folder: URL, rows: Int) throws {
        func film(_ n: Int) -> String {
            let title = "\(titles[n % titles.count]) \(n / titles.count + 1)"
            let quoted =
                title.contains(",") || title.contains("\"")
                ? "\"" + title.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : title
            return "\(quoted),\(1930 + n % 90),https://boxd.it/b\(String(n, radix: 36))"
        }
        var diary = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n"
        for n in 0..<rows {
            let day = "2025-\(String(format: "%02d", 1 + n % 12))-\(String(format: "%02d", 1 + n % 28))"
            let stars = n % 7 == 0 ? "" : String(Double(1 + n % 10) / 2)
            let tags = n % 5 == 0 ? "\"cinema, friends\"" : n % 3 == 0 ? "home" : ""
            diary += "\(day),\(film(n)),\(stars),\(n % 9 == 0 ? "Yes" : ""),\(tags),\(day)\n"
        }
        var watchlist = "Date,Name,Year,Letterboxd URI\n"
        for n in rows..<(rows + rows / 4) { watchlist += "2025-06-01,\(film(n))\n" }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(diary.utf8).write(to: folder.appendingPathComponent("diary.csv"))
        try Data(watchlist.utf8).write(to: folder.appendingPathComponent("watchlist.csv"))
    }

    /// Everything the library shows, as `--json` gives it.
    static func views(_ box: Sandbox) async throws -> String {
        let run = try await box.run(["--json", "-c", "diary --all; ratings --all; watchlist; stats"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// The offsets to cut the last batch at: every page boundary inside it, just after its first line, just
    /// before its last newline, and a few random bytes.
    static func cuts(from start: Int, to end: Int, random count: Int) -> [Int] {
        var cuts = Set(stride(from: (start / 4096 + 1) * 4096, to: end, by: 4096))
        cuts.formUnion([start + 1, start + 14, end - 1])
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<count { cuts.insert(Int.random(in: (start + 1)..<end, using: &generator)) }
        return cuts.sorted()
    }

    @Test func anImportCutAnywhereLeavesTheLibraryBeforeItAndImportingAgainGivesTheOneAfter() async throws {
        let box = try Sandbox()
        try Self.export(in: box.path("export"), rows: 240)
        try await box.run(["-c", "search alien", "-c", "rate 1 4", "-c", "want 2", "-c", "seen 1 2026-11-01"])
        let file = box.path("data/scout/library.jsonl")
        let before = try Data(contentsOf: file)
        let shownBefore = try await Self.views(box)
        let imported = try await box.run(["-c", "import letterboxd export"])
        #expect(
            imported.stdoutLines == [
                "Imported 240 diary entries, 205 ratings, 60 on the watchlist, 0 reviews; skipped 0."
            ], "\(imported.stdout)\(imported.stderr)")
        let after = try Data(contentsOf: file)
        let shownAfter = try await Self.views(box)
        #expect(shownAfter != shownBefore)
        // One batch: its line, then its events.
        let batch = after[before.count...]
        let first = batch.prefix { $0 != 0x0A }
        #expect(String(decoding: first, as: UTF8.self) == "{\"batch\":300}")
        #expect(batch.filter { $0 == 0x0A }.count == 301)
        #expect(after.count - before.count > 16 * 4096, "the batch spans many pages")

        let cuts = Self.cuts(from: before.count, to: after.count, random: 8)
        // The events whole before `cut`: the lines after the batch's own (a torn marker line says no count).
        func written(_ cut: Int) -> Int { after[(before.count + 14)..<cut].filter { $0 == 0x0A }.count }
        for (index, cut) in cuts.enumerated() {
            try after.prefix(cut).write(to: file)
            // Said once, with what to do; the file is the one before the import again, and a copy is kept.
            let said = try await box.run(["-c", "ratings"])
            #expect(said.stdoutLines == ["1. ★★★★   Alien (1979)  [movies:10]"], "cut at \(cut): \(said.stdout)")
            #expect(said.stderrLines.count == 1, "cut at \(cut): \(said.stderr)")
            let copy = try #require(said.stderr.firstRange(of: "library.jsonl.corrupt-"))
            let (saidBefore, saidAfter) = (said.stderr[..<copy.lowerBound], said.stderr[copy.upperBound...])
            #expect(
                saidBefore == "scout: the library's last change"
                    + (cut < before.count + 14 ? "" : " (300 events, \(written(cut)) of them written)")
                    + " was cut short; kept the file as ", "cut at \(cut): \(said.stderr)")
            #expect(
                saidAfter.drop { $0 != " " } == " and the library as it was before that change (3 events): run that "
                    + "import or command again\n", "cut at \(cut): \(said.stderr)")
            #expect(try Data(contentsOf: file) == before, "cut at \(cut): the file is rewritten as it was")
            #expect(try await Self.views(box) == shownBefore, "cut at \(cut) of \(after.count)")
            // Importing again gives the library after the import (checked at a few of the cuts).
            guard index % 6 == 0 || index == cuts.count - 1 else { continue }
            let again = try await box.run(["-c", "import letterboxd export"])
            #expect(again.stdoutLines == imported.stdoutLines, "cut at \(cut): \(again.stdout)\(again.stderr)")
            #expect(try await Self.views(box) == shownAfter, "cut at \(cut): import again")
            try before.write(to: file)
        }
        let copies = try FileManager.default.contentsOfDirectory(atPath: box.path("data/scout").path)
            .filter { $0.hasPrefix("library.jsonl.corrupt-") }
        #expect(!copies.isEmpty)
    }

    /// A device's sync log cut inside its last sync (a folder a sync tool is still copying, or a write cut
    /// short) is read to its last whole sync: the other device's library is the one before the import until
    /// the rest arrives, then the one after.
    @Test func aSyncLogCutInsideItsLastSyncIsReadToTheSyncBefore() async throws {
        let a = try Sandbox(), b = try Sandbox()
        let shared = a.path("Sync/scout")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try Self.export(in: a.path("export"), rows: 60)
        try await a.run(["-c", "search alien", "-c", "rate 1 4", "-c", "sync init folder \(shared.path)"])
        try await b.run(["-c", "sync init folder \(shared.path)"])
        let shownBefore = try await Self.views(b)
        #expect(shownBefore.contains("\"title\":\"Alien\""))
        let device = try a.read(a.path("state/scout/device")).trimmingCharacters(in: .whitespacesAndNewlines)
        let log = shared.appendingPathComponent("\(device).jsonl")
        let logBefore = try Data(contentsOf: log)
        try await a.run(["-c", "import letterboxd export", "-c", "sync"])
        let logAfter = try Data(contentsOf: log)
        #expect(logAfter.count - logBefore.count > 6 * 4096)
        // b as it is before it reads the rest, kept to go back to before each cut.
        let keep = b.path("kept")
        for folder in ["data", "state"] {
            try FileManager.default.copyItem(at: b.path(folder), to: keep.appendingPathComponent(folder))
        }
        let bDevice = try b.read(b.path("state/scout/device")).trimmingCharacters(in: .whitespacesAndNewlines)
        let bLog = shared.appendingPathComponent("\(bDevice).jsonl")
        let bLogBefore = try Data(contentsOf: bLog)
        for cut in Self.cuts(from: logBefore.count, to: logAfter.count, random: 3) {
            for folder in ["data", "state"] {
                try FileManager.default.removeItem(at: b.path(folder))
                try FileManager.default.copyItem(at: keep.appendingPathComponent(folder), to: b.path(folder))
            }
            try bLogBefore.write(to: bLog)
            try logAfter.prefix(cut).write(to: log)
            let synced = try await b.run(["-c", "sync"])
            #expect(synced.status == 0 && synced.stderr.isEmpty, "cut at \(cut): \(synced.stderr)")
            #expect(try await Self.views(b) == shownBefore, "cut at \(cut) of \(logAfter.count)")
        }
        try logAfter.write(to: log)
        try await b.run(["-c", "sync"])
        #expect(try await Self.views(b) == (try await Self.views(a)))
    }
}
