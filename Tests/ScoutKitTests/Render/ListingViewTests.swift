import Testing
@testable import ScoutKit

/// A listing is fitted when it is printed, not when a service makes it: its rows cut at the window's edge with
/// their ids and tags whole, its prose wrapped at words, its narrow layout below its width, and every line whole
/// on a pipe.
@Suite struct ListingViewTests {
    static let view = ListingView([
        .heading("November 2026"),
        .row("1. Alien (1979, Science Fiction, Ridley Scott)", keeping: "  [movies:10]  #scifi"),
        .either(
            wide: [.row("2. 02 Mon  ★★★★½  Aliens (1986)")], narrow: [.row("2. 02 ★★★★½ Aliens (1986)")], below: 60),
        .prose("An automatic entry refuses only that same search; deny rm N removes it.", indent: 2),
    ])

    @Test func aTerminalGetsEachRowCutAtItsEdgeWithItsTailWhole() {
        #expect(
            Self.view.lines(fitting: 40).map(\.plain) == [
                "November 2026",
                "1. Alien (1979, Sc…  [movies:10]  #scifi",
                "2. 02 ★★★★½ Aliens (1986)",
                "An automatic entry refuses only that",
                "  same search; deny rm N removes it.",
            ])
    }

    @Test func aWideWindowGetsTheWideLayout() {
        #expect(
            Self.view.lines(fitting: 100).map(\.plain) == [
                "November 2026",
                "1. Alien (1979, Science Fiction, Ridley Scott)  [movies:10]  #scifi",
                "2. 02 Mon  ★★★★½  Aliens (1986)",
                "An automatic entry refuses only that same search; deny rm N removes it.",
            ])
    }

    @Test func aPipeGetsEveryLineWholeInTheWideLayout() {
        #expect(Self.view.lines(fitting: nil).map(\.plain) == Self.view.lines(fitting: 100).map(\.plain))
    }

    @Test func anOutputIsFittedToTheWidthTheShellGaveIt() {
        var output = Output()
        output.show(Self.view)
        output.row("  Alien (1979, Science Fiction, Ridley Scott)")
        #expect(output.lines.last == "  Alien (1979, Science Fiction, Ridley Scott)")
        output.fit = 30
        #expect(output.lines.last == "  Alien (1979, Science Fictio…")
        // A tail that would leave the title under 16 cells is cut with the rest.
        #expect(output.lines[1] == "1. Alien (1979, Science Ficti…")
    }

    @Test func tagsThatLeaveTheTitleTooLittleRoomGoBeforeTheIdDoes() {
        let view = ListingView([
            .row(
                "1. Arrival (2016, Science Fiction, Denis Villeneuve)",
                keeping: "  [movies:12]  #scifi #favourite #rewatch", shorter: "  [movies:12]"),
            .row(
                "2. Alien (1979, Science Fiction, Ridley Scott)", keeping: "  [movies:10]  #scifi",
                shorter: "  [movies:10]"),
            // A row that fits keeps all of its tail, however little room the tail alone would leave.
            .row("3. Up", keeping: "  [movies:30]  #pixar #family", shorter: "  [movies:30]"),
        ])
        #expect(
            view.lines(fitting: 40).map(\.plain) == [
                "1. Arrival (2016, Science …  [movies:12]",
                "2. Alien (1979, Sc…  [movies:10]  #scifi",
                "3. Up  [movies:30]  #pixar #family",
            ])
        #expect(
            view.lines(fitting: nil).map(\.plain) == [
                "1. Arrival (2016, Science Fiction, Denis Villeneuve)  [movies:12]  #scifi #favourite #rewatch",
                "2. Alien (1979, Science Fiction, Ridley Scott)  [movies:10]  #scifi",
                "3. Up  [movies:30]  #pixar #family",
            ])
    }
}
