import Foundation
import Testing
@testable import ScoutKit

/// The one line splitter of the line-per-record files: the lines it hands over, and where whole lines end.
@Suite struct ByteLinesTests {
    static func lines(_ text: String, from start: Int = 0, to end: Int? = nil) -> [String] {
        let data = Data(text.utf8)
        var lines: [String] = []
        data.withUnsafeBytes { raw in
            raw.forEachLine(from: start, to: end) { lines.append(String(decoding: raw[$0], as: UTF8.self)) }
        }
        return lines
    }

    static func wholeLines(_ text: String) -> (lines: [String], end: Int) {
        let data = Data(text.utf8)
        var lines: [String] = []
        let end = data.withUnsafeBytes { raw in
            raw.forEachWholeLine { lines.append(String(decoding: raw[$0], as: UTF8.self)) }
        }
        return (lines, end)
    }

    @Test func everyNonEmptyLineAndTheLastWithoutItsNewline() {
        #expect(Self.lines("a\n\nbc\n\n\nd") == ["a", "bc", "d"])
        #expect(Self.lines("a\nbc\n") == ["a", "bc"])
        #expect(Self.lines("") == [])
        #expect(Self.lines("\n\n") == [])
        #expect(Self.lines("{\"x\":1}") == ["{\"x\":1}"])
    }

    @Test func onlyTheRangeAsked() {
        #expect(Self.lines("a\nbc\nde\nf", from: 2, to: 8) == ["bc", "de"])
        #expect(Self.lines("a\nbc\nde\nf", from: 3, to: 6) == ["c", "d"])
    }

    /// A line still being written is left for next time, and the end says where to start then.
    @Test func wholeLinesLeaveTheOneBeingWritten() {
        #expect(Self.wholeLines("a\n\nbc\nhalf") == (["a", "bc"], 6))
        #expect(Self.wholeLines("a\nbc\n") == (["a", "bc"], 5))
        #expect(Self.wholeLines("half") == ([], 0))
        #expect(Self.wholeLines("") == ([], 0))
    }
}
