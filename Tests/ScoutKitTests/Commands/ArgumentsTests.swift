import Testing
@testable import ScoutKit

/// Arguments declared, as swift-argument-parser declares them: the usage line, the typed values, the errors and
/// Tab all come from a command's positionals, options and nested subcommands.
@MainActor @Suite struct ArgumentsTests {
    @Test("usage is made from the declarations: optionals nest, groups are one choice, hidden options are left out")
    func usageComesFromTheDeclarations() {
        #expect(SetCommand.spec.usage == "set [KEY [VALUE]]")
        #expect(
            DiaryCommand.spec.usage
                == "diary [YEAR] [--all] | diary rm N | diary edit N [DATE] [--stars S] [--rewatch|--first] "
                + "[--review TEXT] [--tag T|--no-tags]")
        #expect(SyncCommand.spec.usage == "sync | sync init git|folder URL|PATH | sync status [--json] | sync off")
        #expect(CheckCommand.spec.usage == "check [NAME…] [--json]")
        #expect(SaveCommand.spec.usage == "save NAME [--force] [search …]")
        #expect(RunCommand.spec.usage == "run NAME [ARGS…]")
        #expect(CacheCommand.spec.usage == "cache | cache clear")
        #expect(LoadCommand.spec.usage == "load all")
    }

    @Test("words are read into typed values: a run of rows ends where the next positional starts")
    func wordsBecomeTypedValues() throws {
        let edit = try #require(
            try CommandTable.parse(["DIARY", "Edit", "3", "yesterday", "--FIRST", "-t", "x"]) as? DiaryCommand.Edit)
        #expect(edit.n == 3)
        #expect(edit.change.rewatch == false)
        #expect(edit.change.tags == ["x"])
        #expect(
            try CommandTable.parse(["sort", "Year", "DESC"]) as? SortCommand
                == SortCommand(order: .init(key: .year, descending: true)))
        let set = try #require(try CommandTable.parse(["set", "Page-Size", "10"]) as? SetCommand)
        #expect((set.key, set.value) == ("page-size", "10"))
        #expect(
            try CommandTable.parse(["fav", "untag", "1-2", "4", "best", "2024"]) as? FavCommand.Untag
                == FavCommand.Untag(named: "1-2 4", tags: ["best", "2024"]))
    }

    @Test("save NAME search … hands the rest to search, and keeps its own --force wherever it is")
    func theRestOfALineIsAnotherCommand() throws {
        let save = try #require(
            try CommandTable.parse(["save", "x", "search", "alien", "--force", "--in", "movies"]) as? SaveCommand)
        #expect(save.force)
        #expect(save.search == SearchCommand(terms: "alien", source: "movies", options: [:]))
        #expect(throws: UsageError("usage: save NAME [--force] [search …]")) {
            try CommandTable.parse(["save", "x", "nonsense"])
        }
    }

    @Test("the errors come from the declarations: a number's range, a choice's words, a file's quotes")
    func errorsComeFromTheDeclarations() {
        #expect(throws: UsageError("history N takes N from 1, not \"0\"")) { try CommandTable.parse(["history", "0"]) }
        #expect(throws: UsageError("load takes all, not \"some\"")) { try CommandTable.parse(["load", "some"]) }
        #expect(throws: UsageError("\"20x\" is not a year (1870 to 9999): diary 2025")) {
            try CommandTable.parse(["diary", "20x"])
        }
        #expect(
            throws: UsageError(
                "fav import takes one FILE (quote one that holds spaces): usage: fav import FILE")
        ) { try CommandTable.parse(["fav", "import", "my", "favs.csv"]) }
        #expect(throws: UsageError("session reset takes no arguments: session reset")) {
            try CommandTable.parse(["session", "reset", "now"])
        }
        #expect(throws: UsageError("search has no option -in: did you mean --in?")) {
            try CommandTable.parse(["search", "alien", "-in", "movies"])
        }
        #expect(throws: UsageError("fav add has no option --help: help fav shows it in full")) {
            try CommandTable.parse(["fav", "add", "--help"])
        }
        #expect(throws: UsageError("sync init takes a way to sync: git or folder, not \"svn\"")) {
            try CommandTable.parse(["sync", "init", "svn", "x"])
        }
    }

    @Test("Tab walks into subcommands: their words, their positionals and their options")
    func tabWalksIntoSubcommands() {
        let data = CompletionData()
        #expect(
            Completion.complete("diary edit 2 --", data: data).candidates == [
                "--first", "--no-tags", "--review", "--rewatch", "--stars", "--tag",
            ])
        #expect(Completion.complete("diary --", data: data).candidates == ["--all"])
        #expect(Completion.complete("diary edit 2 ", data: data).candidates == ["today", "yesterday"])
        #expect(Completion.complete("sync --", data: data).candidates == [])
        #expect(Completion.complete("session ", data: data).candidates == ["list", "load", "reset", "rm", "save"])
        #expect(Completion.complete("sort year ", data: data).candidates == ["asc", "desc"])
        var tagged = CompletionData()
        tagged.tags = { ["best", "rewatch"] }
        #expect(Completion.complete("fav tag 1 ", data: tagged).candidates == ["best", "rewatch"])
        #expect(Completion.complete("fav tag 1 best ", data: tagged).candidates == ["rewatch"])
    }
}
