import Testing
@testable import ScoutKit

/// Options read from their declarations: in any case and anywhere among the words, repeated, ended by `--`,
/// and the errors a declaration gives.
@MainActor @Suite struct OptionsTests {
    @Test("fav add, fav export and seen read the options they declare")
    func commandsReadTheirDeclaredOptions() throws {
        #expect(
            try CommandTable.parse(["fav", "add", "-T", "x", "1", "--TAG", "y", "3", "--tag", "X"]) as? FavCommand.Add
                == FavCommand.Add(rows: try RangeSpec.parse("1 3"), tags: ["x", "y"]))
        #expect(
            try CommandTable.parse(["fav", "export", "--FORCE", "f.csv"]) as? FavCommand.Export
                == FavCommand.Export(path: "f.csv", force: true))
        let seen = try #require(
            try CommandTable.parse(["seen", "--review", "--tag", "--rewatch", "-t", "cinema", "--", "2"])
                as? SeenCommand)
        #expect(seen.target == "2")
        #expect(seen.review == "--tag", "a value is the word after its option, whatever it looks like")
        #expect(seen.rewatch)
        #expect(seen.tags == ["cinema"])
        #expect(seen.date == nil)
        #expect(
            try CommandTable.parse(["search", "alien", "--YEAR=1979", "--in", "Movies", "--", "--type"])
                as? SearchCommand == SearchCommand(terms: "alien --type", source: "movies", options: ["year": "1979"]))
    }

    @Test("an option no declaration names, and one without its value, say what the command takes")
    func theErrorsComeFromTheDeclarations() throws {
        #expect(throws: UsageError("fav add has no option --tags: did you mean --tag?")) {
            try CommandTable.parse(["fav", "add", "1", "--tags", "x"])
        }
        #expect(throws: UsageError("--tag needs a value: fav add … --tag T")) {
            try CommandTable.parse(["fav", "add", "1", "--tag"])
        }
        #expect(throws: UsageError("fav export has no option --forse: did you mean --force?")) {
            try CommandTable.parse(["fav", "export", "f.csv", "--forse"])
        }
        #expect(throws: UsageError("seen has no option --Bogus: it takes --rewatch, --review TEXT and --tag T")) {
            try CommandTable.parse(["seen", "1", "--Bogus"])
        }
        #expect(throws: UsageError("--review needs a value: seen … --review TEXT")) {
            try CommandTable.parse(["seen", "1", "--review"])
        }
        #expect(throws: UsageError("--rewatch takes no value: seen … --rewatch")) {
            try CommandTable.parse(["seen", "1", "--rewatch=yes"])
        }
        #expect(throws: UsageError("--year needs a value: search … --year YYYY")) {
            try CommandTable.parse(["search", "alien", "--year"])
        }
    }

    @Test("ratings, diary and check read their declared flags anywhere, in any case, with their errors")
    func libraryAndCheckFlagsAreDeclared() throws {
        #expect(
            try CommandTable.parse(["ratings", "--ALL"]) as? RatingsCommand == RatingsCommand(minimum: nil, all: true))
        #expect(try CommandTable.parse(["ratings", "--min=3.5"]) as? RatingsCommand == RatingsCommand(minimum: 3.5))
        #expect(
            try CommandTable.parse(["ratings", "--all", "--Min", "4"]) as? RatingsCommand
                == RatingsCommand(minimum: 4, all: true))
        #expect(
            try CommandTable.parse(["diary", "--all", "2025"]) as? DiaryCommand == DiaryCommand(year: 2025, all: true))
        #expect(
            try CommandTable.parse(["diary", "2024", "--All"]) as? DiaryCommand == DiaryCommand(year: 2024, all: true))
        let check = try #require(try CommandTable.parse(["check", "films", "--JSON", "songs"]) as? CheckCommand)
        #expect(check.names == ["films", "songs"])
        #expect(check.json)
        #expect(throws: UsageError("--min needs a value: ratings … --min STARS")) {
            try CommandTable.parse(["ratings", "--min"])
        }
        #expect(throws: UsageError("ratings takes no arguments: ratings [--min STARS] [--all]")) {
            try CommandTable.parse(["ratings", "4"])
        }
        #expect(throws: UsageError("ratings has no option --top: it takes --min STARS and --all")) {
            try CommandTable.parse(["ratings", "--top", "10"])
        }
        #expect(throws: UsageError("diary has no option --al: did you mean --all?")) {
            try CommandTable.parse(["diary", "--al"])
        }
        #expect(throws: UsageError("\"--all\" is not a year (1870 to 9999): diary 2025")) {
            try CommandTable.parse(["diary", "--", "--all"])
        }
        #expect(throws: UsageError("check has no option --quiet: it takes --json")) {
            try CommandTable.parse(["check", "--quiet"])
        }
    }
}
