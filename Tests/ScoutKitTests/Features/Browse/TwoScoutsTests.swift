import Foundation
import ScoutTestSupport
import Testing
@testable import ScoutKit

/// Two scouts open on one session, as two terminals are: what the file holds after each quits.
@MainActor @Suite struct TwoScoutsTests {
    /// A scout that keeps its session's file, as a person's is (not `--fresh`).
    func scout(_ box: Sandbox, at now: Date = REPLTests.now) async -> Shell {
        var context = ShellContext(
            environment: box.environment, home: box.root.path, workingDirectory: box.root.path,
            now: { now }, sessionName: nil, width: 80)
        context.localTime = LocalTime(.gmt)
        let shell = Shell(context: context, fresh: false)
        _ = await shell.start(greet: false)
        return shell
    }

    func session(_ box: Sandbox) async -> [String] {
        await scout(box).run(line: "session").flatMap(\.lines)
    }

    @Test func aScoutThatChangedNothingLeavesWhatAnotherSavedWhenItQuits() async throws {
        let box = try Sandbox()
        _ = await scout(box).run(line: "search dune")
        let (first, second) = (await scout(box), await scout(box))
        _ = await first.run(line: "search alien")
        _ = await first.run(line: "select 1")
        #expect(first.saveOnExit() == nil)
        #expect(second.saveOnExit() == nil)
        let afterFirst = await session(box)
        #expect(
            afterFirst == [
                "Last visit: just now (Sun 22 Nov 2026, 19:14)",
                "Session: movies, \"alien\", page 1, 1 selected, list view",
                "  * Alien (1979, Science Fiction, Ridley Scott)",
            ])

        // One that did change something is the last word, as the last `cd` of two shells is.
        _ = await second.run(line: "search heat")
        #expect(second.saveOnExit() == nil)
        let afterSecond = await session(box)
        #expect(
            afterSecond == [
                "Last visit: just now (Sun 22 Nov 2026, 19:14)",
                "Session: movies, \"heat\", page 1, 0 selected, list view",
            ])
    }

    /// Alone, a scout that changed nothing still records its visit.
    @Test func aScoutAloneRecordsItsVisitWhenItQuits() async throws {
        let box = try Sandbox()
        _ = await scout(box).run(line: "search dune")
        let later = await scout(box, at: REPLTests.now.addingTimeInterval(3_600))
        #expect(later.saveOnExit() == nil)
        let file = try String(contentsOf: box.sessionFile, encoding: .utf8)
        #expect(file.contains("\"lastVisited\" : \"2026-11-22T20:14:00Z\""), "\(file)")
    }

    /// A first start writes no session until something changes it or it quits: a second window opened in between
    /// starts as a first visit, not with "Welcome back" to a session nobody made.
    @Test func aFirstStartWritesNoSessionUntilItChangesOrQuits() async throws {
        let box = try Sandbox()
        let first = await scout(box)
        _ = await first.run(line: "sources")
        #expect(!FileManager.default.fileExists(atPath: box.sessionFile.path))
        #expect(first.saveOnExit() == nil)
        let file = try String(contentsOf: box.sessionFile, encoding: .utf8)
        #expect(file.contains("\"lastVisited\" : \"2026-11-22T19:14:00Z\""), "\(file)")
    }
}
