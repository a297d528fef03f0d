import Foundation
import ScoutTestSupport
import Testing
@testable import ScoutKit

/// The search path does each piece of work once: one source for a search and the pages it fetches, and
/// its page rendered only as it is read.
@MainActor @Suite struct SearchOperationTests {
    func shell(_ box: Sandbox) -> Shell { REPLTests().shell(box) }

    @Test("a search, its next page, a detail and a selection build the source once; new settings build it anew")
    func aSearchBuildsItsSourceOnce() async throws {
        // The sandbox outlives the shell's work: let go at once, it removed its folder before the search wrote
        // there, and the folder was left behind.
        let box = try Sandbox()
        defer { withExtendedLifetime(box) {} }
        let shell = shell(box)
        _ = await shell.run(line: "set page-size 2")
        let outputs = await shell.run(line: "search nolan; next; show 1; select 1; list")
        #expect(outputs.map(\.ok) == [true, true, true, true, true])
        #expect(shell.state.browse.sourcesBuilt == 1)
        _ = await shell.run(line: "set country GB; search nolan")
        #expect(shell.state.browse.sourcesBuilt == 2)
    }

    @Test("a results page is one typed view: the text read and the --json rows come from the same page")
    func aPageIsRenderedFromOneView() async throws {
        let box = try Sandbox()
        defer { withExtendedLifetime(box) {} }
        let shell = shell(box)
        let output = await shell.run(words: ["search", "villeneuve"])
        #expect(
            output.lines == [
                "movies · \"villeneuve\" · 3 results · page 1 of 1",
                "   1  Blade Runner 2049                  2017  Science Fiction  Denis Villeneuve",
                "   2  Arrival                            2016  Science Fiction  Denis Villeneuve",
                "   3  Dune                               2021  Science Fiction  Denis Villeneuve",
            ])
        let json = try JSONSerialization.jsonObject(with: Data(output.jsonLine().utf8)) as? [String: Any]
        let items = try #require(json?["items"] as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["Blade Runner 2049", "Arrival", "Dune"])
        #expect(items.map { $0["row"] as? Int } == [1, 2, 3])
        #expect(json?["listing"] as? String == "results")
        #expect(json?["command"] as? String == "search")
    }
}
