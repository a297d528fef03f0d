import Foundation
import Testing
@testable import ScoutKit

/// The settings table is the one description of every setting: the file's keys, `set`'s, `help set`'s
/// and completion's are its keys, and none may leave the machine.
@Suite struct SettingsTableTests {
    @Test("every key the settings file holds is a row of the table, in the same spelling, and no other")
    func theFileAndTheTableAgree() throws {
        var settings = Settings()
        settings.omdbKey = "k3y"
        settings.tmdbKey = "t0k"
        settings.pageSize = 5
        settings.services = ["netflix"]
        let data = SettingsCodec.encode(settings)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == Set(Settings.table.map(\.key)))
    }

    /// What `--json` says of each setting, as the shipped schema types it, is what the table declares: its
    /// type, the words of a choice, the range of a number. The schema is checked against the table, not kept apart.
    @Test func theSchemaTypesEachSettingAsTheTableDeclaresIt() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Schemas/scout-output.v1.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        let settings = try #require((properties["settings"] as? [String: Any])?["properties"] as? [String: Any])
        var declared: [String: NSDictionary] = [:]
        for setting in Settings.table {
            var entry: [String: Any] = [:]
            // A setting that may be unset (page-size's auto, no OMDb key) is null in --json.
            let nullable = setting.json(Settings(), ShellContext.bare) == .null
            switch setting.kind {
            case .text, .secret: entry["type"] = nullable ? ["string", "null"] : "string"
            case .number, .duration: entry["type"] = nullable ? ["integer", "null"] : "integer"
            case .onOff: entry["type"] = "boolean"
            case .choice: entry["enum"] = setting.values
            }
            if let range = setting.range {
                entry["minimum"] = range.lowerBound
                if range.upperBound != Int.max { entry["maximum"] = range.upperBound }
            }
            declared[setting.key] = entry as NSDictionary
        }
        let shipped = settings.mapValues { value in
            ((value as? [String: Any]) ?? [:]).filter { $0.key != "description" } as NSDictionary
        }
        #expect(shipped == declared)
    }

    @Test("help set and completion list every setting, picker among them")
    func helpAndCompletionReadTheTable() {
        let terms = SetCommand.spec.details.map(\.term)
        #expect(
            terms == [
                "country CC", "lang L", "page-size N", "color C", "auto-deny on|off", "offline on|off", "cache-ttl T",
                "timeout T", "omdb-key KEY", "tmdb-key KEY", "services NAME, …", "picker builtin|fzf", "watch-pages N",
                "sync-auto on|off",
                "sync-timeout T", "images auto|kitty|iterm|sixel|symbols|off", "art-cache-mb N",
            ])
        #expect(Completion.complete("set p", data: CompletionData()).candidates == ["page-size", "picker"])
        #expect(Completion.complete("set picker ", data: CompletionData()).candidates == ["builtin", "fzf"])
    }

    @Test("no setting leaves the machine, the OMDb key least of all")
    func noSettingLeavesTheMachine() {
        #expect(Settings.table.filter(\.leavesMachine).map(\.key) == [])
    }

    @Test("each setting reads what it shows, and says what it takes when it cannot")
    func parsingAndShowing() throws {
        var settings = Settings()
        try settings.set("timeout", to: "2m")
        try settings.set("auto-deny", to: "off")
        try settings.set("page-size", to: "auto")
        #expect(Settings.setting("timeout")?.show(settings, .bare) == "120s")
        #expect(Settings.setting("auto-deny")?.json(settings, .bare) == .bool(false))
        #expect(Settings.setting("page-size")?.json(settings, .bare) == .null)
        #expect(
            Settings.table.map(\.defaultValue) == [
                "US", "en_us", "auto (fits the window; 20 in a script)", "auto", "on", "off",
                "3600s", "15s", "(not set: set omdb-key KEY, or OMDB_API_KEY)",
                "(not set: set tmdb-key KEY, or TMDB_API_KEY)", "none", "builtin", "3",
                "on (once sync init has set sync up)", "3s", "auto",
                "100",
            ])
        try settings.set("images", to: "Kitty")
        #expect(settings.images == .kitty)
        #expect(throws: UsageError("images takes auto, kitty, iterm, sixel, symbols or off")) {
            try settings.set("images", to: "chafa")
        }
        #expect(throws: UsageError("art-cache-mb takes a number of megabytes from 0 to 10000, such as 100")) {
            try settings.set("art-cache-mb", to: "-1")
        }
        #expect(throws: UsageError("timeout takes a duration from 1s to 5m, such as 15 or 30s")) {
            try settings.set("timeout", to: "9m")
        }
        // A number of days too large for seconds is refused, not a crash.
        #expect(throws: UsageError("cache-ttl takes a duration such as 3600, 90s, 30m, 12h or 7d")) {
            try settings.set("cache-ttl", to: "999999999999999d")
        }
        #expect(Settings.isStoreCountry("gb") && Settings.isStoreCountry("za") && Settings.isStoreCountry("ae"))
        #expect(!Settings.isStoreCountry("uk") && !Settings.isStoreCountry("e ") && !Settings.isStoreCountry("a"))
        // The list is two letters a code, one space between, as isStoreCountry reads it.
        #expect(Settings.storeCountries.split(separator: " ").allSatisfy { $0.count == 2 && $0.allSatisfy(\.isLetter) })
        #expect(Settings.storeCountries.utf8.count == Settings.storeCountries.split(separator: " ").count * 3 - 1)
        #expect(throws: UsageError("watch-pages takes a number of pages from 1 to 10, such as 3")) {
            try settings.set("watch-pages", to: "11")
        }
        #expect(
            throws: UsageError(
                "no setting \"pickr\"; did you mean picker? settings are country, lang, page-size, color, auto-deny, "
                    + "offline, cache-ttl, timeout, omdb-key, tmdb-key, services, picker, watch-pages, sync-auto, "
                    + "sync-timeout, images, art-cache-mb"
            )
        ) {
            try settings.set("pickr", to: "x")
        }
    }
}
