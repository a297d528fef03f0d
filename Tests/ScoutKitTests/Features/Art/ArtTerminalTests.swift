import Foundation
import ScoutTestSupport
import Testing

@testable import ScoutKit

/// Which protocol `images auto` picks from the environment alone, tmux's passthrough, where an image is put,
/// and the art cache's order of leaving.
@Suite struct ArtTerminalTests {
    @Test func autoDecidesFromTheEnvironmentAlone() {
        let cases: [([String: String], ArtTerminal.Drawing)] = [
            (["KITTY_WINDOW_ID": "1", "TERM": "xterm-256color"], .kitty),
            (["TERM": "xterm-kitty"], .kitty),
            (["TERM_PROGRAM": "WezTerm", "TERM": "xterm-256color"], .kitty),
            (["TERM_PROGRAM": "ghostty"], .kitty),
            (["TERM": "xterm-ghostty"], .kitty),
            (["TERM_PROGRAM": "iTerm.app"], .iterm),
            (["LC_TERMINAL": "iTerm2", "TERM": "xterm-256color"], .iterm),
            // Inside tmux, TERM and TERM_PROGRAM are tmux's; WezTerm's and Ghostty's own variables still say.
            (["TERM_PROGRAM": "tmux", "TERM": "tmux-256color", "WEZTERM_PANE": "0"], .kitty),
            (["TERM_PROGRAM": "tmux", "TERM": "tmux-256color", "GHOSTTY_RESOURCES_DIR": "/usr/share/ghostty"], .kitty),
            (["TERM": "foot"], .sixel),
            (["TERM": "mlterm"], .sixel),
            (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .symbols),
            (["TERM": "linux"], .symbols),
            ([:], .symbols),
        ]
        for (environment, drawing) in cases {
            #expect(ArtTerminal.detect(environment) == drawing, "\(environment)")
        }
        #expect(ArtTerminal.colours(["COLORTERM": "truecolor", "TERM": "xterm"]) == .truecolor)
        #expect(ArtTerminal.colours(["COLORTERM": "24bit"]) == .truecolor)
        #expect(ArtTerminal.colours(["TERM": "screen-256color"]) == .indexed256)
        #expect(ArtTerminal.colours(["TERM": "xterm"]) == .indexed16)
    }

    @Test func insideTmuxAPixelProtocolNeedsPassthrough() {
        let kitty = ["KITTY_WINDOW_ID": "3", "TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]
        var asked = 0
        let on = ArtTerminal.resolve(.auto, environment: kitty) {
            asked += 1
            return true
        }
        #expect(on == ArtTerminal(drawing: .kitty, colours: .indexed256, passthrough: true))
        let off = ArtTerminal.resolve(.auto, environment: kitty) { false }
        #expect(off == ArtTerminal(drawing: .symbols, colours: .indexed256))
        // Symbols need nothing of tmux: it is not asked.
        _ = ArtTerminal.resolve(.symbols, environment: kitty) {
            asked += 1
            return true
        }
        #expect(asked == 1)
        #expect(ArtTerminal.resolve(.off, environment: kitty) { true } == nil)
        #expect(
            ArtTerminal.resolve(.sixel, environment: [:]) { false } == ArtTerminal(drawing: .sixel, colours: .indexed16)
        )
    }

    @Test func tmuxWrapsEachSequenceWithItsEscapesDoubled() {
        let kitty = Array("\u{1B}_Ga=T,f=32,m=1\u{1B}\\\u{1B}_Gm=0\u{1B}\\".utf8)
        #expect(
            String(decoding: ArtTerminal.wrapForTmux(kitty), as: UTF8.self)
                == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,f=32,m=1\u{1B}\u{1B}\\\u{1B}\\"
                + "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0\u{1B}\u{1B}\\\u{1B}\\")
        let iterm = Array("\u{1B}]1337;File=inline=1:QUJD\u{07}".utf8)
        #expect(
            String(decoding: ArtTerminal.wrapForTmux(iterm), as: UTF8.self)
                == "\u{1B}Ptmux;\u{1B}\u{1B}]1337;File=inline=1:QUJD\u{07}\u{1B}\\")
        #expect(ArtPayload.unwrapTmux(ArtTerminal.wrapForTmux(kitty)) == kitty)
    }

    @Test func placementMakesRoomThenDrawsAndPutsTheCursorBack() {
        let drawing = ArtDrawing(columns: 2, rows: 3, pieces: [Array("ab".utf8), Array("cd".utf8), Array("ef".utf8)])
        // Beside 2 lines of text: one line of room more, up 3, each row at column 10, back.
        #expect(
            String(decoding: drawing.placed(.beside(column: 10, lines: 2)), as: UTF8.self)
                == "\n\u{1B}7\u{1B}[3A\u{1B}[10Gab\u{1B}[1B\u{1B}[10Gcd\u{1B}[1B\u{1B}[10Gef\u{1B}8")
        // Above 5 lines: 3 lines of room, up to the text's top, 3 lines inserted there, drawn, back.
        #expect(
            String(decoding: drawing.placed(.above(lines: 5)), as: UTF8.self)
                == "\n\n\n\u{1B}7\u{1B}[8A\u{1B}[3L\u{1B}[1Gab\u{1B}[1B\u{1B}[1Gcd\u{1B}[1B\u{1B}[1Gef\u{1B}8")
        #expect(
            String(decoding: drawing.placed(.alone), as: UTF8.self)
                == "\n\n\n\u{1B}7\u{1B}[3A\u{1B}[1Gab\u{1B}[1B\u{1B}[1Gcd\u{1B}[1B\u{1B}[1Gef\u{1B}8")
    }

    @Test func theCacheKeepsFavouritesLongestAndTheLatestUsed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("art-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ArtCache(folder: folder, store: FileStore())
        let image = Data(repeating: 7, count: 1000)
        let urls = (1...4).map { "https://is1-ssl.mzstatic.com/image/thumb/\($0)/100x100bb.jpg" }
        for (index, url) in urls.enumerated() {
            cache.keep(image, for: url, capBytes: 1 << 20, favourites: [])
            // Ages a minute apart: 1 oldest.
            var times = [
                timespec(tv_sec: 1_700_000_000 + index * 60, tv_nsec: 0),
                timespec(tv_sec: 1_700_000_000 + index * 60, tv_nsec: 0),
            ]
            utimensat(AT_FDCWD, cache.file(for: url).path, &times, 0)
        }
        #expect(cache.read(urls[0]) == image) // used now: the newest
        #expect(cache.figures().images == 4)
        // Room for two: the favourite (4's) stays, and 1 (just read) over 2 and 3.
        let each = cache.figures().bytes / 4
        cache.trim(to: each * 2, favourites: [urls[1]])
        #expect(cache.read(urls[1]) == image)
        #expect(cache.read(urls[0]) == image)
        #expect(cache.read(urls[2]) == nil && cache.read(urls[3]) == nil)
        // A file holding another address is not this one's image.
        try Data("https://elsewhere.example/a.jpg\nxyz".utf8).write(to: cache.file(for: urls[2]))
        #expect(cache.read(urls[2]) == nil)
        #expect(cache.clear() == 3)
        #expect(cache.figures().images == 0)
    }
}
