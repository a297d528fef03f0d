import Foundation
import ScoutTestSupport
import Testing
@testable import ScoutKit

/// Every command family driven in process through the REPL with a scripted reader: the lines a person
/// reads, in milliseconds, without spawning scout. The scenario tests check the same through the binary.
@MainActor @Suite struct HandlerTests {
    /// Runs the lines in a fresh sandbox (page size 5) and returns what a person reads: each output's
    /// lines, then `! ` and its warnings and error.
    func read(_ lines: [String], in box: Sandbox? = nil) async throws -> [String] {
        let box = try box ?? Sandbox()
        var context = ShellContext(environment: box.environment, home: box.root.path, workingDirectory: box.root.path,
                                   now: { REPLTests.now }, sessionName: nil, width: 80)
        context.calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let shell = Shell(context: context, fresh: true)
        var reader = ScriptedReader(["set page-size 5"] + lines)
        var printed: [Output] = []
        await REPL(shell: shell).run(reader: &reader) { printed.append($0) }
        return Array(printed.dropFirst().flatMap { $0.lines + $0.warnings.map { "! " + $0 } + ($0.error.map { ["! " + $0] } ?? []) })
    }

    /// Search and paging, filter, sort, group, show, open, use: each message says what to do next.
    @Test func searchPagingFilterSortGroupShowOpenAndUse() async throws {
        let lines = try await read(["search nolan", "next", "next", "prev", "page 9", "load all", "filter dark", "filter", "sort year desc", "group genre", "group none", "show 2", "open 2", "use restaurants", "use nowhere", "search --year 1999"])
        #expect(lines.joined(separator: "\n") == """
            movies · "nolan" · 5 results · page 1 of 1
               1  Memento                           2000  Thriller         Christopher Nolan
               2  The Dark Knight                   2008  Action           Christopher Nolan
               3  Inception                         2010  Science Fiction  Christopher Nolan
               4  Interstellar                      2014  Science Fiction  Christopher Nolan
               5  Oppenheimer                       2023  Drama            Christopher Nolan
            ! already on the last page
            ! already on the last page
            ! already on the first page
            ! there is only one page
            All 5 results are loaded.
            movies · "nolan" · 1 result · filter "dark" · page 1 of 1
               1  The Dark Knight                           2008  Action  Christopher Nolan
            movies · "nolan" · 5 results · page 1 of 1
               1  Memento                           2000  Thriller         Christopher Nolan
               2  The Dark Knight                   2008  Action           Christopher Nolan
               3  Inception                         2010  Science Fiction  Christopher Nolan
               4  Interstellar                      2014  Science Fiction  Christopher Nolan
               5  Oppenheimer                       2023  Drama            Christopher Nolan
            movies · "nolan" · 5 results · by year desc · page 1 of 1
               1  Oppenheimer                       2023  Drama            Christopher Nolan
               2  Interstellar                      2014  Science Fiction  Christopher Nolan
               3  Inception                         2010  Science Fiction  Christopher Nolan
               4  The Dark Knight                   2008  Action           Christopher Nolan
               5  Memento                           2000  Thriller         Christopher Nolan
            movies · "nolan" · 5 results · by year desc · page 1 of 1
            ── Action ──
               1  The Dark Knight                   2008  Action           Christopher Nolan
            ── Drama ──
               2  Oppenheimer                       2023  Drama            Christopher Nolan
            ── Science Fiction ──
               3  Interstellar                      2014  Science Fiction  Christopher Nolan
               4  Inception                         2010  Science Fiction  Christopher Nolan
            ── Thriller ──
               5  Memento                           2000  Thriller         Christopher Nolan
            movies · "nolan" · 5 results · by year desc · page 1 of 1
               1  Oppenheimer                       2023  Drama            Christopher Nolan
               2  Interstellar                      2014  Science Fiction  Christopher Nolan
               3  Inception                         2010  Science Fiction  Christopher Nolan
               4  The Dark Knight                   2008  Action           Christopher Nolan
               5  Memento                           2000  Thriller         Christopher Nolan
            Interstellar
            ────────────
            Year:      2014
            Genre:     Science Fiction
            Director:  Christopher Nolan
            Id:        movies:45
            ! Interstellar has no web page
            Now using restaurants: search TERMS, or search alone for everything.
            ! no source "nowhere": sources lists them
            ! --year does not apply to restaurants: the catalog takes only terms and --in
            """)
    }

    /// Selection: one pick replaces the last in movies; unselecting rows not selected says so; an empty list has no rows.
    @Test func selectAndUnselectSelectionAndDone() async throws {
        let lines = try await read(["selection", "search nolan", "select 2", "select 3", "unselect 2", "selection", "done", "use restaurants", "search pizza", "select 1-2", "select 1", "done"])
        #expect(lines.joined(separator: "\n") == """
            Nothing selected: select RANGES picks rows.
            movies · "nolan" · 5 results · page 1 of 1
               1  Memento                           2000  Thriller         Christopher Nolan
               2  The Dark Knight                   2008  Action           Christopher Nolan
               3  Inception                         2010  Science Fiction  Christopher Nolan
               4  Interstellar                      2014  Science Fiction  Christopher Nolan
               5  Oppenheimer                       2023  Drama            Christopher Nolan
            Selected The Dark Knight (2008, Action, Christopher Nolan).
            Selected Inception (2010, Science Fiction, Christopher Nolan) instead of The Dark Knight.
            None of those rows was selected (1 selected): selection lists them.
            1. Inception (2010, Science Fiction, Christopher Nolan)  [movies:44]
            Chosen:
              Inception (2010, Science Fiction, Christopher Nolan)
            Now using restaurants: search TERMS, or search alone for everything.
            No restaurants match "pizza".
            ! there are no rows: the list is empty (search again, or filter alone clears a filter)
            ! there are no rows: the list is empty (search again, or filter alone clears a filter)
            Chosen:
              Inception (2010, Science Fiction, Christopher Nolan)
            """)
    }

    /// Favourites: add with a tag, tag and untag, show, search, export, remove, import back.
    @Test func favouritesAddTagShowSearchExportRemoveImport() async throws {
        let box = try Sandbox()
        let lines = try await read(["fav", "search nolan", "fav add 1-2 --tag weekend", "fav", "fav tag 2 rewatch", "fav untag 2 rewatch", "fav show 1", "fav search dark", "fav export favs.json", "fav rm 1", "fav import favs.json", "fav rm movies:999"], in: box)
        #expect(lines.joined(separator: "\n") == """
            No favourites yet: fav add RANGES keeps rows.
            movies · "nolan" · 5 results · page 1 of 1
               1  Memento                           2000  Thriller         Christopher Nolan
               2  The Dark Knight                   2008  Action           Christopher Nolan
               3  Inception                         2010  Science Fiction  Christopher Nolan
               4  Interstellar                      2014  Science Fiction  Christopher Nolan
               5  Oppenheimer                       2023  Drama            Christopher Nolan
            ♥ Added 2 favourites tagged #weekend:
              Memento (2000, Thriller, Christopher Nolan)
              The Dark Knight (2008, Action, Christopher Nolan)
            1. Memento (2000, Thriller, Christopher Nolan)  [movies:42]  #weekend
            2. The Dark Knight (2008, Action, Christopher Nolan)  [movies:43]  #weekend
            Tagged The Dark Knight (2008, Action, Christopher Nolan) #rewatch.
            Took #rewatch off The Dark Knight (2008, Action, Christopher Nolan).
            Memento
            ───────
            Year:      2000
            Genre:     Thriller
            Director:  Christopher Nolan
            Id:        movies:42
            ♥ favourite
            Added Sun 22 Nov 2026, 19:14 · tags: weekend
            2. The Dark Knight (2008, Action, Christopher Nolan)  [movies:43]  #weekend
            Exported 2 favourites to favs.json.
            Removed Memento (2000, Thriller, Christopher Nolan) from the favourites.
            Imported 1 new favourite (1 already kept).
            ! no favourite has the id movies:999: fav lists them with their ids
            """)
        // The export holds both favourites, with their tags, as fav export's JSON.
        let exported = try String(contentsOf: box.root.appendingPathComponent("favs.json"), encoding: .utf8)
        #expect(exported.contains("\"id\" : \"movies:42\"") && exported.contains("\"id\" : \"movies:43\""), "\(exported)")
        #expect(exported.contains("\"weekend\""))
    }

    /// History: numbered searches, search among them, !1 re-runs, rm, a count, clear.
    @Test func historyListsSearchesRerunsRemovesAndClears() async throws {
        let lines = try await read(["history", "search nolan", "search alien", "history", "history search ali", "!1", "history rm 1", "history 1", "!x", "history clear", "history", "history clear"])
        #expect(lines.joined(separator: "\n") == """
            No searches yet.
            movies · "nolan" · 5 results · page 1 of 1
               1  Memento                           2000  Thriller         Christopher Nolan
               2  The Dark Knight                   2008  Action           Christopher Nolan
               3  Inception                         2010  Science Fiction  Christopher Nolan
               4  Interstellar                      2014  Science Fiction  Christopher Nolan
               5  Oppenheimer                       2023  Drama            Christopher Nolan
            movies · "alien" · 2 results · page 1 of 1
               1  Alien                                 1979  Science Fiction  Ridley Scott
               2  Aliens                                1986  Science Fiction  James Cameron
            1  2026-11-22 19:14  movies      "nolan"  5 results
            2  2026-11-22 19:14  movies      "alien"  2 results
            2  2026-11-22 19:14  movies      "alien"  2 results
            Re-running: search nolan --in movies
            movies · "nolan" · 5 results · page 1 of 1
               1  Memento                           2000  Thriller         Christopher Nolan
               2  The Dark Knight                   2008  Action           Christopher Nolan
               3  Inception                         2010  Science Fiction  Christopher Nolan
               4  Interstellar                      2014  Science Fiction  Christopher Nolan
               5  Oppenheimer                       2023  Drama            Christopher Nolan
            Removed search 1 (movies "nolan").
            2  2026-11-22 19:14  movies      "nolan"  5 results
            (the last 1 of 2: history N shows more, history search TEXT finds one)
            ! !x names no search: !N re-runs search N of history, !! the last one
            History cleared: 2 searches removed.
            No searches yet.
            History was already empty.
            """)
    }

    /// The deny list: a denied term refuses a search and sends nothing, until deny rm.
    @Test func denyRefusesATermUntilRemoved() async throws {
        let lines = try await read(["deny", "deny add spoil", "search spoilers", "deny", "deny rm spoil", "deny rm spoil", "search spoilers"])
        #expect(lines.joined(separator: "\n") == """
            No denied terms: deny add TERM keeps a term from ever being searched.
            Denied "spoil": searches equal to it or starting with it are refused.
            ! refused: "spoilers" matches the denied term "spoil" (deny rm spoil to allow it); nothing was sent
            1. spoil
            "spoil" may be searched again.
            ! "spoil" is not denied (deny lists the terms)
            No movies match "spoilers".
            """)
    }

    /// Named sessions: save, list, reset, load back the search, rm (twice: the second says there is none).
    @Test func sessionSavesListsResetsLoadsAndRemoves() async throws {
        let lines = try await read(["session", "search alien", "session save night", "session list", "session reset", "session", "session load night", "session rm night", "session rm night"])
        #expect(lines.joined(separator: "\n") == """
            Last visit: none before this one
            Session: movies, no search yet, 0 selected, list view
            movies · "alien" · 2 results · page 1 of 1
               1  Alien                                 1979  Science Fiction  Ridley Scott
               2  Aliens                                1986  Science Fiction  James Cameron
            Saved this session as night: session load night brings it back.
            night                movies "alien", 0 selected, saved just now
            Session reset: no search, nothing selected. Favourites, history and denied terms are kept.
            Last visit: none before this one
            Session: movies, no search yet, 0 selected, list view
            Loaded session night: movies, "alien", page 1, 0 selected, list view.
            movies · "alien" · 2 results · page 1 of 1
               1  Alien                                 1979  Science Fiction  Ridley Scott
               2  Aliens                                1986  Science Fiction  James Cameron
            Removed session night.
            ! no session named night: session list shows them
            """)
    }

    /// Settings: all of them, one changed and read back, a near-miss key suggested, a bad value refused.
    @Test func settingsShowChangeAndRefuse() async throws {
        let lines = try await read(["set", "set timeout 30s", "set timeout", "set colour red", "set page-size 0"])
        #expect(lines.joined(separator: "\n") == """
            country    US
            lang       en_us
            page-size  5
            color      auto
            auto-deny  on
            offline    off
            cache-ttl  3600s
            timeout    15s
            omdb-key   (not set: set omdb-key KEY, or OMDB_API_KEY)
            picker     builtin
            timeout is now 30s.
            timeout 30s
            ! no setting "colour"; did you mean color? settings are country, lang, page-size, color, auto-deny, offline, cache-ttl, timeout, omdb-key, picker
            ! page-size takes a number from 1 to 200, or auto to fit the window
            """)
    }

    /// The cache figures and clear; help for one command, and for none.
    @Test func cacheAndHelp() async throws {
        let box = try Sandbox()
        let lines = try await read(["cache", "cache clear", "help select", "help nosuch", "quit"], in: box)
        #expect(lines.first == "Cache: 0 entries, 0 bytes, no look-ups yet, fresh for 3600 s, in \(box.path("cache/scout").path)")
        #expect(lines.dropFirst().joined(separator: "\n") == """
            Cache cleared (0 entries).
            select: pick rows: 3, 1,4, 2-5, 5-, -3, 1-3,7
            usage: select RANGES|all|none
            example: select 1-3,7
            ! no command "nosuch": help lists them
            """)
    }
}

extension HandlerTests {
    /// history stats: added with one spec and one handler change; counts, sources and the terms searched most.
    @Test func historyStatsCountsSearchesSourcesAndTerms() async throws {
        let lines = try await read(["history stats", "search alien", "search nolan", "search alien", "select 1", "done",
                                    "use restaurants", "search", "history stats", "history stats now"])
        #expect(lines.first == "No searches yet.")
        #expect(Array(lines.suffix(4)) == [
            "4 searches on Sun 22 Nov 2026, 19:14; 1 ended in a choice (done).",
            "By source: movies 3, restaurants 1",
            "Searched most: \"alien\" (2), everything (1), \"nolan\" (1)",
            "! usage: history stats",
        ])
    }

    /// pick: --filter prints the ranked matches of history, favourites or rows; without a terminal, pick
    /// says what to use instead.
    @Test func pickFiltersHistoryFavouritesAndResults() async throws {
        let lines = try await read(["search kubrick", "fav add 1-2", "search alien", "pick history --filter kub", "pick --filter s !heat",
                                    "pick fav --filter shining", "pick results --filter \"'ens\"", "pick", "pick nowhere", "set picker fzf", "set picker"])
        // (fzf's 'exact is quoted on a command line, where ' starts a quotation; typed in the picker it is not)
        #expect(Array(lines.suffix(9)) == [
            "search kubrick --in movies",
            "search alien --in movies",
            "search kubrick --in movies",
            "The Shining (1980, Horror, Stanley Kubrick)  [movies:29]",
            "2  Aliens (1986, Science Fiction, James Cameron)",
            "! pick needs a terminal: in a script, history search TEXT finds past searches, and pick history --filter QUERY prints the ranked matches",
            "! pick takes history, fav or results, then --filter QUERY: \"nowhere\" is neither",
            "picker is now fzf.",
            "picker fzf",
        ])
    }
}
