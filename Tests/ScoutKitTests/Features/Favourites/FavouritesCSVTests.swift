import Foundation
import Testing
@testable import ScoutKit
import ScoutTestSupport

/// The favourites CSV codec: what spreadsheets save reads, a round trip keeps every favourite exactly
/// (summaries included), and cells a spreadsheet would run as formulas are neutralised and restored.
@Suite struct FavouritesCSVTests {
    static let fixtures = ScenarioRunner.repository.appendingPathComponent("Fixtures/csv")
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static let movie = Favourite(
        item: Item(
            id: "movies:29", title: "The Shining",
            fields: [.init("year", "1980"), .init("genre", "Horror"), .init("director", "Stanley Kubrick")]),
        addedAt: now)
    static let song = Favourite(
        item: Item(
            id: "itunes:1440935562", title: "22",
            fields: [
                .init("kind", "song"), .init("artist", "Taylor Swift"), .init("collection", "Red"),
                .init("year", "2012"), .init("genre", "Country"), .init("price", "1.29 USD"),
            ],
            url: "https://music.apple.com/us/album/22/1440935340?i=1440935562&uo=4"),
        addedAt: now, tags: ["rewatch", "country"])

    static func roundTrip(_ favourites: [Favourite]) throws -> [Favourite] {
        try FavouritesCSV.read(Data(FavouritesCSV.write(favourites).utf8), now: now).favourites
    }

    @Test func aSongAfterAMovieReadsTheSameAfterARoundTrip() throws {
        let back = try Self.roundTrip([Self.movie, Self.song])
        #expect(back == [Self.movie, Self.song])
        #expect(
            back.map { Renderer.summary($0.item) } == [
                "The Shining (1980, Horror, Stanley Kubrick)", "22 (song, Taylor Swift, Red)",
            ])
        // One order fits both: no `fields` column.
        #expect(
            FavouritesCSV.write([Self.movie, Self.song]).hasPrefix(
                "id,title,source,added_at,tags,url,kind,artist,collection,year,genre,price,director\r\n"))
    }

    @Test func ordersThatDisagreeGetAFieldsColumn() throws {
        let one = Favourite(
            item: Item(id: "a:1", title: "A", fields: [.init("year", "1"), .init("genre", "g")]), addedAt: Self.now)
        let other = Favourite(
            item: Item(id: "b:2", title: "B", fields: [.init("genre", "h"), .init("year", "2"), .init("note", "")]),
            addedAt: Self.now)
        let csv = FavouritesCSV.write([one, other])
        #expect(csv.hasPrefix("id,title,source,added_at,tags,url,fields,year,genre,note\r\n"))
        #expect(try Self.roundTrip([one, other]) == [one, other])
    }

    @Test func fieldsNamedLikeColumnsKeepTheirNames() throws {
        let odd = Favourite(
            item: Item(
                id: "x:1", title: "T",
                fields: [.init("title", "sub"), .init("field.x", "y"), .init("fields", "z"), .init("ID", "w")]),
            addedAt: Self.now)
        #expect(try Self.roundTrip([odd]) == [odd])
    }

    @Test func formulasAreNeutralisedAndRestoredExactly() throws {
        for value in [
            "=1+2", "+33 1", "-3", "@SUM(A1)", "\tx", "\rx", "'=quoted", "''=twice", "'plain", "plain", "", "'", "a=b",
        ] {
            let written = FavouritesCSV.neutralised(value)
            #expect(
                !FavouritesCSV.formulaStarts.contains(written.unicodeScalars.first ?? "a"),
                "\(value.debugDescription) is left to run")
            #expect(FavouritesCSV.restored(written) == value, "\(value.debugDescription)")
        }
        let evil = Favourite(
            item: Item(
                id: "movies:1", title: "=HYPERLINK(\"http://x\",\"y\")",
                fields: [.init("note", "-2"), .init("at", "@me")]),
            addedAt: Self.now, tags: ["+1"])
        let csv = FavouritesCSV.write([evil])
        #expect(csv.contains(",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\","))
        #expect(csv.contains(",'+1,"))
        #expect(csv.hasSuffix(",'-2,'@me\r\n"))
        #expect(try Self.roundTrip([evil]) == [evil])
    }

    /// A property test: random favourites of awkward text survive a round trip exactly.
    @Test func randomFavouritesSurviveARoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab ,;\"'=+-@\t\r\n\r\n:é東😀#.") + ["\r\n"]
        func text(_ maxLength: Int, allowEmpty: Bool = true) -> String {
            let count = Int.random(in: (allowEmpty ? 0 : 1)...maxLength, using: &generator)
            return String((0..<count).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
        }
        let names = ["year", "genre", "kind", "artist", "price", "title", "field.a", "x y"]
        for _ in 0..<300 {
            let favourites = (0..<Int.random(in: 0...4, using: &generator)).map { n -> Favourite in
                let fieldNames = names.shuffled(using: &generator).prefix(Int.random(in: 0...4, using: &generator))
                let title = text(8, allowEmpty: false)
                let tags = (0..<Int.random(in: 0...2, using: &generator)).map { _ in
                    text(5, allowEmpty: false).replacingOccurrences(of: ";", with: "")
                }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                return Favourite(
                    item: Item(
                        id: "s:\(n)\(text(3).replacingOccurrences(of: ";", with: ""))", title: title,
                        fields: fieldNames.map { Item.Field($0, text(6)) },
                        url: Bool.random() ? nil : "https://e.x/\(n)"),
                    addedAt: Self.now, tags: tags)
            }
            // Ids and tags are read trimmed; a title left empty reads as the id.
            let expected = favourites.filter {
                $0.id.trimmingCharacters(in: .whitespaces) == $0.id && !$0.title.isEmpty
            }
            #expect(try Self.roundTrip(expected) == expected, "\(expected)")
        }
    }

    @Test func excelCSVUTF8WithAByteOrderMarkAndCRLFImports() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("excel-utf8-bom-crlf.csv"))
        #expect(data.prefix(3) == Data([0xEF, 0xBB, 0xBF]))
        let read = try FavouritesCSV.read(data, now: Self.now)
        #expect(read.skippedLines.isEmpty)
        #expect(
            read.favourites.map { Renderer.summary($0.item) } == [
                "The Shining (1980, Horror, Stanley Kubrick)", "22 (song, Taylor Swift, Red)",
            ])
        #expect(read.favourites.last?.tags == ["rewatch", "country"])
        #expect(read.favourites.last?.url == "https://music.apple.com/us/album/22/1440935340?i=1440935562&uo=4")
        #expect(read.favourites.first?.addedAt == ISO8601DateFormatter().date(from: "2026-11-20T18:00:00Z"))
    }

    @Test func semicolonSeparatedImports() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("semicolon.csv"))
        let read = try FavouritesCSV.read(data, now: Self.now)
        #expect(
            read.favourites.map { Renderer.summary($0.item) } == [
                "Narisawa (Japanese, Tokyo, $$$$)", "Katz's Delicatessen (American, New York, $$)",
            ])
        #expect(read.favourites.last?.tags == ["date night", "deli"])
        #expect(read.favourites.last?.item.rating == 4.5)
    }

    @Test func separatorComesFromTheHeaderLine() {
        #expect(FavouritesCSV.separator(of: "id,title\r\n1;2;3;4\r\n") == ",")
        #expect(FavouritesCSV.separator(of: "id;title;\"a,b,c\"\n") == ";")
        #expect(FavouritesCSV.separator(of: "id\ttitle\n") == "\t")
        #expect(FavouritesCSV.separator(of: "id\n") == ",")
    }

    @Test func parsingKeepsLineBreaksInQuotesAndCountsLines() throws {
        let rows = try FavouritesCSV.parse("a,\"b\r\nc\",d\r\n\r\n\"e\"\"f\",g\rh\n", separator: ",")
        #expect(rows.map(\.cells) == [["a", "b\r\nc", "d"], ["e\"f", "g"], ["h"]])
        #expect(rows.map(\.line) == [1, 4, 5])
    }

    @Test func rowsWithoutAnIdAreSkippedAndNamed() throws {
        let read = try FavouritesCSV.read(Data("id,title\nmovies:1,A\n,B\nnot an id,C\n".utf8), now: Self.now)
        #expect(read.favourites.map(\.id) == ["movies:1"])
        #expect(read.skippedLines == [3, 4])
    }

    @Test func badFilesGetOneLineSayingWhatToDo() {
        #expect(throws: UsageError.self) {
            try FavouritesCSV.read(Data([0x69, 0x64, 0x0A, 0xFF, 0xFE]), now: Self.now)
        }
        #expect(throws: UsageError.self) { try FavouritesCSV.read(Data("title,year\nA,1\n".utf8), now: Self.now) }
    }

    @Test func fieldOrderKeepsEachListsOrder() {
        #expect(
            FavouritesCSV.fieldOrder([
                ["year", "genre", "director"], ["kind", "artist", "collection", "year", "genre", "price"],
            ])
                == ["kind", "artist", "collection", "year", "genre", "price", "director"])
        #expect(
            FavouritesCSV.fieldOrder([["cuisine", "city", "price", "rating"], ["year", "genre", "director"]])
                == ["cuisine", "city", "price", "rating", "year", "genre", "director"])
    }
}
