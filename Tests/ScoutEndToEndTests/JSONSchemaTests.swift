import Foundation
import ScoutTestSupport
@testable import ScoutKit
import Testing

/// `--json` version 1: every command's line validates against the shipped schema
/// (`Schemas/scout-output.v1.json`, checked by `scripts/check-json`), and the values are typed.
@Suite struct JSONSchemaTests {
    /// Every command, with good and bad arguments, in one script.
    static let script = """
        search alien; list; next; prev; page 1; page 9; load all; filter alien; filter; sort year desc; sort rating; \
        group genre; group none
        show 1; open 1; art 1; show 99; select 1; unselect 1; select 1-2; select 1; selection
        fav add 1 --tag weekend; fav; fav tag 1 rewatch; fav untag 1 rewatch; fav show 1; fav search alien; fav export \
        favs.json
        fav import favs.json; done; fav rm 1; fav rm 1
        history; history 1; history stats; history search alien; !!; history rm 1; history rerun 9; !x
        pick history --filter ali; pick fav --filter alien; pick results --filter x; pick; pick nowhere
        deny add spoilers; search spoilers; deny; deny rm spoilers; deny import denied.txt; deny rm nothing
        use restaurants; use nowhere; sources; search; search --type movie; cache; cache clear
        session; session save x; session list; session load x; session rm x; session reset
        set; set page-size 10; set timeout 30s; set auto-deny off; set colour red
        set omdb-key abcdef12; set omdb-key; set omdb-key none; set omdb-key
        search alien; rate 1 4.5; rate 1 9; seen 1 2026-11-01; seen 1 2030-01-01; want 2; unwant 2; unwant 2
        note 1 keep; note 1; diary; diary 2025; ratings; ratings --min 5; watchlist; where 1; stats; stats 2026
        export letterboxd lb.csv; import letterboxd lb.csv; import imdb lb.csv; import letterboxd nowhere
        follow; follow letterboxd anna; unfollow letterboxd anna; friends
        pick diary --filter alien; pick ratings --filter alien; pick watchlist --filter alien
        search alien; save s1; save s1; save s2 search $1 --in movies; saved; saved show s1; run s2 alien; run s2
        watch s1; watch s2; check; check s1; unwatch s1; unwatch s1; check; saved rm s2; saved rm nothing
        sync; sync status; sync init folder shared; sync; sync status; sync init bogus; sync off; sync off
        help; help select; clear; xyzzy; quit
        """

    static func checkJSON(_ lines: String) throws -> (status: Int32, report: String) {
        let process = Process()
        process.executableURL = FixtureServer.fixtures.deletingLastPathComponent().appendingPathComponent(
            "scripts/check-json")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(lines.utf8))
        try input.fileHandleForWriting.close()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, report)
    }

    /// A favourite or a page that is not there is `not-found`, as a row or a search is (both said `usage`).
    @Test func whatIsNotThereIsNotFound() async throws {
        let box = try Sandbox()
        let run = try await box.run(["--json", "-c", "set page-size 2; search nolan; fav add 1; fav show 99; page 9"])
        let errors = run.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let error = object["error"] as? String
            else { return nil }
            return (error, object["code"] as? String ?? "")
        }
        #expect(
            errors.map(\.0) == ["there is no favourite 99: fav lists 1 to 1", "there are only 3 pages: page 1 to 3"])
        #expect(errors.map(\.1) == ["not-found", "not-found"])
    }

    @Test func everyCommandsLineValidatesAgainstTheSchema() async throws {
        let box = try Sandbox()
        try box.write("spoilers\n# a comment\nleaks\n", to: box.root.appendingPathComponent("denied.txt"))
        let run = try await box.run(
            ["--json"],
            input: Self.script.replacingOccurrences(of: " favs.json", with: " \(box.root.path)/favs.json")
                .replacingOccurrences(of: " denied.txt", with: " \(box.root.path)/denied.txt")
                .replacingOccurrences(of: " lb.csv", with: " \(box.root.path)/lb.csv")
                .replacingOccurrences(of: " shared;", with: " \(box.root.path)/shared;") + "\n",
            extraEnvironment: ["SCOUT_TEST_NOW": "2026-11-22T19:14:00Z"])
        let lines = run.stdoutLines
        let (status, report) = try Self.checkJSON(run.stdout)
        #expect(status == 0, "\(report)")
        // Every command of the table wrote at least one line, under its own name.
        let names = CommandTable.specs.map(\.name).sorted()
        #expect(
            report.hasSuffix(
                "valid against schema 1; commands: \((names + ["None"]).sorted().joined(separator: " "))\n"),
            "\(report)")
        #expect(report.hasPrefix("\(lines.count) lines, \(lines.count) valid"))

        let objects = try lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        // The first search: typed rows of the built-in catalog.
        let search = objects[0]
        #expect(
            search["schema"] as? Int == 1 && search["ok"] as? Bool == true && search["command"] as? String == "search")
        #expect(search["total"] as? Int == 2)
        let first = try #require((search["items"] as? [[String: Any]])?.first)
        #expect(first["id"] as? String == "movies:10" && first["title"] as? String == "Alien")
        #expect(first["year"] as? Int == 1979 && first["row"] as? Int == 1 && first["source"] as? String == "movies")
        #expect(first["selected"] as? Bool == false && first["favourite"] as? Bool == false)
        // Errors carry a code: past the last page, an unknown command, a refused search.
        // (a row, page or search that is not there is not-found; a mistake in the words is usage)
        #expect(search["pages"] as? Int == 1 && search["more"] as? Bool == false)
        #expect(
            objects[2]["ok"] as? Bool == false && objects[2]["code"] as? String == "not-found"
                && objects[2]["error"] as? String == "already on the last page")
        let codes = Dictionary(
            objects.compactMap { object in (object["error"] as? String).map { ($0, object["code"] as? String ?? "") } }
        ) { a, _ in a }
        #expect(codes["there is no row 99: rows run from 1 to 2"] == "not-found")
        #expect(codes["there is no search 9: history has 1 to 1"] == "not-found")
        #expect(codes["!x names no search: !N re-runs search N of history, !! the last one"] == "usage")
        let unknown = try #require(objects.first { ($0["error"] as? String)?.hasPrefix("unknown command") == true })
        #expect(unknown["code"] as? String == "unknown-command")
        #expect(unknown["command"] is NSNull)
        let refused = try #require(objects.first { $0["code"] as? String == "refused" })
        #expect(refused["command"] as? String == "search")
        // Favourites are typed items with their number, date and tags; what done lists is marked a favourite.
        let favourites = try #require(objects.first { $0["command"] as? String == "fav" && $0["items"] != nil })
        let kept = try #require((favourites["items"] as? [[String: Any]])?.first)
        // (sorted by year, newest first: row 1 is Aliens)
        #expect(
            kept["n"] as? Int == 1 && kept["year"] as? Int == 1986
                && kept["addedAt"] as? String == "2026-11-22T19:14:00Z")
        #expect(kept["tags"] as? [String] == ["weekend"])
        let chosen = try #require(objects.first { $0["command"] as? String == "done" })
        #expect((chosen["items"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Aliens"])
        #expect((chosen["items"] as? [[String: Any]])?.map { $0["favourite"] as? Bool } == [true])
        // Restaurants: a rating is a number, a price level a number, never "$$".
        let restaurants = try #require(objects.first { $0["source"] as? String == "restaurants" && $0["items"] != nil })
        let row = try #require((restaurants["items"] as? [[String: Any]])?.first)
        #expect(row["rating"] is Double && row["priceLevel"] is Int && row["price"] is NSNull)
        let stats = try #require(objects.first { $0["stats"] != nil }?["stats"] as? [String: Any])
        #expect(stats["searches"] as? Int == 1 && (stats["sources"] as? [String: Int]) == ["movies": 1])
        #expect((stats["top"] as? [[String: Any]])?.first?["terms"] as? String == "alien") // the terms, not "\"alien\""
        // Settings are typed: a page size and a timeout are numbers, auto-deny a boolean.
        let settings = try #require(objects.first { $0["command"] as? String == "set" }?["settings"] as? [String: Any])
        #expect(
            settings["page-size"] is NSNull && settings["timeout"] as? Int == 15
                && settings["auto-deny"] as? Bool == true)
        // The OMDb key is the key in use, masked, or null: never a sentence about where it came from.
        let keys = objects.compactMap {
            ($0["settings"] as? [String: Any])?.keys.contains("omdb-key") == true
                ? ($0["settings"] as? [String: Any])?["omdb-key"] : nil
        }
        #expect(keys.count == 5)
        #expect(keys.map { ($0 as? String).map { $0.count } ?? 0 } == [0, 8, 8, 0, 0], "\(keys)")
        #expect(keys.compactMap { $0 as? String }.allSatisfy { $0.hasSuffix("12") && !$0.contains(" ") }, "\(keys)")
    }

    /// The schema refuses what version 1 rules out: a year as text, a display price, a listing without its total.
    @Test func theSchemaRefusesDisplayStrings() throws {
        let lines = [
            #"{"schema":1,"ok":true,"command":"search","listing":"results","items":[{"id":"movies:10","title":"Alien","#
                + #""source":"movies","url":null,"year":"1979"}],"total":1}"#,
            #"{"schema":1,"ok":true,"command":"search","listing":"results","items":[{"id":"itunes:1","title":"Song","#
                + #""source":"itunes","url":null,"price":"album only"}],"total":1}"#,
            #"{"schema":1,"ok":true,"command":"fav","listing":"favourites","items":[]}"#,
            #"{"schema":1,"ok":false,"command":"list","error":"no results"}"#,
            #"{"schema":1,"ok":true,"command":"list","message":"x","selected":[]}"#,
        ]
        let good = [
            #"{"schema":1,"ok":true,"command":"help","message":"x"}"#,
            #"{"schema":1,"ok":true,"command":"search","listing":"results","items":[{"id":"movies:10","title":"Alien","#
                + #""source":"movies","url":null,"year":1979}],"total":1}"#,
        ]
        // One run of the checker: each bad line is named, the good ones are not.
        let (status, report) = try Self.checkJSON((lines + good).joined(separator: "\n") + "\n")
        #expect(status == 1)
        let named = Set(
            report.split(separator: "\n").compactMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } })
        #expect(named == Set(1...lines.count), "\(report)")
        #expect(
            report.hasSuffix(
                "\(lines.count + good.count) lines, \(good.count) valid against schema 1; commands: fav help list "
                    + "search\n"
            ), "\(report)")
    }
}
