import Foundation
import Synchronization
import Testing
@testable import ScoutKit

/// Past searches as a service, as `history` and `!N` are handed it: its store in a temporary folder, each
/// operation, and what each says, word for word.
@MainActor @Suite struct HistoryServiceTests {
    nonisolated static let noon = Date(timeIntervalSince1970: 1_795_000_000) // 2026-11-18 11:06:40 UTC

    /// A service over a fresh home in `folder`; `confirm` answers `history clear`'s question as a terminal
    /// would (nil: no terminal, no question); a re-run search is said, not run.
    static func service(in folder: TempFolder, confirm: (@Sendable (String) async -> Bool)? = nil) -> HistoryService {
        var context = ShellContext(
            environment: ["TZ": "UTC"], home: folder.url.path, workingDirectory: folder.url.path, now: { noon },
            localTime: LocalTime(TimeZone(identifier: "UTC") ?? .gmt))
        context.confirm = confirm
        context.fitsWidth = true
        return HistoryService(
            wiring: ServiceWiring(
                context: context, settings: { Settings() }, updateSettings: { _, _ in }, warn: { _ in },
                width: { 80 }, height: { nil },
                runSearch: { query in
                    var output = Output()
                    output.say("(ran \(query.terms) in \(query.source))")
                    return output
                }))
    }

    @Test func searchesAreListedFoundRerunRemovedAndCounted() async throws {
        let folder = try TempFolder()
        let history = Self.service(in: folder)
        #expect(try history.list(last: nil).lines == ["No searches yet."])
        for (n, (source, terms, filters)) in [
            ("movies", "alien", [String: String]()), ("omdb", "dune", ["type": "movie"]), ("movies", "alien", [:]),
        ].enumerated() {
            try history.store.recordSearch(
                id: "s\(n)", query: SearchQuery(source: source, terms: terms, options: filters), count: n + 1,
                at: Self.noon)
        }
        try history.store.recordDone(search: "s2", chosen: [Item(id: "movies:10", title: "Alien")], at: Self.noon)
        #expect(
            try history.list(last: 2).lines == [
                "2  2026-11-18 11:06  omdb        \"dune\" --type movie  2 results",
                "3  2026-11-18 11:06  movies      \"alien\"  3 results  → Alien",
                "(the last 2 of 3: history N shows more, history search TEXT finds one)",
            ])
        #expect(
            try history.search("ALI").lines == [
                "1  2026-11-18 11:06  movies      \"alien\"  1 result",
                "3  2026-11-18 11:06  movies      \"alien\"  3 results  → Alien",
            ])
        #expect(try history.search("heat").lines == ["No past search matches \"heat\"."])
        #expect(
            try await history.rerun(2).lines == [
                "Re-running: search dune --in omdb --type movie", "(ran dune in omdb)",
            ])
        #expect(throws: UsageError.notFound("there is no search 4: history has 1 to 3")) { try history.remove(4) }
        #expect(try history.remove(1).lines == ["Removed search 1 (movies \"alien\")."])
        #expect(
            try history.stats().lines == [
                "2 searches on Wed 18 Nov 2026, 11:06; 1 ended in a choice (done).",
                "By source: movies 1, omdb 1",
                "Searched most: \"alien\" (1), \"dune\" (1)",
            ])
    }

    @Test func clearTakesTheTypedLinesTooOnceConfirmed() async throws {
        let folder = try TempFolder()
        let asked = Mutex<[String]>([])
        let answer = Mutex(false)
        let history = Self.service(in: folder) { question in
            asked.withLock { $0.append(question) }
            return answer.withLock { $0 }
        }
        try history.store.recordSearch(
            id: "s1", query: SearchQuery(source: "movies", terms: "heat"), count: 1, at: Self.noon)
        let typed = folder.file(".local/state/scout/editline_history")
        try FileManager.default.createDirectory(
            at: typed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "search heat\nhistory\n".write(to: typed, atomically: true, encoding: .utf8)
        #expect(try await history.clear().lines == ["History kept: 1 search."])
        answer.withLock { $0 = true }
        #expect(
            try await history.clear().lines == ["History cleared: 1 search removed, and 2 typed lines."])
        #expect(
            asked.withLock { $0 }
                == Array(repeating: "Clear all 1 search and typed lines? It cannot be undone.", count: 2))
        #expect(try history.list(last: nil).lines == ["No searches yet."])
        #expect(try await history.clear().lines == ["History was already empty."])
    }
}
