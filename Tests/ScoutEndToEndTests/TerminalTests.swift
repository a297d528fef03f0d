import Foundation
import ScoutKit
import ScoutTestSupport
import Testing

/// scout on a real pseudo-terminal (tmux): the prompt, Tab, Up, Ctrl-C, Ctrl-D, ~/.editrc, the welcome back.
@Suite(.serialized) struct TerminalTests {
    @Test func promptTabUpCtrlCAndCtrlD() async throws {
        let box = try Sandbox()
        let term = try TmuxTerminal(sandbox: box)
        try term.waitFor("movies [0 selected]>")

        // Tab completes a command word.
        try term.type("sea")
        try term.send("Tab")
        try term.waitFor("movies [0 selected]> search")
        try term.type("Amélie")
        try term.send("Enter")
        try term.waitFor("1  Amélie")

        // Ctrl-C drops the line being typed and leaves scout running.
        try term.type("abc def")
        try term.send("C-c")
        try term.type("select 1")
        try term.send("Enter")
        try term.waitFor("movies [1 selected]>")
        #expect(!(try term.screen()).contains("unknown command"))
        // (The right prompt, p1/1, may follow on each line.)
        let shown = try term.screen().split(separator: "\n").map(String.init)
        let dropped = try #require(shown.firstIndex { $0.hasPrefix("movies [0 selected]> abc def^C") })
        #expect(dropped + 1 < shown.count && shown[dropped + 1].hasPrefix("movies [0 selected]> select 1"))
        #expect(term.isRunning)

        // Up recalls the previous line, UTF-8 intact.
        try term.send("Up", "Up")
        try term.waitFor("movies [1 selected]> search Amélie")
        try term.send("C-u")

        // Ctrl-R searches the line history backwards.
        try term.send("C-r")
        try term.type("Amé")
        try term.waitFor("search Amélie")
        try term.send("C-g", "C-u")
        // The search is over and the line empty before the next keys go in: on a loaded machine they were read
        // inside the search, and Tab then listed every command.
        try term.waitForEmptyPrompt("movies [1 selected]>")

        // Tab after use completes a source; a second choice lists the candidates.
        try term.type("use re")
        try term.send("Tab")
        try term.type("x")
        try term.waitFor("use restaurants x")
        try term.send("C-u")
        try term.type("se")
        try term.send("Tab")
        // Each candidate is listed with what it does, one to a line when they are long, the meanings lined up.
        try term.waitFor("selection  the selected items")
        #expect(try term.screen().contains("search     new search in the current source"))
        #expect(try term.screen().contains("set        show or change settings"))
        try term.send("C-u", "C-d")
        for _ in 0..<100 where term.isRunning { usleep(50_000) }
        #expect(!term.isRunning)

        // The line history was saved as typed, and the session with it.
        let lines = try box.read(box.path("state/scout/editline_history"))
        #expect(lines == "search Amélie\nselect 1\n")
        #expect(try box.read(box.sessionFile).contains("\"terms\" : \"Amélie\""))
    }

    /// Tab with what this scout holds: a favourite's id, a saved session, a past search's number, a flag's values.
    @Test func tabCompletesFavouritesSessionsHistoryAndFlagValues() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search heat; fav add 1; search alien; session save weekend; search amélie"])
        let favourite = try #require(
            try await box.run(["--json", "-c", "fav"]).stdout.firstMatch(of: /"id":"(movies:[^"]+)"/)?.1)
        let term = try TmuxTerminal(sandbox: box)
        try term.waitFor("movies [0 selected]>")
        try term.type("fav rm mov")
        try term.send("Tab")
        try term.type("x") // a whole word gets its space (the screen does not show a trailing one)
        try term.waitFor("fav rm \(favourite) x")
        try term.send("C-u")
        try term.type("session load w")
        try term.send("Tab")
        try term.type("x")
        try term.waitFor("session load weekend x")
        try term.send("C-u")
        try term.type("!")
        try term.send("Tab")
        // Three searches: listed newest first with what each was, and !! for the last.
        try term.waitFor("!!  the last search")
        let listing = try term.screen()
        #expect(listing.contains("3  movies \"amélie\""))
        #expect(listing.contains("1  movies \"heat\""))
        try term.send("C-u")
        try term.type("search x --in omdb --type s")
        try term.send("Tab")
        try term.type("x")
        try term.waitFor("--type series x")
        try term.send("C-u", "C-d")
        for _ in 0..<100 where term.isRunning { usleep(50_000) }
        #expect(!term.isRunning)
    }

    /// Colour on a terminal: titles bold, marks and years coloured, errors red; NO_COLOR, TERM=dumb and
    /// --color never leave the screen free of any escape sequence.
    @Test func colourFollowsTheTerminalNoColorAndTheFlag() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search alien; fav add 1"])
        func screen(_ arguments: [String] = [], _ environment: [String: String] = [:]) throws -> String {
            let term = try TmuxTerminal(sandbox: box, arguments: ["--fresh"] + arguments, environment: environment)
            // With TERM=dumb there is no line editor, so no prompt to wait for.
            if environment["TERM"] != "dumb" { try term.waitFor("movies [0 selected]>") } else { usleep(300_000) }
            try term.type("search alien; select 2; list; frobnicate")
            try term.send("Enter")
            try term.waitFor("unknown command")
            return try term.screenWithEscapes()
        }
        let coloured = try screen()
        #expect(coloured.contains("\u{1B}[1mAlien"), "a bold title")
        #expect(coloured.contains("\u{1B}[31m♥"), "a red favourite mark")
        #expect(coloured.contains("\u{1B}[32m*"), "a green selection mark")
        #expect(coloured.contains("\u{1B}[36m1979"), "a cyan year")
        #expect(coloured.contains("\u{1B}[31mscout: unknown command"), "a red error")
        for (arguments, environment) in [([], ["NO_COLOR": "1"]), ([], ["TERM": "dumb"]), (["--color", "never"], [:])] {
            let plain = try screen(arguments, environment)
            #expect(plain.contains("Alien"))
            #expect(!plain.contains("\u{1B}"), "\(arguments) \(environment)")
        }
        // set color always wins over NO_COLOR, as a setting the user chose.
        try await box.run(["-c", "set color always"])
        #expect(try screen([], ["NO_COLOR": "1"]).contains("\u{1B}[1mAlien"))
    }

    /// scout's measure of a text is the terminal's: tmux draws each text followed by `|`, then a carriage
    /// return and as many dots as scout says the text takes. The dots cover exactly the text when the two
    /// agree (`.....|`); a wider drawing leaves part of it showing, a narrower one loses the `|`.
    /// (A joined emoji sequence comes last: tmux 3.3 carries a joiner's state over to the next line.)
    @Test func displayWidthIsWhatTheTerminalDraws() throws {
        let texts = [
            "🚀", "⭐", "✅", "☕", "⚡", "😀", "🎬", "🧑", "東京", "千と千尋", "한국어", "ｱｲｳ", "Ame\u{301}lie",
            "e\u{301}\u{302}", "zero\u{200B}width", "A→B", "½ ±", "Ünïcödé", "⭐ 4.5 ⭐",
            "🚀 Rocket ✅ ☕", "Crème brûlée ☕ 東京 🚀", "Tab\there", "esc\u{1B}[31mred", "bidi\u{202E}x\u{85}y",
            "abc", "👨\u{200D}👩\u{200D}👧 family",
        ]
        let box = try Sandbox()
        // Each text as scout prints it (control characters made visible), measured before that, as listings are.
        let lines = texts.map { "\(SafeText.clean($0))|\r" + String(repeating: ".", count: DisplayWidth.of($0)) }
        try box.write(lines.joined(separator: "\n") + "\n", to: box.path("texts"))
        let term = try TmuxTerminal(
            sandbox: box, shellCommand: "cat texts; printf done; sleep 30",
            width: 80, height: 40)
        let screen = try term.waitFor("done")
        let shown = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, text) in texts.enumerated() {
            let expected = String(repeating: ".", count: DisplayWidth.of(text)) + "|"
            #expect(
                index < shown.count && shown[index] == expected,
                Comment(
                    rawValue: "\(text): scout counts \(DisplayWidth.of(text)), tmux drew "
                        + "\(index < shown.count ? shown[index] : "nothing") in\n\(screen)")
            )
        }
    }

    /// A 40-, a 60- and a 200-column terminal: every line fits, and the year column lines up by display
    /// width beside CJK (two cells a character), emoji, combining marks and a title cut with `…`.
    @Test func listingsFitNarrowAndWideTerminalsWithWideCharactersAligned() async throws {
        let movies: [[String: Any]] = [
            ["id": 1, "title": "東京物語", "genre": "Drama", "director": "小津安二郎", "year": 1953],
            ["id": 2, "title": "Ame\u{301}lie", "genre": "Comedy", "director": "Jean-Pierre Jeunet", "year": 2001],
            ["id": 3, "title": "🎬 Cinema Paradiso", "genre": "Drama", "director": "Giuseppe Tornatore", "year": 1988],
            [
                "id": 4, "title": "Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb",
                "genre": "Comedy",
                "director": "Stanley Kubrick", "year": 1964,
            ],
            ["id": 5, "title": "Heat", "genre": "Crime", "director": "Michael Mann", "year": 1995],
            ["id": 6, "title": "🚀 Rocket ⭐ Science ✅ ☕ ⚡", "genre": "Comedy", "director": "Pat ☕ Brew", "year": 2007],
        ]
        let body = try JSONSerialization.data(withJSONObject: movies)
        let server = try await FixtureServer.start(routes: ["/movies": body])
        let box = try Sandbox()
        box.environment["SCOUT_CATALOG_URL"] = server.baseURL
        for width in [40, 60, 200] {
            let term = try TmuxTerminal(sandbox: box, arguments: ["--fresh"], width: width)
            try term.waitFor("movies [0 selected]>")
            try term.type("search")
            try term.send("Enter")
            let screen = try term.waitFor("Heat")
            let all = screen.split(separator: "\n").map(String.init)
            let rows = all.filter { $0.range(of: #"^.. [1-6]  "#, options: .regularExpression) != nil }
            #expect(rows.count == 6, "\(width): \(screen)")
            // A row wider than the window would wrap onto a line of its own: the rows follow one another.
            if let first = all.firstIndex(of: rows[0]) {
                #expect(Array(all[first..<(first + 6)]) == rows, "\(width): \(screen)")
            }
            #expect(rows.allSatisfy { DisplayWidth.of($0) <= width }, "\(width): \(rows)")
            // The display column where each row's year starts.
            let columns = rows.compactMap { row -> Int? in
                guard let year = row.range(of: #"(1953|2001|1988|1964|1995|2007)"#, options: .regularExpression) else {
                    return nil
                }
                return DisplayWidth.of(String(row[..<year.lowerBound]))
            }
            #expect(columns.count == 6 && Set(columns).count == 1, "\(width): years at \(columns) in \(rows)")
            #expect(rows.contains { $0.contains("…") }, "the long title is cut with …")
            // The heading too fits, unwrapped: in 40 columns it leaves out what the prompt shows.
            let heading = try #require(
                try term.screen(joined: true).split(separator: "\n").first { $0.hasPrefix("movies · everything") })
            #expect(DisplayWidth.of(String(heading)) <= width, "\(heading)")
            // Favourites and history fit as well, cut with … where they must.
            try term.type("fav add 4; fav; history")
            try term.send("Enter")
            // Wait for the history row (printed last), not the listing's "5 results" already on screen.
            // Under 60 columns the year and the source's padding go, so that the terms show.
            func isPast(_ line: String) -> Bool {
                width < 60
                    ? line.range(of: #"^1  \d\d-\d\d \d\d:\d\d  movies everything"#, options: .regularExpression) != nil
                    : line.hasPrefix("1  20")
            }
            var lines: [String] = []
            for _ in 0..<100 {
                lines = try term.screen(joined: true).split(separator: "\n").map(String.init)
                if lines.contains(where: isPast) { break }
                usleep(50_000)
            }
            let kept = try #require(lines.last { $0.hasPrefix("1. Dr. Strangelove") })
            let past = try #require(lines.last(where: isPast))
            #expect(DisplayWidth.of(kept) <= width && DisplayWidth.of(past) <= width, "\(kept) / \(past)")
            // The favourite's id stays whole, its title cut where it must be.
            #expect(kept.hasSuffix("  [movies:4]"), "\(kept)")
            #expect(width == 200 || kept.contains("…"), "\(kept)")
            if width == 200 {
                #expect(rows.contains { $0.contains("小津安二郎") }, "a wide terminal has room for the director")
            }
        }
        await server.stop()
    }
}
