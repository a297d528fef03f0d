import Foundation
import Testing
@testable import ScoutKit

@Suite struct CatalogTests {
    @Test func theBuiltInCatalogIsLargeEnoughAndDecodesWhole() throws {
        let movies = try CatalogDecoder.decode(.movies, from: Data(BuiltinCatalog.moviesJSON.utf8))
        let restaurants = try CatalogDecoder.decode(.restaurants, from: Data(BuiltinCatalog.restaurantsJSON.utf8))
        #expect(movies.count >= 100)
        #expect(restaurants.count >= 60)
        #expect(Set(restaurants.compactMap { $0[field: "cuisine"] }).count >= 8)
        #expect(Set(movies.map(\.id)).count == movies.count)
        #expect(movies.allSatisfy { $0.year != nil && $0[field: "director"] != nil && $0[field: "genre"] != nil })
        #expect(restaurants.allSatisfy { $0[field: "city"] != nil && $0.rating != nil && $0[field: "price"] != nil })
    }

    /// Remote HTML as text: an inline tag's text joins what is around it, a block tag or a break is a space.
    @Test func htmlReadsAsTextWithInlineTagsJoined() {
        #expect(
            Text.plain("a review with no diary entry, <b>on purpose</b>.")
                == "a review with no diary entry, on purpose.")
        #expect(
            Text.plain("<I>Heat</I>'s <a href=\"https://x\">cast</a>:<br/>De Niro<p>Pacino</p>")
                == "Heat's cast: De Niro Pacino")
        #expect(Text.plain("Tom &amp; Jerry<br />") == "Tom & Jerry")
    }

    @Test func aBadRecordCostsThatRecordOnly() throws {
        let json =
            #"[{"id": 1, "title": "Kept", "year": "1999"}, {"id": 2}, {"title": "no id"}, {"id": "3", "title": "Also "#
            + #"kept", "year": 2001.0}]"#
        let items = try CatalogDecoder.decode(.movies, from: Data(json.utf8))
        #expect(items.map(\.title) == ["Kept", "Also kept"])
        #expect(items.map(\.id) == ["movies:1", "movies:3"])
        #expect(items.map(\.year) == [1999, 2001])
    }

    @Test func anAnswerOfTheWrongShapeIsOneClearError() {
        #expect(throws: SourceError.undecodable(what: "the restaurants catalog", reason: "missing \"cuisines\"")) {
            try CatalogDecoder.decode(.restaurants, from: Data("{}".utf8))
        }
        #expect(throws: SourceError.undecodable(what: "the movies catalog", reason: "not valid JSON")) {
            try CatalogDecoder.decode(.movies, from: Data("<html>".utf8))
        }
    }

    @Test func restaurantsMatchByCuisineOrByEveryWord() throws {
        let all = try CatalogDecoder.decode(.restaurants, from: Data(BuiltinCatalog.restaurantsJSON.utf8))
        let italian = CatalogSource.match("ITALIAN", in: all, kind: .restaurants)
        #expect(italian.count == all.filter { $0[field: "cuisine"] == "Italian" }.count)
        #expect(CatalogSource.match("rome", in: all, kind: .restaurants).map(\.title) == ["Roscioli", "Da Enzo al 29"])
        #expect(
            CatalogSource.match("san sebastian", in: all, kind: .restaurants).map(\.title) == [
                "Arzak", "La Cuchara de San Telmo",
            ])
        #expect(CatalogSource.match("cafe", in: all, kind: .restaurants).map(\.title) == ["Zuni Café"])
    }

    @Test func moviesMatchTitleDirectorGenreAndYear() throws {
        let all = try CatalogDecoder.decode(.movies, from: Data(BuiltinCatalog.moviesJSON.utf8))
        #expect(CatalogSource.match("amelie", in: all, kind: .movies).map(\.title) == ["Amélie"])
        #expect(CatalogSource.match("villeneuve", in: all, kind: .movies).count == 3)
        #expect(CatalogSource.match("1979 scott", in: all, kind: .movies).map(\.title) == ["Alien"])
        #expect(CatalogSource.match("", in: all, kind: .movies).count == all.count)
    }
}

@Suite struct SafeTextTests {
    /// Prices and ratings as printf writes them: the double's exact value rounded, halves to even.
    @Test func decimalsAsPrintfWritesThem() {
        let values = [11.985, 0.125, 0.375, 2.5, 3.5, 4.65, -1.005, 0, -0.0, 7.1, 1e20, 123_456.789, 9.95, 0.05]
        for value in values {
            for places in [0, 1, 2, 3] {
                #expect(
                    Text.decimal(value, places: places) == String(format: "%.\(places)f", value), "\(value) \(places)")
            }
        }
        #expect(Text.decimal(11.985, places: 2) == "11.98")
        #expect(Text.decimal(0.125, places: 2) == "0.12")
        #expect(Text.decimal(4.5, places: 1) == "4.5")
    }

    @Test func controlCharactersAreMadeVisible() {
        #expect(SafeText.clean("\u{1B}]52;c;aGk=\u{07}") == "^[]52;c;aGk=^G")
        #expect(SafeText.clean("a\rb\u{8}c\u{0}d\u{7F}") == "a^Mb^Hc^@d^?")
        #expect(SafeText.clean("x\u{9B}2Jy") == "x<U+009B>2Jy")
        #expect(SafeText.clean("\u{202E}evil\u{2066}") == "<U+202E>evil<U+2066>")
        #expect(SafeText.clean("Amélie 東京 🎬") == "Amélie 東京 🎬")
    }

    @Test func displayWidthCountsCells() {
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("Amélie") == 6)
        #expect(DisplayWidth.truncate("東京物語です", to: 7) == "東京物…")
        #expect(DisplayWidth.pad("ab", to: 4, right: true) == "  ab")
    }
}
