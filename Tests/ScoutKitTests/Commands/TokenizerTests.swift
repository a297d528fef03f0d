@testable import ScoutKit
import Testing

@Suite struct TokenizerTests {
    @Test func splitsWordsLikeAShell() throws {
        #expect(try Tokenizer.commands("search  blade runner") == [["search", "blade", "runner"]])
        #expect(try Tokenizer.commands(#"search "blade runner" --in movies"#) == [["search", "blade runner", "--in", "movies"]])
        #expect(try Tokenizer.commands(#"fav add 1 --tag 'date night'"#) == [["fav", "add", "1", "--tag", "date night"]])
        #expect(try Tokenizer.commands(#"search it\'s"#) == [["search", "it's"]])
        #expect(try Tokenizer.commands(#"search "say \"hi\"""#) == [["search", "say \"hi\""]])
        #expect(try Tokenizer.commands("search ''") == [["search", ""]])
        #expect(try Tokenizer.commands("search Amélie 東京") == [["search", "Amélie", "東京"]])
    }

    @Test func semicolonsChainAndHashComments() throws {
        #expect(try Tokenizer.commands("search alien; select 1 ;fav add") == [["search", "alien"], ["select", "1"], ["fav", "add"]])
        #expect(try Tokenizer.commands("search alien # the 1979 one") == [["search", "alien"]])
        #expect(try Tokenizer.commands("search a#b") == [["search", "a#b"]])
        #expect(try Tokenizer.commands(#"search "a;b""#) == [["search", "a;b"]])
        #expect(try Tokenizer.commands(" ; ;  ") == [])
    }

    @Test func unterminatedQuotesAreErrors() {
        #expect(throws: UsageError("unterminated \" quote: close it and try again")) { try Tokenizer.commands(#"search "alien"#) }
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
        #expect(throws: UsageError("\"x\" is not a row: rows are numbers from 1, as in 3, 1-3,7 or 5-")) { try RangeSpec.parse("x") }
        #expect(throws: UsageError("\"0\" is not a row: rows are numbers from 1, as in 3, 1-3,7 or 5-")) { try RangeSpec.parse("0") }
        #expect(throws: UsageError("\"-\" is not a range: write 2-5, 5- or -3")) { try RangeSpec.parse("-") }
        #expect(throws: UsageError("\"1.5\" is not a row: rows are numbers from 1, as in 3, 1-3,7 or 5-")) { try RangeSpec.parse("1,1.5") }
        #expect(throws: UsageError("there is no row 999999999: rows run from 1 to 20")) {
            try RangeSpec.parse("1-999999999").indices(count: 20)
        }
        #expect(throws: UsageError("\"99999999999999999999\" is not a row: rows are numbers from 1, as in 3, 1-3,7 or 5-")) {
            try RangeSpec.parse("99999999999999999999")
        }
    }

    @Test func tooManyRangesIsAnErrorNotAHang() {
        let many = (1...100_000).map(String.init).joined(separator: ",")
        #expect(throws: UsageError("too many ranges (at most 10000); use spans such as 1-500")) { try RangeSpec.parse(many) }
    }
}

@Suite struct ParserTests {
    @Test func commandsParseToTypedValues() throws {
        #expect(try Parser.parse(["search", "blade", "runner", "--in", "Movies"]) == .search(terms: "blade runner", source: "movies", options: [:]))
        #expect(try Parser.parse(["search", "--year=1982", "blade"]) == .search(terms: "blade", source: nil, options: ["year": "1982"]))
        #expect(try Parser.parse(["SORT", "year", "asc"]) == .sort(SortOrder(key: .year, descending: false)))
        #expect(try Parser.parse(["sort", "rating"]) == .sort(SortOrder(key: .rating, descending: true)))
        #expect(try Parser.parse(["select", "1-3,", "7"]) == .select(.rows([.init(lower: 1, upper: 3), .init(lower: 7, upper: 7)])))
        #expect(try Parser.parse(["!!"]) == .history(.rerun(nil)))
        #expect(try Parser.parse(["!12"]) == .history(.rerun(12)))
        #expect(try Parser.parse(["history", "5"]) == .history(.list(5)))
        #expect(try Parser.parse(["fav", "add", "2", "--tag", "weekend"]) == .fav(.add(.rows([.init(lower: 2, upper: 2)]), tags: ["weekend"])))
        #expect(try Parser.parse(["fav"]) == .fav(.list))
        #expect(try Parser.parse(["fav", "rm", "movies:12"]) == .fav(.remove("movies:12")))
        #expect(try Parser.parse(["deny", "add", "star", "wars"]) == .deny(.add("star wars")))
        #expect(try Parser.parse(["session", "save", "weekend-2"]) == .session(.save("weekend-2")))
        #expect(try Parser.parse(["load", "all"]) == .loadAll)
        #expect(try Parser.parse(["exit"]) == .quit)
        #expect(try Parser.parse(["ls"]) == .list)
    }

    @Test func mistakesSuggestTheNearestCommand() {
        #expect(throws: UsageError("unknown command \"serch\": did you mean \"search\"? (help lists commands)")) { try Parser.parse(["serch"]) }
        #expect(throws: UsageError("unknown command \"favs\": did you mean \"fav\"? (help lists commands)")) { try Parser.parse(["favs"]) }
        #expect(throws: UsageError("unknown command \"xyzzy\": type help for the list of commands")) { try Parser.parse(["xyzzy"]) }
        #expect(throws: UsageError("usage: page N, with N from 1")) { try Parser.parse(["page", "0"]) }
        #expect(throws: UsageError("search has no option --color: it takes --in, --type, --year, --country and --lang")) {
            try Parser.parse(["search", "x", "--color", "red"])
        }
        #expect(throws: UsageError("a session name is 1 to 64 letters, digits, '.', '_' or '-', not starting with '.' or '-'")) {
            try Parser.parse(["session", "save", "../../etc"])
        }
        #expect(throws: UsageError("list takes no arguments: list")) { try Parser.parse(["list", "x"]) }
    }
}
