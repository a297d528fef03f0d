import Foundation
import ScoutTestSupport
import Testing

/// What the files hold after real runs: concurrent scouts, damaged files, exports, named sessions.
@Suite struct PersistenceTests {
    @Test func twoScoutsAddingAtOnceLoseNothing() async throws {
        let box = try Sandbox()
        func script(_ rows: ClosedRange<Int>) -> String {
            "search\n" + rows.map { "fav add \($0)\n" }.joined()
        }
        let a = try box.launch([], input: script(1...50))
        let b = try box.launch([], input: script(51...100))
        let (first, second) = (try await a.finish(), try await b.finish())
        #expect(first.status == 0, "\(first.stderr)")
        #expect(second.status == 0, "\(second.stderr)")
        let ids = try box.favouriteIDs()
        #expect(ids.count == 100)
        #expect(Set(ids) == Set((1...100).map { "movies:\($0)" }))
        // Both searches are in the history, whole.
        #expect(try box.read(box.historyFile).split(separator: "\n").count == 2)
    }

    @Test func aGarbageSessionIsKeptAsideWithOneWarningAndScoutWorks() async throws {
        let box = try Sandbox()
        try box.write("\u{0}\u{1}not json at all {", to: box.sessionFile)
        let run = try await box.run(["-c", "search alien"])
        #expect(run.status == 0)
        #expect(run.stderrLines.count == 1)
        #expect(
            run.stderrLines.first?.hasPrefix(
                "scout: the session was damaged and could not be read; kept it as session.json.corrupt-") == true)
        #expect(run.stdout.contains("1  Alien"))
        let kept = box.files(in: "state/scout").filter { $0.hasPrefix("session.json.corrupt-") }
        #expect(kept.count == 1)
        #expect(try box.read(box.path("state/scout/\(kept[0])")) == "\u{0}\u{1}not json at all {")
        // The new session is valid, and a second damaged file does not overwrite the first copy.
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: box.sessionFile)) is [String: Any])
        try box.write("[]", to: box.sessionFile)
        let again = try await box.run(["-c", "sources"])
        #expect(again.status == 0)
        #expect(box.files(in: "state/scout").filter { $0.hasPrefix("session.json.corrupt-") }.count == 2)
    }

    /// The session is written through its spare, which holds it as it was one command before: a damaged session
    /// goes back to that, not to nothing.
    @Test func aDamagedSessionGoesBackToTheOneBeforeIt() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search tokyo --in restaurants; select 1-3"])
        try await box.run(["-c", "select 5"])
        try box.write("{\"page\": \"x\"", to: box.sessionFile)
        let run = try await box.run(["-c", "session"])
        #expect(run.status == 0)
        #expect(
            run.stderrLines.map { $0.replacing(/corrupt-[0-9TZ]+/, with: "corrupt-TIME") } == [
                "scout: the session was damaged and could not be read; kept it as session.json.corrupt-TIME and went "
                    + "back to the one before it"
            ])
        #expect(run.stdout.contains("Session: restaurants, \"tokyo\", page 1, 3 selected, list view"), "\(run.stdout)")
        // That run changed nothing: the next one restores the same, with no warning.
        let next = try await box.run(["-c", "session"])
        #expect(next.stderr == "")
        #expect(
            next.stdout.contains("Session: restaurants, \"tokyo\", page 1, 3 selected, list view"), "\(next.stdout)")
    }

    @Test func damagedFavouritesAndSettingsAreKeptAsideToo() async throws {
        let box = try Sandbox()
        try box.write("{\"favourites\": [", to: box.favouritesFile)
        try box.write("not json", to: box.path("config/scout/config.json"))
        let run = try await box.run(["-c", "fav; search alien; fav add 1; fav"])
        #expect(run.status == 0, "\(run.stderr)")
        // One line each, naming the copy kept (its name ends in the time) and what scout did instead.
        let said = run.stderrLines.map { $0.replacing(/corrupt-[0-9TZ]+/, with: "corrupt-TIME") }
        #expect(
            said == [
                "scout: the settings file was damaged and could not be read; kept it as config.json.corrupt-TIME and "
                    + "went on with the default settings",
                "scout: the favourites file was damaged and could not be read; kept it as "
                    + "favourites.json.corrupt-TIME and started the favourites file afresh",
            ], "\(run.stderr)")
        #expect(run.stdout.contains("1. Alien (1979, Science Fiction, Ridley Scott)  [movies:10]"))
        #expect(box.files(in: "data/scout").contains { $0.hasPrefix("favourites.json.corrupt-") })
        #expect(box.files(in: "config/scout").contains { $0.hasPrefix("config.json.corrupt-") })
    }

    /// A settings file edited by hand keeps what scout can use: each other key is one line naming the file,
    /// the key and what was used instead, said once even when `set` reads the file again under its lock;
    /// the escape a value holds never reaches the terminal.
    @Test func aHandEditedSettingsFileKeepsWhatItCan() async throws {
        let box = try Sandbox()
        let config = box.path("config/scout/config.json")
        try box.write(
            #"{"page-size": 3, "country": "\u001b[2Jzz", "timeout": "2m", "watch-pages": 50, "later": [1]}"#,
            to: config)
        let run = try await box.run(["-c", "set watch-pages 4", "-c", "search --in movies"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderrLines == [
                #"scout: \#(config.path): country "\u001b[2Jzz" is not used: "^[[2Jzz" is not the country of an "#
                    + "iTunes store: use its two-letter ISO 3166-1 code, such as US, GB, DE, FR or JP; went on with US",
                "scout: \(config.path): watch-pages 50 is not used: watch-pages takes a number of pages from 1 to 10, "
                    + "such as 3; went on with 3",
            ], "\(run.stderr)")
        #expect(run.stdoutLines.first == "watch-pages is now 4.")
        // page-size 3 held: three rows a page.
        #expect(
            run.stdoutLines.dropFirst() == [
                "movies · everything · 139 results · page 1 of 47",
                "     1  The Godfather            1972  Crime            Francis Ford Coppola",
                "     2  The Godfather Part II    1974  Crime            Francis Ford Coppola",
                "     3  Apocalypse Now           1979  War              Francis Ford Coppola",
                "next for page 2 of 47",
            ], "\(run.stdout)")
        #expect(
            try box.read(config) == """
                {
                  "art-cache-mb" : 100,
                  "auto-deny" : true,
                  "cache-ttl" : 3600,
                  "color" : "auto",
                  "country" : "US",
                  "images" : "auto",
                  "lang" : "en_us",
                  "later" : [1],
                  "offline" : false,
                  "page-size" : 3,
                  "picker" : "builtin",
                  "sync-auto" : true,
                  "sync-timeout" : 3,
                  "timeout" : 120,
                  "watch-pages" : 4
                }

                """)
        // Written back, the file reads without a word.
        #expect(try await box.run(["-c", "set timeout"]).stderr == "")
    }

    @Test func damagedHistoryDenyListAndCacheEntriesCostOnlyWhatWasDamaged() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search alien; search heat; deny add spoilers; deny add heist"])
        var history = try box.read(box.historyFile)
        history = history.replacingOccurrences(
            of: "\n", with: "\n\u{0}\u{0}{\"kind\": \u{FF}\n", options: [], range: history.range(of: "\n"))
        try box.write(history, to: box.historyFile)
        try box.write("spoilers\n\u{1B}]52;c;bad\u{7}\nheist\n", to: box.path("data/scout/denylist.txt"))
        let run = try await box.run(["-c", "history; deny"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.count == 2, "\(run.stderr)")
        #expect(run.stderr.contains("scout: history had 1 damaged line; kept the file as history.jsonl.corrupt-"))
        #expect(run.stderr.contains("and the 2 records that could be read"))
        #expect(run.stderr.contains("scout: the deny list had 1 damaged line; kept the file as denylist.txt.corrupt-"))
        #expect(run.stdout.contains("alien") && run.stdout.contains("heat"))
        #expect(run.stdout.contains("spoilers") && run.stdout.contains("heist"))
        #expect(box.files(in: "state/scout").contains { $0.hasPrefix("history.jsonl.corrupt-") })
        #expect(box.files(in: "data/scout").contains { $0.hasPrefix("denylist.txt.corrupt-") })
        // Repaired: the next run says nothing.
        let next = try await box.run(["-c", "history; deny"])
        #expect(next.stderr.isEmpty)

        let server = try await FixtureServer.start { _, _ in FixtureResponse(body: FaultTests.song) }
        box.environment["SCOUT_ITUNES_URL"] = server.baseURL
        try await box.run(["-c", "search love --in songs"])
        let entries = box.files(in: "cache/scout").filter { $0.hasSuffix(".answer") }
        #expect(entries.count == 1)
        // A cached answer is derived data: a damaged one is a miss, asked again and written whole, without a word.
        try box.write(String(repeating: "\u{0}", count: 40), to: box.path("cache/scout/\(entries[0])"))
        let cached = try await box.run(["-c", "search love --in songs"])
        #expect(cached.status == 0)
        #expect(cached.stderr.isEmpty, "\(cached.stderr)")
        #expect(cached.stdout.contains("Love Story"))
        #expect(await server.log.paths.count == 2, "the damaged entry was asked for again")
        #expect(try box.read(box.path("cache/scout/\(entries[0])")).hasPrefix("scout-answer 1 200 "))
        await server.stop()
    }

    @Test func favouritesExportAndImportMergeById() async throws {
        let box = try Sandbox()
        try await box.run([
            "-c", "search kubrick; fav add 1-3 --tag classics; fav export favs.json; fav export favs.csv",
        ])
        let csv = try box.read(box.path("favs.csv"))
        #expect(csv.hasPrefix("id,title,source,added_at,tags,url,year,genre,director\r\n"))
        #expect(csv.contains("movies:28,2001: A Space Odyssey,movies,"))
        #expect(csv.contains(",classics,,1968,Science Fiction,Stanley Kubrick\r\n"))
        #expect(box.mode(box.path("favs.json")) == 0o600)

        let other = try Sandbox()
        try FileManager.default.copyItem(at: box.path("favs.csv"), to: other.path("favs.csv"))
        try FileManager.default.copyItem(at: box.path("favs.json"), to: other.path("favs.json"))
        let run = try await other.run(["-c", "search nolan; fav add 1; fav import favs.csv; fav import favs.json; fav"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Imported 3 new favourites (0 already kept)."))
        #expect(run.stdout.contains("Imported 0 new favourites (3 already kept)."))
        #expect(run.stdout.contains("4. A Clockwork Orange (1971, Crime, Stanley Kubrick)  [movies:30]  #classics"))
        let bad = try await other.run(["-c", "fav import missing.json"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("missing.json: no such file"))
    }

    @Test func favouritesWorkOfflineFromTheirSnapshots() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "use restaurants; search tokyo; fav add 2"])
        let run = try await box.run(["--fresh", "-c", "fav show 1; fav search tokyo; fav rm restaurants:10; fav"])
        #expect(run.stdout.contains("Narisawa"))
        #expect(run.stdout.contains("City:     Tokyo"))
        #expect(run.stdout.contains("Removed Narisawa (Japanese, Tokyo, $$$$) from the favourites."))
        #expect(run.stdout.contains("No favourites yet"))
    }

    @Test func namedSessionsAndFresh() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search spielberg; select 3; session save weekend; session reset"])
        let list = try await box.run(["-c", "session list; session"])
        #expect(list.stdout.contains("weekend              movies \"spielberg\", 1 selected, saved just now"))
        #expect(list.stdout.contains("Session: movies, no search yet, 0 selected, list view"))
        let load = try await box.run(["-c", "session load weekend; selection"])
        #expect(load.stdout.contains("Loaded session weekend: movies, \"spielberg\", page 1, 1 selected, list view."))
        #expect(load.stdout.contains("1. Raiders of the Lost Ark"))
        let named = try await box.run(["--session", "weekend", "-c", "selection"])
        #expect(named.stdout.contains("1. Raiders of the Lost Ark"))
        let fresh = try await box.run(["--fresh", "-c", "selection; history"])
        #expect(fresh.stdout.contains("Nothing selected"))
        #expect(fresh.stdout.contains("\"spielberg\""))
        #expect(box.mode(box.path("state/scout/sessions/weekend.json")) == 0o600)
        // A session in use is written through its spare (FileStore.write's `often`); rm takes both.
        try await box.run(["--session", "weekend", "-c", "select 4"])
        let folder = box.path("state/scout/sessions").path
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                ".weekend.json.spare", "weekend.json",
            ])
        let gone = try await box.run(["-c", "session rm weekend; session load weekend"])
        #expect(gone.status == 1)
        #expect(gone.stderr.contains("no session named weekend"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    @Test func settingsAreSavedAndValidated() async throws {
        let box = try Sandbox()
        let run = try await box.run(["-c", "set page-size 7; set omdb-key abcdef123; set color purple; set"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("color takes auto, always or never"))
        #expect(run.stdout.contains("omdb-key      •••••••23 from set omdb-key"))
        let config = try box.read(box.path("config/scout/config.json"))
        #expect(config.contains("\"page-size\" : 7"))
        let list = try await box.run(["-c", "search"])
        #expect(list.stdout.contains("page 1 of 20"))
    }
}
