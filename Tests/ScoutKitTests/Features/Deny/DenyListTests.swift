import Foundation
import Testing
@testable import ScoutKit

/// The deny list's two kinds of entry: the user's terms (`denylist.txt`, the prefix rule, everywhere)
/// and the searches that found nothing (`denied-searches.jsonl`, the same search only).
@Suite struct DenyListTests {
    static let date = Date(timeIntervalSince1970: 1_795_000_000)

    func store(_ folder: TempFolder, warn: @escaping @Sendable (String) -> Void = { _ in }) -> DenyListStore {
        DenyListStore(
            url: folder.file("denylist.txt"), indexURL: folder.file("denylist.index"), store: FileStore(), warn: warn)
    }

    func query(_ source: String, _ terms: String, _ options: [String: String] = [:]) -> SearchQuery {
        SearchQuery(source: source, terms: terms, options: options)
    }

    @Test func aSearchThatFoundNothingRefusesOnlyThatSameSearch() throws {
        let folder = try TempFolder()
        let deny = store(folder)
        #expect(try deny.add(DeniedSearch(source: "omdb", terms: "Batman", options: ["year": "1850"], time: Self.date)))
        #expect(try deny.add(DeniedSearch(source: "omdb", terms: "st", options: [:], time: Self.date)))
        let refused = try #require(try deny.refusal(of: query("omdb", "BATMAN ", ["year": "1850"])))
        #expect(
            refused
                == .search(DeniedSearch(source: "omdb", terms: "Batman", options: ["year": "1850"], time: Self.date)))
        #expect(try deny.refusal(of: query("omdb", "st")) != nil)
        // Not the bare terms, not other options, not another source, not a longer query.
        #expect(try deny.refusal(of: query("omdb", "batman")) == nil)
        #expect(try deny.refusal(of: query("omdb", "batman", ["year": "1851"])) == nil)
        #expect(try deny.refusal(of: query("omdb", "batman", ["year": "1850", "type": "movie"])) == nil)
        #expect(try deny.refusal(of: query("movies", "batman", ["year": "1850"])) == nil)
        #expect(try deny.refusal(of: query("omdb", "star wars")) == nil)
        #expect(
            try deny.refusal(of: query("omdb", "st"), automatic: false) == nil,
            "the catalog asks without automatic entries")
        // The same search twice is kept once; options compare as the sources read them.
        #expect(
            try !deny.add(DeniedSearch(source: "OMDB", terms: "batman", options: ["Year": " 1850"], time: Self.date)))
        #expect(
            try deny.add(
                DeniedSearch(
                    source: "songs", terms: "zzqx", options: ["country": "gb", "lang": "EN_US"], time: Self.date)))
        #expect(try deny.refusal(of: query("songs", "zzqx", ["country": "GB", "lang": "en_us"])) != nil)
        #expect(try deny.refusal(of: query("songs", "zzqx", ["country": "US", "lang": "en_us"])) == nil)
        #expect(try deny.deniedSearches().count == 3)
    }

    @Test func theUsersTermsKeepThePrefixRuleAndComeFirst() throws {
        let folder = try TempFolder()
        let deny = store(folder)
        try deny.add(["star"])
        try deny.add(DeniedSearch(source: "omdb", terms: "star", options: [:], time: Self.date))
        #expect(try deny.refusal(of: query("movies", "starship")) == .term("star"))
        #expect(try deny.refusal(of: query("omdb", "star")) == .term("star"))
        #expect(try deny.userTerms() == ["star"])
        #expect(try deny.terms() == ["star"], "deny rm's terms, each once")
        // deny rm takes both kinds: the term, then the automatic entries with those terms.
        #expect(try deny.remove("STAR") == 1)
        #expect(try deny.refusal(of: query("omdb", "star")) != nil)
        #expect(try deny.removeSearches { Text.fold($0.terms) == Text.fold("Star") }.map(\.source) == ["omdb"])
        #expect(try deny.refusal(of: query("omdb", "star")) == nil)
        #expect(try deny.terms().isEmpty)
    }

    /// One JSON record a line, appended; what another scout appends is seen at the next look-up.
    @Test func theFileIsOneRecordALineAndSharedBetweenScouts() throws {
        let folder = try TempFolder()
        let deny = store(folder)
        try deny.add(DeniedSearch(source: "omdb", terms: "heat", options: ["year": "1850"], time: Self.date))
        #expect(try deny.refusal(of: query("omdb", "zzqx")) == nil)
        try store(folder).add(DeniedSearch(source: "omdb", terms: "zzqx", options: [:], time: Self.date))
        #expect(try deny.refusal(of: query("omdb", "zzqx")) != nil)
        let text = try String(decoding: Data(contentsOf: folder.file("denied-searches.jsonl")), as: UTF8.self)
        #expect(
            text == """
                {"options":{"year":"1850"},"source":"omdb","terms":"heat","time":"2026-11-18T11:06:40Z"}
                {"options":{},"source":"omdb","terms":"zzqx","time":"2026-11-18T11:06:40Z"}

                """)
        #expect(
            !FileManager.default.fileExists(atPath: folder.file("denylist.txt").path), "the user's list is left alone")
    }

    /// A line that does not read costs that line: the file is kept aside and written back with the rest.
    @Test func aDamagedLineCostsThatLineOnly() throws {
        let folder = try TempFolder()
        let url = folder.file("denied-searches.jsonl")
        try Data(
            """
            {"options":{},"source":"omdb","terms":"heat","time":"2026-11-18T11:06:40Z"}
            {"options":{},"source":"om\u{0}\u{0}
            {"source":"songs","terms":"zzqx","time":"2026-11-18T11:06:40Z"}

            """.utf8
        ).write(to: url)
        let warnings = WarningLog()
        let deny = store(folder, warn: warnings.add)
        #expect(try deny.deniedSearches().map(\.terms) == ["heat", "zzqx"], "a record without options has none")
        let said = warnings.drain()
        #expect(
            said.count == 1
                && said[0].hasPrefix(
                    "the denied searches had 1 damaged line; kept the file as denied-searches.jsonl.corrupt-"),
            "\(said)")
        #expect(said.first?.hasSuffix("and the 2 searches that could be read") == true, "\(said)")
        #expect(try store(folder, warn: warnings.add).deniedSearches().count == 2)
        #expect(warnings.drain().isEmpty, "repaired: the next read says nothing")
    }
}
