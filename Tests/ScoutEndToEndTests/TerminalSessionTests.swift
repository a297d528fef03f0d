import Foundation
import ScoutKit
import ScoutTestSupport
import Testing

/// The pager, the browser, the welcome back, questions, signals, resizing and ~/.editrc on a real terminal.
extension TerminalTests {
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
        /// `history clear` typed at the prompt, up to its question: a new one, not one an earlier time left on the
        /// screen (an answer typed before its question is echoed by the terminal, and the screen is not this one).
        func askToClear() throws {
            let asked = try term.screen().components(separatedBy: "[y/N]").count
            try term.type("history clear")
            try term.send("Enter")
            let deadline = ContinuousClock.now + .seconds(10)
            while try term.screen().components(separatedBy: "[y/N]").count == asked {
                guard ContinuousClock.now < deadline else { throw SandboxError.timedOut("history clear") }
                usleep(20_000)
            }
        }
        try askToClear()
        try term.waitFor("Clear all 2 searches and typed lines? It cannot be undone. [y/N]")
        try term.type("n")
        try term.send("Enter")
        // The prompt is drawn after the answer's line, so wait for both: on a loaded machine the screen can be read
        // between the two.
        let kept = try term.waitFor("History kept: 2 searches.\nmovies [0 selected]>")
        #expect(kept.contains("[y/N] n\nHistory kept: 2 searches.\nmovies [0 selected]>"), "\(kept)")
        // Ctrl-D answers no too, and ends the question's line (it left the answer on it).
        try askToClear()
        try term.send("C-d")
        let ended = try term.waitFor("[y/N]\nHistory kept: 2 searches.\nmovies [0 selected]>")
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

    /// A window made wider or narrower while a line is half typed shows the prompt once, with the line after it.
    @Test(arguments: [(40, 80), (80, 50)])
    func aResizedWindowShowsThePromptOnce(from: Int, to: Int) async throws {
        let box = try Sandbox()
        let term = try TmuxTerminal(sandbox: box, width: from, height: 24)
        try term.waitFor("movies [0 selected]>")
        try term.type("search kub")
        try await Task.sleep(for: .milliseconds(200))
        try term.resize(width: to, height: 24)
        try await Task.sleep(for: .milliseconds(500))
        let lines = try term.screen().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.filter { $0.contains("selected]>") } == ["movies [0 selected]> search kub"], "\(lines)")
    }

    @Test func editrcIsReadForProgramNameScout() async throws {
        let box = try Sandbox()
        try box.write("scout:bind -s ^T 'search godfather'\nother:bind -s ^T 'search alien'\n", to: box.path(".editrc"))
        let term = try TmuxTerminal(sandbox: box)
        try term.waitFor("movies [0 selected]>")
        try term.send("C-t", "Enter")
        let screen = try term.waitFor("The Godfather Part II")
        #expect(screen.contains("movies · \"godfather\""), "\(screen)")
    }
}
