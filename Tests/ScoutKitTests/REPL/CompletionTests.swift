import Foundation
import ScoutTestSupport
import Testing
@testable import ScoutKit

/// Tab completion of every kind, computed in the library: what Tab inserts (the common extension) and
/// what a second Tab lists (candidates and their labels), without libedit.
@Suite struct CompletionTests {
    let sources = ["movies", "restaurants", "songs", "omdb"]

    /// A scout with three favourites, 250 past searches, two saved sessions, a deny list and a page of rows.
    var data: CompletionData {
        var data = CompletionData()
        data.sources = sources
        data.currentSource = "movies"
        data.favourites = {
            [
                .init(id: "movies:tt0078748", title: "Alien"), .init(id: "movies:tt0090605", title: "Aliens"),
                .init(id: "restaurants:12", title: "Café Ñandú 東京"),
            ]
        }
        data.tags = { ["sci-fi", "weekend"] }
        data.historyCount = { 250 }
        data.historyLabel = { "\($0)  movies \"search \($0)\"" }
        data.sessions = { ["weekend", "work"] }
        data.deniedTerms = { typed in ["spoilers", "spam"].filter { $0.hasPrefix(typed) } }
        data.rows = { ["Alien", "Aliens", "Alien³"] }
        data.pageCount = { 12 }
        data.files = { typed in ["favs.json", "favs.csv", "folder/"].filter { $0.hasPrefix(typed) } }
        return data
    }

    func complete(_ line: String) -> Completion.Result { Completion.complete(line, data: data) }

    /// Tab writes what it completes so that the line reads it back: a tag with a space escaped outside
    /// quotes, and the quote closed inside one (it was inserted bare, and the line split the tag in two).
    @Test func aCompletedWordReadsBackWhole() throws {
        var data = self.data
        data.tags = { ["sci fi", "director's cut", "weekend"] }
        for (line, inserted, tags) in [
            ("fav tag 1 sc", "i\\ fi ", ["sci fi"]),
            ("fav tag 1 'sc", "i fi' ", ["sci fi"]),
            ("fav tag 1 \"sc", "i fi\" ", ["sci fi"]),
            ("fav tag 1 dir", "ector\\'s\\ cut ", ["director's cut"]),
            ("fav tag 1 we", "ekend ", ["weekend"]),
        ] {
            let result = Completion.complete(line, data: data)
            #expect(result.insertion == inserted, "\(line)")
            #expect(try Tokenizer.commands(line + result.insertion) == [["fav", "tag", "1"] + tags], "\(line)")
        }
        // Several candidates: what they share, and no closing quote or space yet.
        data.tags = { ["sci fi", "sci fact"] }
        #expect(Completion.complete("fav tag 1 s", data: data).insertion == "ci\\ f")
    }

    @Test func commandWords() {
        #expect(complete("sea").candidates == ["search"])
        #expect(complete("sea").commonExtension == "rch")
        #expect(complete("se").candidates == ["search", "seen", "select", "selection", "session", "set"])
        #expect(complete("se").commonExtension == "")
        #expect(complete("sel").commonExtension == "ect")
        #expect(complete("search alien; fa").candidates == ["fav"])
        #expect(complete("sea").labels == ["search  new search in the current source (or --in SOURCE); shows page 1"])
        #expect(complete("").candidates.count == CommandTable.words.count)
    }

    @Test func sourcesFlagsAndTheirValues() {
        #expect(complete("use r").candidates == ["restaurants"])
        #expect(complete("use ").candidates == sources.sorted())
        #expect(complete("search alien --in m").candidates == ["movies"])
        // Each source's own flags: the catalog takes --in only, OMDb --type and --year, iTunes --country and --lang.
        #expect(complete("search alien --").candidates == ["--in"])
        #expect(complete("search alien --in omdb --").candidates == ["--in", "--type", "--year"])
        #expect(complete("search love --in songs --").candidates == ["--country", "--in", "--lang"])
        #expect(complete("search alien --in omdb --type ").candidates == ["episode", "movie", "series"])
        #expect(complete("search alien --in omdb --type s").commonExtension == "eries")
        // set services offers the services TMDb knows in your country, as the cache holds its list.
        var data = CompletionData()
        data.streamingServices = { ["netflix", "disneyplus", "mubi"] }
        #expect(Completion.complete("set services ", data: data).candidates == ["disneyplus", "mubi", "netflix"])
        #expect(Completion.complete("set services netflix, m", data: data).candidates == ["mubi"])
        // TMDb takes --type and --year too, --type with its own values.
        #expect(complete("search alien --in tmdb --").candidates == ["--in", "--type", "--year"])
        #expect(complete("search alien --in tmdb --type ").candidates == ["movie", "tv"])
        #expect(complete("search love --in songs --country g").candidates == ["gb"])
        #expect(complete("search love --in songs --lang ").candidates == ["en_us", "ja_jp"])
        #expect(complete("use movies m").candidates == [])
    }

    @Test func subcommandsKeysAndSettings() {
        #expect(complete("fav e").candidates == ["export"])
        #expect(complete("sort y").candidates == ["year"])
        #expect(complete("sort year d").candidates == ["desc"])
        #expect(complete("group ").candidates == ["cuisine", "genre", "kind", "none", "year"])
        #expect(complete("set col").candidates == ["color"])
        #expect(complete("set color n").candidates == ["never"])
        #expect(complete("set offline ").candidates == ["off", "on"])
        #expect(complete("set country ").candidates.contains("us"))
        #expect(complete("help sel").candidates == ["select", "selection"])
        #expect(complete("load ").candidates == ["all"])
        #expect(complete("cache ").candidates == ["clear"])
        #expect(complete("session ").candidates == ["list", "load", "reset", "rm", "save"])
    }

    /// `follow` offers the service; `unfollow letterboxd` the members followed.
    @Test func theMembersFollowed() {
        var data = data
        data.followed = { ["anna", "ben"] }
        #expect(Completion.complete("follow ", data: data).candidates == ["letterboxd"])
        #expect(Completion.complete("unfollow letterboxd ", data: data).candidates == ["anna", "ben"])
        #expect(Completion.complete("unfollow letterboxd b", data: data).candidates == ["ben"])
    }

    @Test func favouritesByIDAndNumber() {
        let rm = complete("fav rm movies:tt00")
        #expect(rm.candidates == ["movies:tt0078748", "movies:tt0090605"])
        #expect(rm.commonExtension == "")
        #expect(rm.labels == ["movies:tt0078748  Alien", "movies:tt0090605  Aliens"])
        #expect(complete("fav rm r").candidates == ["restaurants:12"])
        #expect(complete("fav rm r").commonExtension == "estaurants:12")
        #expect(complete("fav show ").candidates == ["3", "2", "1"])
        #expect(complete("fav show 3").labels == ["3  Café Ñandú 東京"])
        #expect(complete("fav add 1 --tag w").candidates == ["weekend"])
        #expect(complete("fav add ").labels == ["1  Alien", "2  Aliens", "3  Alien³"])
        #expect(complete("fav export f").candidates == ["favs.csv", "favs.json", "folder/"])
        #expect(complete("fav import favs.j").commonExtension == "son")
    }

    @Test func historyNumbersSessionsAndDeniedTerms() {
        // Newest first: the highest numbers that start with the digits typed, as numbers, not as text.
        #expect(complete("!2").candidates.prefix(3) == ["!250", "!249", "!248"])
        #expect(complete("!2").candidates.suffix(3) == ["!21", "!20", "!2"])
        #expect(
            complete("!24").candidates == [
                "!249", "!248", "!247", "!246", "!245", "!244", "!243", "!242", "!241", "!240", "!24",
            ])
        #expect(complete("!25").labels == ["250  movies \"search 250\"", "25  movies \"search 25\""])
        #expect(complete("!").candidates.prefix(3) == ["!!", "!250", "!249"])
        #expect(complete("!").candidates.count == Completion.limit)
        #expect(complete("history rerun 24").candidates.count == 11)
        #expect(complete("history rm 250").candidates == ["250"])
        #expect(complete("history s").candidates == ["search", "stats"])
        #expect(complete("session load w").candidates == ["weekend", "work"])
        #expect(complete("session load we").commonExtension == "ekend")
        #expect(complete("session save w").candidates == [])
        #expect(complete("deny rm sp").candidates == ["spam", "spoilers"])
        #expect(complete("deny import f").candidates == ["favs.csv", "favs.json", "folder/"])
    }

    /// The case: twelve searches, listed 12 to 1 after `!`, `history rerun` and `history rm`,
    /// never 1, 10, 11, 12, 2, … as text sorts them.
    @Test func historyNumbersAreNewestFirstAsNumbers() {
        var twelve = data
        twelve.historyCount = { 12 }
        let newestFirst = (1...12).reversed().map(String.init)
        #expect(Completion.complete("!", data: twelve).candidates == ["!!"] + newestFirst.map { "!" + $0 })
        #expect(Completion.complete("!1", data: twelve).candidates == ["!12", "!11", "!10", "!1"])
        #expect(Completion.complete("history rerun ", data: twelve).candidates == newestFirst)
        #expect(Completion.complete("history rm ", data: twelve).candidates == newestFirst)
        // history N is a count of the last searches, not a search's number: Tab offers the subcommands alone.
        #expect(
            Completion.complete("history ", data: twelve).candidates == ["clear", "rerun", "rm", "search", "stats"])
        #expect(
            Completion.complete("history rerun 1", data: twelve).labels == [
                "12  movies \"search 12\"", "11  movies \"search 11\"",
                "10  movies \"search 10\"", "1  movies \"search 1\"",
            ])
        // Rows and pages count up from 1, as numbers too; a long list offers its first hundred.
        var many = data
        many.rows = { (1...500).map { "Title \($0)" } }
        #expect(Completion.complete("show ", data: many).candidates == (1...100).map(String.init))
        #expect(Completion.complete("show 5", data: many).candidates.prefix(4) == ["5", "50", "51", "52"])
    }

    @Test func rowsForShowOpenAndSelect() {
        #expect(complete("show ").labels == ["1  Alien", "2  Aliens", "3  Alien³"])
        #expect(complete("open 2").candidates == ["2"])
        #expect(complete("page 1").candidates == ["1", "10", "11", "12"])
        #expect(complete("select a").candidates == ["all"])
        #expect(complete("unselect ").candidates == ["all", "1", "2", "3"])
    }

    /// The second Tab's listing: columns across the width, wide characters counted as two cells.
    @Test func candidatesListInColumns() {
        // The widest label, "3  東京物語", takes 11 cells: columns of 13, two to a 28-cell line.
        let text = Completion.columns(["1  Alien", "2  Aliens", "3  東京物語", "4  Amélie"], width: 28)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 28 })
        #expect(lines[0].hasPrefix("1  Alien") && lines[0].contains("2  Aliens"))
        #expect(lines[1].hasPrefix("3  東京物語") && lines[1].contains("4  Amélie"))
        // Column starts line up by display width, not by characters.
        #expect(
            DisplayWidth.of(String(lines[0].prefix { $0 != "2" }))
                == DisplayWidth.of(String(lines[1].prefix { $0 != "4" })))
        #expect(
            Completion.columns([String(repeating: "x", count: 100)], width: 40).split(separator: "\n").allSatisfy {
                DisplayWidth.of(String($0)) <= 40
            })
    }

    /// A real folder: folders end in `/`, hidden files only when a dot is typed.
    @Test func pathsFromTheFileSystem() throws {
        let folder = try TempFolder()
        try Data().write(to: folder.file("export.json"))
        try Data().write(to: folder.file(".hidden"))
        try FileManager.default.createDirectory(at: folder.file("exports"), withIntermediateDirectories: false)
        let base = folder.url.path + "/"
        func paths(_ typed: String) -> [String] {
            CompletionData.paths(typed, home: folder.url.path, workingDirectory: folder.url.path, store: FileStore())
        }
        #expect(paths(base + "exp") == [base + "export.json", base + "exports/"])
        #expect(paths(base + ".") == [base + ".hidden"])
        #expect(paths(base + "zzz") == [])
        // Relative to the context's working directory, and ~/ from its home: never the process's own.
        #expect(paths("exp") == ["export.json", "exports/"])
        #expect(paths("~/exp") == ["~/export.json", "~/exports/"])
    }
}

/// Tab offers the sort and group keys the results on screen have a field for, as sort and group take them.
@MainActor @Suite struct KeysCompletionTests {
    @Test("group and sort complete the keys that apply to the results, every key before a search")
    func keysFollowTheResults() async throws {
        let box = try Sandbox()
        let shell = REPLTests().shell(box)
        #expect(Completion.complete("group ", data: shell.completionData()).candidates == ResultView.groupKeys.sorted())
        _ = await shell.run(line: "search alien")
        #expect(Completion.complete("group ", data: shell.completionData()).candidates == ["genre", "none", "year"])
        _ = await shell.run(line: "search tokyo --in restaurants")
        #expect(Completion.complete("group ", data: shell.completionData()).candidates == ["cuisine", "none"])
        #expect(
            Completion.complete("sort ", data: shell.completionData()).candidates == ["rating", "relevance", "title"])
        let refused = await shell.run(line: "group year")
        #expect(refused.compactMap(\.error) == ["restaurants results have no year: group cuisine or none instead"])
    }
}
