import Foundation
@testable import ScoutKit
import Testing

/// The picker without a terminal: the lines its window shows after each key, and what it gives back.
@Suite struct PickerSessionTests {
    static let request = PickerRequest(
        candidates: [
            .init(value: "search alien --in movies", text: "search alien --in movies", recency: 4),
            .init(value: "search aliens --in movies", text: "search aliens --in movies", recency: 3),
            .init(value: "search heat --in movies", text: "search heat --in movies", recency: 2),
            .init(value: "fav add 2", text: "fav add 2", recency: 1),
        ], multiple: false, finder: .builtin, title: "history")

    @Test func typingNarrowsAndEnterGivesTheLine() {
        let session = PickerSession(Self.request, height: 6, width: 40)
        #expect(
            session.lines
                == [
                    "history> ", "  4/4", "> search alien --in movies", "  search aliens --in movies",
                    "  search heat --in movies", "  fav add 2",
                ].map { $0 })
        for key in ["a", "l", "n"] { #expect(session.handle(.text(key)) == nil) }
        #expect(
            session.lines == ["history> aln", "  2/4", "> search alien --in movies", "  search aliens --in movies"])
        #expect(session.queryColumn == 12)
        #expect(session.handle(.down) == nil)
        #expect(session.lines[3] == "> search aliens --in movies")
        #expect(session.handle(.enter) == .accept(["search aliens --in movies"]))
    }

    @Test func theWindowScrollsToEveryMatch() {
        // Two rows fit: Down past the second scrolls the window, as fzf's does, down to the last match and
        // back; Enter gives the match under the cursor (a window that did not scroll gave the second, always).
        let session = PickerSession(Self.request, height: 4, width: 30)
        _ = session.handle(.down)
        _ = session.handle(.down)
        #expect(session.lines == ["history> ", "  4/4", "  search aliens --in movies", "> search heat --in movies"])
        _ = session.handle(.pageDown)
        #expect(session.lines == ["history> ", "  4/4", "  search heat --in movies", "> fav add 2"])
        _ = session.handle(.down)
        #expect(session.lines[3] == "> fav add 2")
        _ = session.handle(.pageUp)
        _ = session.handle(.up)
        #expect(session.lines == ["history> ", "  4/4", "> search alien --in movies", "  search aliens --in movies"])
        _ = session.handle(.pageDown)
        #expect(session.handle(.enter) == .accept(["search heat --in movies"]))
    }

    @Test func backspaceUpPagesAndLeaving() {
        let session = PickerSession(Self.request, height: 4, width: 20)
        // Two rows fit: the window keeps the best two; lines are cut to the width.
        #expect(session.lines == ["history> ", "  4/4", "> search alien --in…", "  search aliens --i…"])
        _ = session.handle(.text("zz"))
        #expect(session.lines == ["history> zz", "  0/4"])
        #expect(session.handle(.enter) == .cancel)
        _ = session.handle(.backspace)
        _ = session.handle(.backspace)
        #expect(session.lines.count == 4)
        _ = session.handle(.pageDown)
        _ = session.handle(.up)
        #expect(session.lines[2].hasPrefix(">"))
        #expect(session.handle(.cancel) == .cancel)
    }

    @Test func tabMarksSeveralWhereSeveralMayBeChosen() {
        var request = Self.request
        request.multiple = true
        request.title = "fav"
        let session = PickerSession(request, height: 6, width: 60)
        _ = session.handle(.tab)
        _ = session.handle(.tab)
        #expect(
            session.lines == [
                "fav> ", "  4/4  (2 marked)", " *search alien --in movies", " *search aliens --in movies",
                "> search heat --in movies", "  fav add 2",
            ])
        _ = session.handle(.up)
        _ = session.handle(.tab) // unmarks
        #expect(session.handle(.enter) == .accept(["search alien --in movies"]))
        // Where one is chosen (history), Tab marks nothing.
        let single = PickerSession(Self.request, height: 6, width: 60)
        _ = single.handle(.tab)
        #expect(single.lines[1] == "  4/4")
    }

    @Test func theWindowFollowsTheTerminal() {
        let session = PickerSession(Self.request, height: 6, width: 40)
        session.height = 3
        #expect(session.lines.count == 3)
        _ = session.handle(.deleteWord)
        _ = session.handle(.text("heat movies"))
        _ = session.handle(.clearLine)
        #expect(session.lines[0] == "history> ")
    }
}
