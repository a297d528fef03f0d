import Foundation
import Testing
@testable import ScoutKit

/// Colour: who decides, and that remote text can neither end a style nor start one.
@Suite struct ColourTests {
    @Test func theFlagThenTheSettingThenTheTerminalDecide() {
        let terminal: [String: String] = ["TERM": "xterm-256color"]
        #expect(ColourChoice.decide(flag: .auto, setting: .auto, environment: terminal, isTerminal: true))
        #expect(
            !ColourChoice.decide(flag: .auto, setting: .auto, environment: terminal, isTerminal: false),
            "never on a pipe")
        #expect(
            !ColourChoice.decide(
                flag: .auto, setting: .auto, environment: ["TERM": "xterm", "NO_COLOR": "1"], isTerminal: true))
        #expect(
            ColourChoice.decide(
                flag: .auto, setting: .auto, environment: ["TERM": "xterm", "NO_COLOR": ""], isTerminal: true),
            "an empty NO_COLOR is unset, as no-color.org says")
        #expect(!ColourChoice.decide(flag: .auto, setting: .auto, environment: ["TERM": "dumb"], isTerminal: true))
        // What the user asked for, on the command line or in the settings, wins over NO_COLOR and the terminal.
        #expect(ColourChoice.decide(flag: .always, setting: .never, environment: ["NO_COLOR": "1"], isTerminal: false))
        #expect(!ColourChoice.decide(flag: .never, setting: .always, environment: terminal, isTerminal: true))
        #expect(
            ColourChoice.decide(
                flag: .auto, setting: .always, environment: ["NO_COLOR": "1", "TERM": "dumb"], isTerminal: false))
        #expect(!ColourChoice.decide(flag: .auto, setting: .never, environment: terminal, isTerminal: true))
    }

    @Test func listingsMarkTitlesMarksAndYears() {
        let item = Item(id: "movies:1", title: "Alien", fields: [.init("year", "1979")])
        let lines = Renderer(width: 80).page(
            [item][...], firstRow: 1, columns: ["year"], groupBy: "year", selected: ["movies:1"],
            favourites: ["movies:1"])
        #expect(lines.map(\.plain) == ["── 1979 ──", "*♥ 1  Alien                                     1979"])
        #expect(lines[0].pieces.map(\.style) == [.heading])
        #expect(
            lines[1].pieces.filter { $0.style != nil }.map(\.text) == [
                "*", "♥", "Alien                                   ", "1979",
            ])
        #expect(lines[1].rendered(colour: true).hasPrefix("\u{1B}[32m*\u{1B}[0m\u{1B}[31m♥\u{1B}[0m 1  \u{1B}[1mAlien"))
        #expect(!lines[1].rendered(colour: false).contains("\u{1B}"))
    }

    /// A title holding escape sequences is cleaned piece by piece: the only ESC bytes in coloured output
    /// are scout's own, each style closed on the same line.
    @Test func remoteTextCannotStyleTheTerminal() {
        let hostile = Item(
            id: "movies:2", title: "Evil\u{1B}[0m\u{1B}[41m\u{1B}]0;owned\u{07}",
            fields: [.init("year", "19\u{1B}[8m79")])
        var output = Output()
        for line in Renderer(width: 80).page(
            [hostile][...], firstRow: 1, columns: ["year"], groupBy: nil, selected: [], favourites: [])
        {
            output.say(line)
        }
        let rendered = output.styledLines.map { $0.rendered(colour: true) }.joined(separator: "\n")
        let sequences = rendered.matches(of: /\x1B\[[0-9;]*m/).map { String($0.output) }
        #expect(sequences == ["\u{1B}[1m", "\u{1B}[0m", "\u{1B}[36m", "\u{1B}[0m"])
        #expect(rendered.filter { $0 == "\u{1B}" }.count == sequences.count)
        #expect(output.lines.allSatisfy { !$0.contains("\u{1B}") })
    }
}
