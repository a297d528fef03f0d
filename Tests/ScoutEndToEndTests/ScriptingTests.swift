import Foundation
import ScoutTestSupport
@testable import ScoutKit
import Testing

/// The built scout driven through pipes and `-c`, as a script would drive it.
@Suite struct ScriptingTests {
    @Test func scriptedSessionLeavesThreeValidFilesAndTheNextLaunchRestoresIt() async throws {
        let box = try Sandbox()
        let first = try await box.run(input: "search alien\nselect 2\nfav add\nhistory\nquit\n")
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stdout.contains("2  Aliens"))
        #expect(first.stdout.contains("♥ Aliens (1986, Science Fiction, James Cameron) is a favourite."))
        #expect(first.stdout.contains("\"alien\"  2 results"))

        // The three files, where SPEC.md says, each valid JSON, private.
        let session = try JSONSerialization.jsonObject(with: Data(contentsOf: box.sessionFile)) as? [String: Any]
        let query = session?["query"] as? [String: Any]
        #expect(query?["terms"] as? String == "alien")
        #expect((session?["selections"] as? [[String: Any]])?.first?["id"] as? String == "movies:11")
        #expect(session?["lastVisited"] is String)
        let favourites = try JSONSerialization.jsonObject(with: Data(contentsOf: box.favouritesFile)) as? [String: Any]
        let kept = favourites?["favourites"] as? [[String: Any]]
        #expect(kept?.count == 1)
        #expect(kept?.first?["title"] as? String == "Aliens")
        #expect(kept?.first?["addedAt"] is String)
        let records = try box.read(box.historyFile).split(separator: "\n")
        #expect(records.count == 1)
        let record = try JSONSerialization.jsonObject(with: Data(records[0].utf8)) as? [String: Any]
        #expect(record?["terms"] as? String == "alien")
        #expect(record?["count"] as? Int == 2)
        for file in [box.sessionFile, box.favouritesFile, box.historyFile] {
            #expect(box.mode(file) == 0o600, "\(file.path)")
        }
        for folder in ["state/scout", "data/scout"] { #expect(box.mode(box.path(folder)) == 0o700) }

        // A second launch: query, page, selection and view restored.
        let second = try await box.run(input: "session\nlist\nselection\n")
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(second.stdout.contains("Last visit: just now"))
        #expect(second.stdout.contains("Session: movies, \"alien\", page 1, 1 selected, list view"))
        #expect(second.stdout.contains("*♥ 2  Aliens"))
        #expect(second.stdout.contains("1. Aliens (1986, Science Fiction, James Cameron)  [movies:11]"))
    }

    @Test func theDetailViewAndPageAreRestored() async throws {
        let box = try Sandbox()
        try await box.run(input: "use restaurants\nsearch\nnext\nshow 23\n")
        let json = try await box.run(["--json", "-c", "session"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let session = object?["session"] as? [String: Any]
        #expect(session?["view"] as? String == "detail")
        #expect(session?["detail"] as? String == "restaurants:32")
        #expect(session?["page"] as? Int == 2)
        // Back to the list, the page is the one left.
        let list = try await box.run(["-c", "list"])
        #expect(list.stdout.hasPrefix("restaurants · everything · 66 results · page 2 of 4"))
    }

    @Test func pipedInputHasNoPromptNoEscapesAndFailsWithStatusOne() async throws {
        let box = try Sandbox()
        let ok = try await box.run(input: "search godfather\nsort year asc\n")
        #expect(ok.status == 0)
        #expect(!ok.stdout.contains("selected]>"))
        #expect(!ok.stdout.contains("\u{1B}") && !ok.stderr.contains("\u{1B}"))
        #expect(!ok.stdout.contains("Welcome"))

        let failed = try await box.run(input: "search godfather\nserch alien\nlist\n")
        #expect(failed.status == 1)
        #expect(
            failed.stderrLines == ["scout: unknown command \"serch\": did you mean \"search\"? (help lists commands)"])
        // The REPL went on after the error.
        #expect(failed.stdout.components(separatedBy: "movies · \"godfather\"").count == 3)
    }

    /// `help` lists every command under its topic, one line each; `help COMMAND` answers every command
    /// with its usage and an example that itself parses; a mistyped one gets the nearest.
    @Test func helpAnswersEveryCommandWithAnExample() async throws {
        let box = try Sandbox()
        let list = try await box.run(["-c", "help"])
        for topic in [
            "Searching", "Looking through results", "Choosing and keeping", "Past searches and denied terms",
            "Session, settings and leaving",
        ] {
            #expect(list.stdoutLines.contains(topic), "\(topic)")
        }
        for info in CommandTable.specs {
            #expect(
                list.stdoutLines.contains { $0.hasPrefix("  \(info.name) ") && $0.hasSuffix(info.summary) },
                "\(info.name)")
        }
        let names = CommandTable.specs.map(\.name)
        let each = try await box.run(["-c", names.map { "help \($0)" }.joined(separator: "; ")])
        #expect(each.status == 0)
        #expect(each.stdoutLines.filter { $0.hasPrefix("usage: ") }.count == names.count)
        let examples = each.stdoutLines.filter { $0.hasPrefix("example: ") }.map {
            String($0.dropFirst("example: ".count))
        }
        #expect(examples.count == names.count)
        for example in examples {
            #expect((try? Tokenizer.commands(example).map(CommandTable.parse)) != nil, "\(example)")
        }
        let search = try await box.run(["-c", "help search"])
        #expect(search.stdoutLines.contains("details:"))
        #expect(
            search.stdoutLines.contains {
                $0.hasPrefix("  --type T") && $0.hasSuffix("omdb: movie, series or episode; tmdb: movie or tv")
            }
        )
        let near = try await box.run(["-c", "help selct"])
        #expect(near.stderrLines == ["scout: no command \"selct\": did you mean \"select\"?"])
    }

    /// The man page comes from the same table as `help` and the same options as `--help`, and man reads it
    /// without a warning; completion scripts for bash, zsh and fish complete the launch flags and their values.
    @Test func manPageAndShellCompletionScripts() async throws {
        let box = try Sandbox()
        let manual = try await box.run(["--manual"])
        #expect(manual.status == 0 && manual.stdout.hasPrefix(".TH SCOUT 1"))
        for info in CommandTable.specs { #expect(manual.stdout.contains(Manual.escape(info.usage)), "\(info.name)") }
        #expect(manual.stdout.contains(Manual.escape("--offline")))
        // The settings and the sources' variables come from their tables: each setting with its default.
        for setting in Settings.table { #expect(manual.stdout.contains("\\fB\(Manual.escape(setting.term))\\fR\n")) }
        #expect(
            manual.stdout.contains(
                "\\fBpage\\-size N\\fR\nrows a page: 1 to 200, or auto to fit the window. Default: auto (fits the "
                    + "window; 20 in a script)."))
        // The environment comes from its table, each variable the sources read with it.
        #expect(
            manual.stdout.contains(
                "\\fBSCOUT_OMDB_URL\\fR\nBase URL of OMDb (default \\fBhttps://www.omdbapi.com\\fR).\n"))
        #expect(manual.stdout.contains("\\fBPAGER\\fR, \\fBLESS\\fR, \\fBLV\\fR\nShows output longer than the screen"))
        #expect(manual.stdout.contains("\\-\\-generate\\-completion\\-script <shell>"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let page = box.root.appendingPathComponent("scout.1")
            try Data(manual.stdout.utf8).write(to: page)
            let man = Process()
            man.executableURL = URL(fileURLWithPath: "/usr/bin/man")
            man.arguments = ["--warnings", "-l", page.path]
            man.environment = ["MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "MANPAGER": "cat"]
            let errors = Pipe(), output = Pipe()
            (man.standardError, man.standardOutput) = (errors, output)
            try man.run()
            let rendered = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            man.waitUntilExit()
            #expect(warnings.isEmpty, "\(warnings)")
            #expect(rendered.contains("Example: select 1-3,7"))
        }
        for shell in ["bash", "zsh", "fish"] {
            let script = try await box.run(["--generate-completion-script", shell])
            #expect(script.status == 0)
            #expect(
                script.stdout.contains("offline") && script.stdout.contains("always")
                    && script.stdout.contains("restaurants"), "\(shell)")
        }
    }

    @Test func dashCRunsCommandsAndExits() async throws {
        let box = try Sandbox()
        let run = try await box.run(["-c", "search kubrick; sort year asc; select 1; selection"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("1. Dr. Strangelove (1964, Comedy, Stanley Kubrick)  [movies:31]"))
        let bad = try await Sandbox().run(["-c", "select 1"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("nothing to list yet"))
    }

    @Test func jsonWritesOneObjectPerCommand() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "set page-size 5"])
        let run = try await box.run(["--json", "-c", "search; next; select 6; bogus; fav add 7"])
        let objects = try run.stdoutLines.map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        #expect(objects.count == 5)
        #expect(objects[0]["ok"] as? Bool == true)
        #expect(objects[0]["total"] as? Int == 139)
        #expect(objects[0]["pages"] as? Int == 28)
        #expect(objects[1]["page"] as? Int == 2)
        let items = objects[1]["items"] as? [[String: Any]] ?? []
        #expect(items.count == 5)
        #expect(items.first?["row"] as? Int == 6)
        #expect(items.first?["title"] as? String == "Vertigo")
        #expect(items.first?["director"] as? String == "Alfred Hitchcock")
        #expect(items.first?["year"] as? Int == 1958) // version 1: a year is a number
        #expect(items.first?["selected"] as? Bool == false)
        #expect(objects[3]["ok"] as? Bool == false)
        #expect((objects[3]["error"] as? String)?.contains("unknown command") == true)
        #expect(objects[4]["added"] as? Int == 1)
        #expect(run.status == 1)
        let list = try await box.run(["--json", "-c", "list"])
        let page = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
        let rows = page?["items"] as? [[String: Any]] ?? []
        #expect(rows.first { $0["row"] as? Int == 6 }?["selected"] as? Bool == true)
        #expect(rows.first { $0["row"] as? Int == 7 }?["favourite"] as? Bool == true)
    }

    @Test func restaurantsGroupByCuisineAndACuisineQueryKeepsItAll() async throws {
        let box = try Sandbox()
        let run = try await box.run(["-c", "use restaurants; search thai; search tokyo ramen; search london indian"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("restaurants · \"thai\" · 7 results"))
        #expect(run.stdout.contains("── Thai ──"))
        // No cuisine is named "tokyo ramen" and no restaurant matches both words.
        #expect(run.stdout.contains("No restaurants match \"tokyo ramen\"."))
        #expect(run.stdout.contains("restaurants · \"london indian\" · 3 results"))
        let multi = try await box.run(["-c", "search thai; select 1-3,5; selection"])
        #expect(multi.stdout.contains("Selected 4: Nahm, Jay Fai, Sorn and 1 more."))
        let single = try await box.run(["-c", "use movies; search nolan; select 1-2"])
        #expect(single.stderr.contains("movies takes one pick"))
    }

    @Test func selectionsSurviveFilterSortPagingAndRestart() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search; select 25; filter spielberg; sort title; page 1"])
        let run = try await box.run(["-c", "filter; sort relevance; page 2; selection"])
        #expect(run.stdout.contains("*   25  Close Encounters of th"))
        #expect(
            run.stdout.contains(
                "1. Close Encounters of the Third Kind (1977, Science Fiction, Steven Spielberg)  [movies:25]"))
    }

    @Test func historyRecordsChoicesAndReruns() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search fincher; select 2; done; search coen; history"])
        let run = try await box.run(["-c", "history; !1; !!; history 2"])
        #expect(run.stdout.contains("\"fincher\"  4 results  → Fight Club"))
        #expect(run.stdout.contains("Re-running: search fincher"))
        #expect(run.stdout.contains("4  "))
        // A pick from another source stays out of this search's record.
        let mixed = try await box.run(["-c", "use restaurants; search rome; select 1; done; history 1"])
        #expect(mixed.stdout.contains("Chosen (2):"))
        #expect(mixed.stdout.contains("\"rome\"  2 results  → Roscioli\n"))
        let search = try await box.run(["-c", "history search coen"])
        #expect(search.stdoutLines.count == 1)
        #expect(search.stdout.contains("\"coen\""))
        let removed = try await box.run(["-c", "history rm 1; history"])
        #expect(!removed.stdout.contains("→ Fight Club"))
        let cleared = try await box.run(["-c", "history clear; history"])
        #expect(cleared.stdout.contains("No searches yet."))
    }

    @Test func deniedTermsAreRefusedBeforeAnyRequest() async throws {
        let server = try await FixtureServer.start(routes: [
            "/movies": try Data(contentsOf: FixtureServer.fixtures.appendingPathComponent("catalog/movies.json"))
        ])
        let box = try Sandbox()
        box.environment["SCOUT_CATALOG_URL"] = server.baseURL
        let run = try await box.run(["-c", "deny add Star  Wars; search star wars episode iv; search STAR WARS; deny"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("refused: \"star wars episode iv\" matches the denied term \"Star Wars\""))
        #expect(run.stdout.contains("1. Star Wars"))
        #expect(await server.log.paths.isEmpty)
        let allowed = try await box.run(["-c", "deny rm star wars; search tarkovsky"])
        #expect(allowed.status == 0)
        #expect(await server.log.paths == ["/movies"])
        // A restored session fetches its results when a command needs them, not at start.
        try await box.run(["-c", "fav; history; selection; session"])
        #expect(await server.log.paths == ["/movies"])
        let list = try await box.run(["-c", "list"])
        #expect(list.stdout.contains("movies · \"tarkovsky\" · 4 results"))
        #expect(await server.log.paths == ["/movies", "/movies"])
        await server.stop()
    }

    @Test func aCatalogServerReplacesTheBuiltInCatalog() async throws {
        let server = try await FixtureServer.start(routes: [
            "/movies": try Data(contentsOf: FixtureServer.fixtures.appendingPathComponent("catalog/movies.json")),
            "/restaurants": try Data(
                contentsOf: FixtureServer.fixtures.appendingPathComponent("catalog/restaurants.json")),
        ])
        let box = try Sandbox()
        box.environment["SCOUT_CATALOG_URL"] = server.baseURL
        let run = try await box.run([
            "-c", "search tarkovsky; sort year; search 東京; search evil; use restaurants; search korean; sources",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        // 4 films by him; the record with a null title costs that record only; year 1972 came as a string.
        #expect(run.stdout.contains("movies · \"tarkovsky\" · 4 results"))
        #expect(run.stdout.contains("1  Stalker") && run.stdout.contains("3  Solaris"))
        #expect(run.stdout.contains("東京物語 (Tokyo Story)"))
        // Hostile titles reach the terminal with their control characters made visible.
        #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\u{9B}") && !run.stdout.contains("\u{202E}"))
        #expect(run.stdout.contains("^[]0;pwned^GEvil ^[[2JTitle<U+009B>"))
        #expect(run.stdout.contains("restaurants · \"korean\" · 2 results"))
        #expect(run.stdout.contains("catalog at \(server.baseURL)"))
        await server.stop()

        let down = try await box.run(["-c", "use movies; search anything"])
        #expect(down.status == 1)
        #expect(down.stderrLines.last?.contains("cannot reach 127.0.0.1") == true)
    }
}
