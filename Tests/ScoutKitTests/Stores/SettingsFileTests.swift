import Foundation
import Testing
@testable import ScoutKit

/// The settings file as `SettingsCodec` reads and writes it from the table: the bytes `set` leaves, and a
/// file edited by hand read a key at a time, each value held to what `set` takes.
@Suite struct SettingsFileTests {
    static let everySet = """
        {
          "art-cache-mb" : 50,
          "auto-deny" : false,
          "cache-ttl" : 7200,
          "color" : "never",
          "country" : "GB",
          "images" : "symbols",
          "lang" : "en_us",
          "offline" : true,
          "omdb-key" : "abc123",
          "page-size" : 7,
          "picker" : "fzf",
          "sync-auto" : false,
          "sync-timeout" : 10,
          "timeout" : 30,
          "watch-pages" : 5
        }
        """

    @Test("every setting changed: the file holds each under its key, sorted, as JSONEncoder.scout wrote it")
    func theFileHoldsEverySetting() throws {
        var settings = Settings()
        for (key, value) in [
            ("country", "gb"), ("lang", "EN-US"), ("page-size", "7"), ("color", "never"), ("auto-deny", "off"),
            ("offline", "on"), ("cache-ttl", "2h"), ("timeout", "30s"), ("omdb-key", "abc123"), ("picker", "fzf"),
            ("watch-pages", "5"), ("sync-auto", "off"), ("sync-timeout", "10"), ("images", "symbols"),
            ("art-cache-mb", "50"),
        ] { try settings.set(key, to: value) }
        #expect(String(decoding: SettingsCodec.encode(settings), as: UTF8.self) == Self.everySet)
        #expect(
            SettingsCodec.decode(Data(Self.everySet.utf8), file: "config.json") { Issue.record("\($0)") } == settings)
        // The defaults: no page-size (auto) and no key are not written.
        #expect(
            String(decoding: SettingsCodec.encode(Settings()), as: UTF8.self).split(separator: "\n").map {
                $0.trimmingCharacters(in: .whitespaces)
            } == [
                "{", "\"art-cache-mb\" : 100,", "\"auto-deny\" : true,", "\"cache-ttl\" : 3600,",
                "\"color\" : \"auto\",",
                "\"country\" : \"US\",", "\"images\" : \"auto\",", "\"lang\" : \"en_us\",", "\"offline\" : false,",
                "\"picker\" : \"builtin\",", "\"sync-auto\" : true,", "\"sync-timeout\" : 3,", "\"timeout\" : 15,",
                "\"watch-pages\" : 3", "}",
            ])
        #expect(SettingsCodec.decode(Data("{}".utf8), file: "config.json") { Issue.record("\($0)") } == Settings())
    }

    @Test("a file edited by hand: each value scout cannot use is one line and its default; the rest is kept")
    func aHandEditedFileIsReadAKeyAtATime() throws {
        let file = #"""
            {"country": "zz", "timeout": "30s", "page-size": 500, "color": "NEVER", "watch-pages": 2.5,
             "offline": "yes", "auto-deny": {"on": true}, "picker": "skim", "cache-ttl": null,
             "omdb-key": "k3y!", "later-scout": {"a": [1, -2.5e3, "\u00e9"]}, "lang": "ja-JP"}
            """#
        var said: [String] = []
        let settings = try #require(
            SettingsCodec.decode(Data(file.utf8), file: "/c/scout/config.json") { said.append($0) })
        var expected = Settings()
        expected.timeout = 30
        expected.color = .never
        expected.offline = true
        expected.lang = "ja_jp"
        expected.kept = ["later-scout": #"{"a": [1, -2.5e3, "\u00e9"]}"#]
        #expect(settings == expected)
        #expect(
            said == [
                #"/c/scout/config.json: country "zz" is not used: "zz" is not the country of an iTunes store: use its "#
                    + "two-letter ISO 3166-1 code, such as US, GB, DE, FR or JP; went on with US",
                "/c/scout/config.json: page-size 500 is not used: page-size takes a number from 1 to 200, or auto to "
                    + "fit the window; went on with auto (fits the window; 20 in a script)",
                "/c/scout/config.json: watch-pages 2.5 is not used: watch-pages takes a number of pages from 1 to 10, "
                    + "such as 3; went on with 3",
                #"/c/scout/config.json: auto-deny {"on": true} is not used: auto-deny takes on or off; "#
                    + "went on with on",
                #"/c/scout/config.json: omdb-key "k3y!" is not used: omdb-key takes the key OMDb sent you (letters "#
                    + "and digits), or none to forget it; went on with (not set: set omdb-key KEY, or OMDB_API_KEY)",
            ])
        // Written back: what was used, and the later scout's key as it was.
        let written = String(decoding: SettingsCodec.encode(settings), as: UTF8.self)
        #expect(written.contains(#""later-scout" : {"a": [1, -2.5e3, "\u00e9"]},"#))
        #expect(written.contains(#""country" : "US","#) && written.contains(#""timeout" : 30,"#))
        #expect(SettingsCodec.decode(Data(written.utf8), file: "config.json") { Issue.record("\($0)") } == settings)
    }

    @Test("what is not a JSON object is damage, however deep it nests")
    func whatIsNotAnObjectIsDamage() {
        for text in [
            "", "[]", "\"US\"", "{\"country\": \"GB\"", "{\"country\": \"GB\",}", "{\"timeout\": 01}",
            "{\"timeout\": 1.}", "{\"offline\": tru}", "{\"country\": \"\u{1}\"}",
            "{\"a\": \(String(repeating: "[", count: 40_000))",
            "{\"a\": \(String(repeating: "[", count: 40))\(String(repeating: "]", count: 40))}",
        ] {
            #expect(SettingsCodec.decode(Data(text.utf8), file: "config.json") { _ in } == nil, "\(text.prefix(30))")
        }
        #expect(
            SettingsCodec.decode(Data("{\"a\": [[[[1]]]], \"b\": -0.5E+2}".utf8), file: "config.json") { _ in }?.kept
                == ["a": "[[[[1]]]]", "b": "-0.5E+2"])
    }
}
