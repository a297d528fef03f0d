import ScoutTestSupport
import Testing

/// set, cache and help.
@MainActor @Suite("Settings, cache and help") struct SettingsScreenTests {
    @Test("set lists every setting with its value")
    func setListsEverySetting() async throws {
        #expect(
            try await screen(after: ["set"]) == """
                country       US
                lang          en_us
                page-size     5
                color         auto
                auto-deny     on
                offline       off
                cache-ttl     3600s
                timeout       15s
                omdb-key      (not set: set omdb-key KEY, or OMDB_API_KEY)
                tmdb-key      (not set: set tmdb-key KEY, or TMDB_API_KEY)
                services      none
                picker        builtin
                watch-pages   3
                sync-auto     on (once sync init has set sync up)
                sync-timeout  3s
                images        auto
                art-cache-mb  100
                """)
    }

    @Test("set KEY VALUE says the new value, and set KEY reads it back")
    func setChangesAndReadsBack() async throws {
        #expect(
            try await screen(after: ["set timeout 30s", "set timeout"]) == """
                timeout is now 30s.
                timeout 30s
                """)
    }

    @Test("a mistyped setting suggests the nearest key and lists them all")
    func aMistypedSetting() async throws {
        #expect(
            try await screen(after: ["set colour red"]) == """
                ! no setting "colour"; did you mean color? settings are country, lang, page-size, color, auto-deny, \
                offline, cache-ttl, timeout, omdb-key, tmdb-key, services, picker, watch-pages, sync-auto, \
                sync-timeout, images, art-cache-mb
                """)
    }

    @Test("two values for one setting say that it takes one")
    func twoValues() async throws {
        #expect(
            try await screen(after: ["set page-size 10 20"])
                == "! set takes one VALUE: usage: set [KEY [VALUE]]")
    }

    @Test("a value out of range says what the setting takes")
    func aValueOutOfRange() async throws {
        #expect(
            try await screen(after: ["set page-size 0"])
                == "! page-size takes a number from 1 to 200, or auto to fit the window")
    }

    @Test("cache shows its entries, size, look-ups, freshness and folder; cache clear counts what it removed")
    func cacheFiguresAndClear() async throws {
        let box = try Sandbox()
        #expect(
            try await screen(after: ["cache", "cache clear"], in: box) == """
                Cache: 0 entries, 0 bytes, no look-ups yet, fresh for 3600 s, in \(box.path("cache/scout").path)
                Art: 0 images, 0 bytes of 100 MB (set art-cache-mb), in \(box.path("cache/scout/art").path)
                Cache cleared (0 entries, 0 images).
                """)
    }

    @Test("help COMMAND shows what it does, its usage and an example")
    func helpForOneCommand() async throws {
        #expect(
            try await screen(after: ["help select"]) == """
                select: pick rows: 3, 1,4, 2-5, 5-, -3, 1-3,7
                usage: select RANGES|all|none
                details:
                  RANGES     rows of the list on screen, numbered across the pages: 3, 1,4, 2-5, 5-, -3, 1-3,7 \
                (commas or spaces)
                  all, none  every row loaded; nothing (the whole selection, in every source)
                  one pick   movies take one pick (a second replaces the first); the other sources several
                  kept       the selection is one basket across sources, kept in the session; selection lists it, \
                done confirms it
                example: select 1-3,7
                """)
    }

    @Test("help of a word that is no command says help lists them, and quit prints nothing")
    func helpForNoCommand() async throws {
        #expect(try await screen(after: ["help nosuch", "quit"]) == "! no command \"nosuch\": help lists them")
    }
}
