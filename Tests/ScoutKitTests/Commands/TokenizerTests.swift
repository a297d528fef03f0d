@testable import ScoutKit
import Testing

@Suite struct TokenizerTests {
    @Test func splitsWordsLikeAShell() throws {
        #expect(try Tokenizer.commands("search  blade runner") == [["search", "blade", "runner"]])
        #expect(
            try Tokenizer.commands(#"search "blade runner" --in movies"#) == [
                ["search", "blade runner", "--in", "movies"]
            ])
        #expect(
            try Tokenizer.commands(#"fav add 1 --tag 'date night'"#) == [["fav", "add", "1", "--tag", "date night"]])
        #expect(try Tokenizer.commands(#"search it\'s"#) == [["search", "it's"]])
        #expect(try Tokenizer.commands(#"search "say \"hi\"""#) == [["search", "say \"hi\""]])
        #expect(try Tokenizer.commands("search ''") == [["search", ""]])
        #expect(try Tokenizer.commands("search Amélie 東京") == [["search", "Amélie", "東京"]])
    }

    @Test func semicolonsChainAndHashComments() throws {
        #expect(
            try Tokenizer.commands("search alien; select 1 ;fav add") == [
                ["search", "alien"], ["select", "1"], ["fav", "add"],
            ])
        #expect(try Tokenizer.commands("search alien # the 1979 one") == [["search", "alien"]])
        #expect(try Tokenizer.commands("search a#b") == [["search", "a#b"]])
        #expect(try Tokenizer.commands(#"search "a;b""#) == [["search", "a;b"]])
        #expect(try Tokenizer.commands(" ; ;  ") == [])
    }

    /// An apostrophe between two letters is a letter (Katz's, L'Ambroisie); anywhere else it quotes.
    @Test func anApostropheInsideAWordIsALetter() throws {
        #expect(try Tokenizer.commands("search katz's") == [["search", "katz's"]])
        #expect(
            try Tokenizer.commands("search L'Ambroisie; select 1") == [["search", "L'Ambroisie"], ["select", "1"]])
        #expect(try Tokenizer.commands("search rock'n'roll") == [["search", "rock'n'roll"]])
        #expect(try Tokenizer.commands("search Commander's Palace") == [["search", "Commander's", "Palace"]])
        #expect(try Tokenizer.commands("search l'été") == [["search", "l'été"]])
        // Quotes still quote: at a word's edge, or beside anything but a letter.
        #expect(try Tokenizer.commands("search 'blade runner'") == [["search", "blade runner"]])
        #expect(
            try Tokenizer.commands("fav add 1 --tag 'date night' x") == [
                ["fav", "add", "1", "--tag", "date night", "x"]
            ])
        #expect(try Tokenizer.commands("search it''s") == [["search", "its"]])
        #expect(try Tokenizer.commands("search '80s hits' \"80's\"") == [["search", "80s hits", "80's"]])
        // An apostrophe that opens a quote left open: the error shows the word quoted, ready to type.
        #expect(
            throws: UsageError(
                #"unterminated ' quote: close it, or to search for 80's write it in double quotes: "80's""#)
        ) {
            try Tokenizer.commands("search 80's hits")
        }
        #expect(
            throws: UsageError(
                #"unterminated ' quote: close it, or to search for katz' write it in double quotes: "katz'""#)
        ) {
            try Tokenizer.commands("search katz'; list")
        }
        #expect(throws: UsageError("unterminated ' quote: close it and try again")) {
            try Tokenizer.commands("search 'katz")
        }
        #expect(Tokenizer.partial("search katz's del") == (["search", "katz's"], "del"))
        #expect(Tokenizer.partial("search L'Am") == (["search"], "L'Am"))
    }

    /// What `quoted` writes reads back as the same word, and stays plain when nothing needs quoting.
    @Test func quotedWordsReadBackUnchanged() throws {
        #expect(Tokenizer.quoted("batman") == "batman")
        #expect(Tokenizer.quoted("katz's") == "katz's")
        #expect(Tokenizer.quoted("blade runner") == "'blade runner'")
        #expect(Tokenizer.quoted("'90s") == #""'90s""#)
        #expect(Tokenizer.quoted("") == "''")
        for word in [
            "batman", "katz's", "blade runner", "'90s", "", "say \"hi\"", "a;b", "#1", "back\\slash", "it's 'x'",
            "東京 drift", "tab\tin",
        ] {
            #expect(try Tokenizer.commands("search " + Tokenizer.quoted(word)) == [["search", word]], "\(word)")
        }
        let query = SearchQuery(source: "omdb", terms: "the dark knight", options: ["year": "2008", "type": "movie"])
        #expect(Tokenizer.searchLine(query) == "search the dark knight --in omdb --type movie --year 2008")
        #expect(Tokenizer.searchLine(SearchQuery(source: "movies", terms: "")) == "search --in movies")
        #expect(
            Tokenizer.searchLine(SearchQuery(source: "songs", terms: "say \"hi\"  twice"))
                == #"search 'say "hi"  twice' --in songs"#)
        for query in [
            query, SearchQuery(source: "restaurants", terms: "katz's deli"),
            SearchQuery(source: "songs", terms: "a  b 'c'", options: ["country": "GB"]),
        ] {
            let words = try #require(try Tokenizer.commands(Tokenizer.searchLine(query)).first)
            #expect(
                try CommandTable.parse(words) as? SearchCommand
                    == SearchCommand(terms: query.terms, source: query.source, options: query.options))
        }
    }

    @Test func unterminatedQuotesAreErrors() {
        #expect(throws: UsageError("unterminated \" quote: close it and try again")) {
            try Tokenizer.commands(#"search "alien"#)
        }
        #expect(throws: UsageError("a line cannot end with a backslash")) { try Tokenizer.commands(#"search \"#) }
    }

    @Test func deeplyNestedQuotesAndLongLinesAreLinear() throws {
        let nested = String(repeating: #"'"'"#, count: 50_000)
        #expect(try Tokenizer.commands("search " + nested).first?.count == 2)
        let long = "search " + String(repeating: "a", count: 1_000_000)
        #expect(try Tokenizer.commands(long).first?[1].count == 1_000_000)
    }
}

@Suite struct RangeSpecTests {
    @Test func theGrammar() throws {
        #expect(try RangeSpec.parse("3").indices(count: 10) == [2])
        #expect(try RangeSpec.parse("1,4").indices(count: 10) == [0, 3])
        #expect(try RangeSpec.parse("2-5").indices(count: 10) == [1, 2, 3, 4])
        #expect(try RangeSpec.parse("8-").indices(count: 10) == [7, 8, 9])
        #expect(try RangeSpec.parse("-3").indices(count: 10) == [0, 1, 2])
        #expect(try RangeSpec.parse("1-3,7").indices(count: 10) == [0, 1, 2, 6])
        #expect(try RangeSpec.parse("3,1-3, 2").indices(count: 10) == [0, 1, 2])
        #expect(try RangeSpec.parse("1,,4 5").indices(count: 10) == [0, 3, 4])
        #expect(try RangeSpec.parse("all").indices(count: 3) == [0, 1, 2])
        #expect(try RangeSpec.parse("NONE") == .none)
    }

    @Test func badRangesSayWhatToType() {
        #expect(throws: UsageError("5-2 runs backwards: write 2-5")) { try RangeSpec.parse("5-2") }
        #expect(throws: UsageError("\"x\" is not a row: rows are numbers from 1, as in 3, 1-3,7 or 5-")) {
            try RangeSpec.parse("x")
        }
        #expect(throws: UsageError("\"0\" is not a row: rows are numbers from 1, as in 3, 1-3,7 or 5-")) {
            try RangeSpec.parse("0")
        }
        #expect(throws: UsageError("\"-\" is not a range: write 2-5, 5- or -3")) { try RangeSpec.parse("-") }
        #expect(throws: UsageError("\"1.5\" is not a row: rows are numbers from 1, as in 3, 1-3,7 or 5-")) {
            try RangeSpec.parse("1,1.5")
        }
        #expect(throws: UsageError.notFound("there is no row 999999999: rows run from 1 to 20")) {
            try RangeSpec.parse("1-999999999").indices(count: 20)
        }
        #expect(
            throws: UsageError("\"99999999999999999999\" is not a row: rows are numbers from 1, as in 3, 1-3,7 or 5-")
        ) {
            try RangeSpec.parse("99999999999999999999")
        }
    }

    @Test func tooManyRangesIsAnErrorNotAHang() {
        let many = (1...100_000).map(String.init).joined(separator: ",")
        #expect(throws: UsageError("too many ranges (at most 10000); use spans such as 1-500")) {
            try RangeSpec.parse(many)
        }
    }
}

@Suite struct ParserTests {
    @Test func commandsParseToTypedValues() throws {
        #expect(
            try CommandTable.parse(["search", "blade", "runner", "--in", "Movies"]) as? SearchCommand
                == SearchCommand(terms: "blade runner", source: "movies", options: [:]))
        #expect(
            try CommandTable.parse(["search", "--year=1982", "blade"]) as? SearchCommand
                == SearchCommand(terms: "blade", source: nil, options: ["year": "1982"]))
        #expect(
            try CommandTable.parse(["SORT", "year", "asc"]) as? SortCommand
                == SortCommand(order: SortOrder(key: .year, descending: false)))
        #expect(
            try CommandTable.parse(["sort", "rating"]) as? SortCommand
                == SortCommand(order: SortOrder(key: .rating, descending: true)))
        #expect(
            try CommandTable.parse(["select", "1-3,", "7"]) as? SelectCommand
                == SelectCommand(rows: .rows([.init(lower: 1, upper: 3), .init(lower: 7, upper: 7)])))
        #expect(try CommandTable.parse(["!!"]) as? HistoryCommand.Rerun == HistoryCommand.Rerun(n: nil))
        #expect(try CommandTable.parse(["!12"]) as? HistoryCommand.Rerun == HistoryCommand.Rerun(n: 12))
        #expect(try CommandTable.parse(["history", "5"]) as? HistoryCommand == HistoryCommand(last: 5))
        #expect(
            try CommandTable.parse(["fav", "add", "2", "--tag", "weekend"]) as? FavCommand.Add
                == FavCommand.Add(rows: .rows([.init(lower: 2, upper: 2)]), tags: ["weekend"]))
        #expect(try CommandTable.parse(["fav"]) is FavCommand)
        #expect(
            try CommandTable.parse(["fav", "rm", "movies:12"]) as? FavCommand.Remove
                == FavCommand.Remove(named: "movies:12"))
        #expect(
            try CommandTable.parse(["deny", "add", "star", "wars"]) as? DenyCommand.Add
                == DenyCommand.Add(term: "star wars"))
        let save = try #require(try CommandTable.parse(["session", "save", "weekend-2"]) as? SessionCommand.Save)
        #expect((save.name, save.force) == ("weekend-2", false))
        #expect(try CommandTable.parse(["load", "all"]) is LoadCommand)
        #expect(try CommandTable.parse(["exit"]) is QuitCommand)
        #expect(try CommandTable.parse(["ls"]) is ListCommand)
    }

    /// The reference lives with the code: a command says in its spec what `help COMMAND` and the man page tell
    /// of it beyond its usage, unless its usage and summary already say it all.
    @Test func everyCommandThatNeedsALongDescriptionHasOne() {
        let said = [
            "sources", "list", "next", "prev", "page", "unselect", "selection", "want", "unwant", "unfollow", "saved",
            "unwatch", "cache", "session", "help", "clear", "quit",
        ]
        let without = CommandTable.specs.filter(\.details.isEmpty).map(\.name)
        #expect(without == said)
    }

    /// Every command in the table parses its own example, and only quit (and its aliases) parses as quit:
    /// a table row the parser does not know must never end the REPL.
    @Test func everyCommandParsesItsExampleAndOnlyQuitQuits() throws {
        for info in CommandTable.specs {
            for words in try Tokenizer.commands(info.example)
            where CommandTable.spec(words[0].lowercased())?.name == info.name {
                let command = try CommandTable.parse(words)
                #expect(
                    (command is QuitCommand) == (info.name == "quit"),
                    "\(info.name): \(info.example) parsed as \(command)")
            }
        }
        #expect(try CommandTable.parse(["quit"]) is QuitCommand)
        #expect(throws: UsageError("quit takes no arguments: quit")) { try CommandTable.parse(["quit", "now"]) }
    }

    @Test func mistakesSuggestTheNearestCommand() {
        #expect(throws: UsageError("unknown command \"serch\": did you mean \"search\"? (help lists commands)")) {
            try CommandTable.parse(["serch"])
        }
        #expect(throws: UsageError("unknown command \"favs\": did you mean \"fav\"? (help lists commands)")) {
            try CommandTable.parse(["favs"])
        }
        #expect(throws: UsageError("unknown command \"xyzzy\": type help for the list of commands")) {
            try CommandTable.parse(["xyzzy"])
        }
        #expect(throws: UsageError("page N takes N from 1, not \"0\"")) { try CommandTable.parse(["page", "0"]) }
        #expect(
            throws: UsageError(
                "search has no option --color: it takes --in SOURCE, --type T, --year YYYY, --country CC and --lang L; "
                    + "a word that starts with - goes after --: search -- --color")
        ) {
            try CommandTable.parse(["search", "x", "--color", "red"])
        }
        #expect(
            throws: UsageError(
                "a session name is 1 to 64 letters, digits, '.', '_' or '-', not starting with '.' or '-'")
        ) {
            try CommandTable.parse(["session", "save", "../../etc"])
        }
        #expect(throws: UsageError("list takes no arguments: list")) { try CommandTable.parse(["list", "x"]) }
    }
}
