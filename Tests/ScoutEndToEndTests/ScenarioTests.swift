import Foundation
import ScoutTestSupport
import Testing

/// Every file in Tests/Scenarios: the commands a user runs and every line they see (Tests/Scenarios/README.md).
/// `SCENARIO_RECORD=1 scripts/test --filter ScenarioTests` writes what scout shows now into the files.
@Suite struct ScenarioTests {
    @Test(arguments: ScenarioRunner.names.filter { !ScenarioRunner.readsRealData($0) })
    func scenario(_ name: String) async throws {
        try await check(name)
    }

    /// The scenarios marked `realdata`, which read answers recorded in ../shared/realdata.
    @Test(
        .enabled(if: !RealData.isSkipped, "SCOUT_SKIP_REALDATA=1 skips the scenarios that read the recorded real data"),
        arguments: ScenarioRunner.names.filter(ScenarioRunner.readsRealData))
    func scenarioOfRecordedData(_ name: String) async throws {
        try await check(name)
    }

    /// Runs the scenario named and compares each step with what it shows, or records it (SCENARIO_RECORD).
    func check(_ name: String) async throws {
        let file = ScenarioRunner.folder.appendingPathComponent(name)
        let scenario = try Scenario(text: String(decoding: try Data(contentsOf: file), as: UTF8.self))
        try #require(!scenario.steps.isEmpty, "\(name) has no step")
        let runner = try ScenarioRunner(scenario)
        let actual = try await runner.run()
        let terminal = scenario.terminal != nil
        // On a terminal, a step with nothing under it is not checked (but the last one is recorded).
        let checked = zip(scenario.steps, actual).enumerated().map { index, pair in
            !terminal || !pair.0.expected.isEmpty || index == scenario.steps.count - 1 ? pair.1 : []
        }
        if ProcessInfo.processInfo.environment["SCENARIO_RECORD"] != nil {
            try Data(scenario.recorded(checked).utf8).write(to: file)
            return
        }
        for (step, shown) in zip(scenario.steps, checked) where !terminal || !step.expected.isEmpty {
            #expect(
                step.expected == shown,
                "\(name), \(step.kind):\n\(ScenarioRunner.diff(expected: step.expected, actual: shown))")
        }
    }
}

extension ScenarioTests {
    /// The README's tour is the last screen of readme-tour.scenario, so the README cannot drift from what scout prints.
    @Test func theReadmeTourIsWhatScoutShows() throws {
        let readme = String(
            decoding: try Data(contentsOf: ScenarioRunner.repository.appendingPathComponent("README.md")), as: UTF8.self
        )
        let tour = try #require(readme.range(of: "## A short tour"))
        let rest = readme[tour.upperBound...]
        let open = try #require(rest.range(of: "```\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        let block = rest[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        let file = ScenarioRunner.folder.appendingPathComponent("readme-tour.scenario")
        let scenario = try Scenario(text: String(decoding: try Data(contentsOf: file), as: UTF8.self))
        let screen = try #require(scenario.steps.last?.expected)
        #expect(
            Scenario.trimmed(block) == screen,
            "\(ScenarioRunner.diff(expected: screen, actual: Scenario.trimmed(block)))")
    }
}
