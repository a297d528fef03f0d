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
            var lines: [String] = []
            for _ in 0..<100 {
                lines = try term.screen(joined: true).split(separator: "\n").map(String.init)
                if lines.contains(where: { $0.hasPrefix("1  20") }) { break }
                usleep(50_000)
            }
            let kept = try #require(lines.last { $0.hasPrefix("1. Dr. Strangelove") })
            let past = try #require(lines.last { $0.hasPrefix("1  20") })
            #expect(DisplayWidth.of(kept) <= width && DisplayWidth.of(past) <= width, "\(kept) / \(past)")
            #expect(width == 200 ? kept.hasSuffix("[movies:4]") : kept.hasSuffix("…"))
            if width == 200 {
                #expect(rows.contains { $0.contains("小津安二郎") }, "a wide terminal has room for the director")
            }
        }
        await server.stop()
    }

    /// Output longer than the screen goes through $PAGER (here one that keeps what it is given); shorter
    /// output, and any output on a pipe, does not.
    @Test func longOutputGoesThroughThePager() async throws {
        let box = try Sandbox()
        let paged = box.root.appendingPathComponent("paged.txt")
        let term = try TmuxTerminal(
            sandbox: box, environment: ["PAGER": "cat >> '\(paged.path)'"], width: 100, height: 20)
        try term.waitFor("movies [0 selected]>")
        try term.type("help")
        try term.send("Enter")
        try term.waitFor("movies [0 selected]> help")
        // The pager's shell makes the file before cat fills it: wait for the last line of help.
        for _ in 0..<100 where !((try? String(contentsOf: paged, encoding: .utf8))?.contains("Tab completes") ?? false)
        { usleep(50_000) }
        let text = try String(contentsOf: paged, encoding: .utf8)
        #expect(text.contains("Searching") && text.contains("quit"), "help, longer than 20 rows, went to the pager")
        #expect(!(try term.screen()).contains("Looking through results"))
        try term.type("sources")
        try term.send("Enter")
        try term.waitFor("restaurants")
        #expect(try String(contentsOf: paged, encoding: .utf8) == text, "a short listing is printed, not paged")
        let piped = try await box.run(["-c", "help"], extraEnvironment: ["PAGER": "cat >> '\(paged.path)'"])
        #expect(piped.stdout.contains("Looking through results"))
        #expect(try String(contentsOf: paged, encoding: .utf8) == text, "never on a pipe")
    }

    /// `PAGER=less` with `LESS` unset shows colour as colour (scout sets `LESS=FRX`, as git does): the
    /// heading's escape reaches the terminal and `ESC[` never shows as text; `q` gives the prompt back.
    @Test func lessShowsColourWhenLESSIsUnset() async throws {
        let box = try Sandbox()
        let term = try TmuxTerminal(sandbox: box, environment: ["PAGER": "less"], width: 80, height: 20)
        try term.waitFor("movies [0 selected]>")
        try term.type("help")
        try term.send("Enter")
        try term.waitFor("Choosing and keeping")
        let coloured = try term.screenWithEscapes()
        #expect(coloured.contains("\u{1B}[1m\u{1B}[33mSearching"), "the heading is bold yellow on the screen")
        #expect(!(try term.screen()).contains("ESC["), "less shows no raw escape")
        try term.send("q")
        var last = ""
        for _ in 0..<100 {
            last = try term.screen().split(separator: "\n").last.map(String.init) ?? ""
            if last.hasPrefix("movies [0 selected]>") { break }
            usleep(50_000)
        }
        #expect(last.hasPrefix("movies [0 selected]>"), "the prompt is back after q: \(last)")
    }

    /// `open N` on a terminal hands the web page to $BROWSER (its `%s` the URL, quoted); a page that is not
    /// http(s) is only printed, and a script gets the URL printed.
    @Test func openHandsTheWebPageToTheBrowser() async throws {
        let songs =
            #"{"resultCount":2,"results":[{"wrapperType":"track","kind":"song","trackId":1,"trackName":"Love Story","#
            + #""artistName":"Taylor Swift","#
            + #""trackViewUrl":"https://music.apple.com/us/album/love-story/1?i=1&x='$(id)'"},"#
            + #"{"wrapperType":"track","kind":"song","trackId":2,"trackName":"Evil","artistName":"X","#
            + #""trackViewUrl":"file:///etc/passwd"}]}"#
        let server = try await FixtureServer.start(routes: ["/search": Data(songs.utf8)])
        let box = try Sandbox()
        box.environment["SCOUT_ITUNES_URL"] = server.baseURL
        let opened = box.root.appendingPathComponent("opened.txt")
        let term = try TmuxTerminal(
            sandbox: box, environment: ["BROWSER": "no-such-browser:echo %s >> '\(opened.path)'"])
        try term.waitFor("movies [0 selected]>")
        try term.type("search love --in songs; open 1; open 2")
        try term.send("Enter")
        try term.waitFor("file:///etc/passwd")
        #expect(try term.screen().contains("Opened https://music.apple.com/us/album/love-story/1?i=1&x='$(id)'"))
        // The first browser that runs gets the URL as one argument, untouched by the shell; file: is never opened.
        #expect(
            try String(contentsOf: opened, encoding: .utf8)
                == "https://music.apple.com/us/album/love-story/1?i=1&x='$(id)'\n")
        let script = try await box.run(["-c", "open 1"], extraEnvironment: ["BROWSER": "printf x >> '\(opened.path)'"])
        #expect(script.stdout == "https://music.apple.com/us/album/love-story/1?i=1&x='$(id)'\n")
        #expect(try String(contentsOf: opened, encoding: .utf8).hasSuffix("'$(id)'\n"), "a script only prints the page")
        await server.stop()
    }

    @Test func theNextLaunchWelcomesBackAndShowsTheViewLeft() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "use restaurants; search thai; select 2; show 3"])
        let term = try TmuxTerminal(sandbox: box)
        let screen = try term.waitFor("restaurants [1 selected]>")
        #expect(screen.contains("Welcome back, last visit just now ("))
        #expect(screen.contains("Restored: restaurants, \"thai\", page 1, 1 selected, showing Sorn."))
        #expect(screen.contains("Next: list goes back to the results, fav add keeps this one."))
        // The right prompt gives the page, at the right edge of the 100-column line.
        let promptLine = try #require(screen.split(separator: "\n").last { $0.hasPrefix("restaurants [1 selected]>") })
        #expect(promptLine.hasSuffix("p1/1") && promptLine.count >= 95, "\(promptLine)")
        #expect(screen.contains("Sorn\n────"))
        #expect(screen.contains("City:     Bangkok"))
        // Up recalls nothing typed in a script: the line history holds only what was typed at a prompt.
        try term.send("Up")
        try term.type("list")
        try term.send("Enter")
        try term.waitFor("* ")
        #expect(try term.screen().contains("*  2  Jay Fai"))
    }

    /// At 80x24 a full page restored under the welcome lines kept them on the screen: the page shows the rows
    /// that fit under them and says that `list` shows the rest.
    @Test(arguments: [80, 40]) func theRestoredPageFitsUnderTheWelcomeLines(width: Int) async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search the"])
        let term = try TmuxTerminal(sandbox: box, width: width, height: 24)
        let screen = try term.waitFor("movies [0 selected]>")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("Welcome back, last visit just now (") == true, "\(screen)")
        let heading = try #require(lines.firstIndex { $0.hasPrefix("movies · \"the\"") }, "\(screen)")
        let more = try #require(lines.firstIndex { $0.contains("more: list shows the whole page)") })
        // The rows from 1, without a gap, then the line that says how many more, then the prompt.
        let numbers = lines[(heading + 1)..<more].map { Int($0.prefix(6).trimmingCharacters(in: .whitespaces)) }
        #expect(numbers == Array(1...(more - heading - 1)), "\(screen)")
        #expect(lines[more + 1].hasPrefix("movies [0 selected]>"), "\(screen)")
        try term.type("list")
        try term.send("Enter")
        try term.waitFor("next for page 2")
    }

    /// `history clear` asks first on a terminal, as fish does; `n` keeps the history. A script proceeds.
    @Test func historyClearAsksOnATerminal() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search heat; search alien"])
        let term = try TmuxTerminal(sandbox: box, width: 80, height: 24)
        try term.waitFor("movies [0 selected]>")
        /// `history clear` typed at the prompt, up to its question.
        func askToClear() throws {
            try term.type("history clear")
            try term.send("Enter")
            try term.waitFor("[y/N]")
        }
        try askToClear()
        try term.waitFor("Clear all 2 searches and typed lines? It cannot be undone. [y/N]")
        try term.type("n")
        try term.send("Enter")
        let kept = try term.waitFor("History kept: 2 searches.")
        #expect(kept.contains("[y/N] n\nHistory kept: 2 searches.\nmovies [0 selected]>"), "\(kept)")
        // Ctrl-D answers no too, and ends the question's line (it left the answer on it).
        try askToClear()
        try term.send("C-d")
        let ended = try term.waitFor("[y/N]\nHistory kept: 2 searches.")
        #expect(ended.contains("[y/N]\nHistory kept: 2 searches.\nmovies [0 selected]>"), "\(ended)")
        try askToClear()
        try term.type("y")
        try term.send("Enter")
        // The lines typed at the prompt go too: the first history clear (in the file), and Up recalls nothing.
        try term.waitFor("History cleared: 2 searches removed, and 1 typed line.")
        try term.send("Up")
        try await Task.sleep(for: .milliseconds(300))
        let lastPrompt = try #require(
            try term.screen().split(separator: "\n").last { $0.hasPrefix("movies [0 selected]>") })
        #expect(!lastPrompt.contains("history clear"), "\(lastPrompt)")
        #expect(try await box.run(["-c", "pick history --filter ''"]).stdout == "")
        let script = try await box.run(["-c", "search heat; history clear"])
        #expect(script.stdout.hasSuffix("History cleared: 1 search removed.\n"), "\(script.stdout)")
        #expect(!script.stdout.contains("[y/N]"))
    }

    @Test func sigtermAndSighupSaveAndExit() async throws {
        for signal in ["TERM", "HUP"] {
            let box = try Sandbox()
            let term = try TmuxTerminal(sandbox: box)
            try term.waitFor("movies [0 selected]>")
            try term.type("search heat")
            try term.send("Enter")
            try term.waitFor("1  Heat")
            let kill = Process()
            kill.executableURL = URL(fileURLWithPath: "/bin/kill")
            kill.arguments = ["-\(signal)", String(try term.panePID())]
            try kill.run()
            kill.waitUntilExit()
            for _ in 0..<100 where term.isRunning { usleep(50_000) }
            #expect(!term.isRunning, "SIG\(signal)")
            #expect(try box.read(box.sessionFile).contains("\"terms\" : \"heat\""))
            // The last visit is the moment scout left.
            #expect(try box.read(box.sessionFile).contains("lastVisited"))
        }
    }

    @Test func aQueryTypedJustBeforeASIGKILLIsInTheHistoryAfterRestart() async throws {
        let box = try Sandbox()
        let term = try TmuxTerminal(sandbox: box)
        try term.waitFor("movies [0 selected]>")
        try term.type("search heat")
        try term.send("Enter")
        try term.waitFor("1  Heat")
        try term.type("search kubrick")
        try term.send("Enter")
        // Killed the moment the line is entered, perhaps while its search runs.
        let lineHistory = box.path("state/scout/editline_history")
        for _ in 0..<500 where !((try? box.read(lineHistory))?.contains("search kubrick") ?? false) { usleep(2_000) }
        kill(try term.panePID(), SIGKILL)
        for _ in 0..<100 where term.isRunning { usleep(20_000) }
        #expect(!term.isRunning)

        let history = try await box.run(["-c", "history"])
        #expect(history.stdout.contains("heat"), "the search that answered is in history.jsonl")
        let again = try TmuxTerminal(sandbox: box)
        try again.waitFor("selected]>")
        try again.send("Up")
        try again.waitFor("> search kubrick")
        try again.send("Up")
        try again.waitFor("> search heat")
    }

    @Test func aResizedWindowRedrawsTheLineAndListingsFitTheNewWidth() async throws {
        let box = try Sandbox()
        let term = try TmuxTerminal(sandbox: box, width: 120, height: 30)
        try term.waitFor("movies [0 selected]>")
        try term.type("search kub")
        try term.resize(width: 50, height: 30)
        // libedit redraws the prompt and the half-typed line at the new width; typing goes on.
        try await Task.sleep(for: .milliseconds(300))
        try term.type("rick")
        try term.send("Enter")
        try term.waitFor("Barry Lyndon")
        let screen = try term.screen(joined: true)
        #expect(term.isRunning)
        #expect(screen.contains("search kubrick"))
        let rows = screen.split(separator: "\n").filter { $0.contains("Stanley Kubrick") || $0.contains("2001") }
        #expect(!rows.isEmpty)
        let listing = screen.split(separator: "\n").drop { !$0.contains("movies · \"kubrick\"") }
        #expect(listing.allSatisfy { $0.count <= 50 }, "every line fits 50 columns:\n\(screen)")
        #expect(screen.contains("2001: A Space Odyssey"))
    }

    @Test func editrcIsReadForProgramNameScout() async throws {
        let box = try Sandbox()
        try box.write("scout:bind -s ^T 'search godfather'\nother:bind -s ^T 'search alien'\n", to: box.path(".editrc"))
        let term = try TmuxTerminal(sandbox: box)
        try term.waitFor("movies [0 selected]>")
        try term.send("C-t", "Enter")
        let screen = try term.waitFor("movies · \"godfather\"")
        #expect(screen.contains("The Godfather Part II"))
    }
}
