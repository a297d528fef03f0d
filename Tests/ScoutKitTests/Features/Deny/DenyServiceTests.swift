import Foundation
import Testing
@testable import ScoutKit

/// The deny list as a service, as a command or a search is handed it: its store in a temporary folder, its
/// operations, and what each says, word for word.
@MainActor @Suite struct DenyServiceTests {
    nonisolated static let noon = Date(timeIntervalSince1970: 1_795_000_000) // 2026-11-18 11:06:40 UTC

    /// A service over a fresh home in `folder`, with these settings, lines fitted to `width` columns.
    static func service(in folder: TempFolder, settings: Settings = Settings(), width: Int = 80) -> DenyService {
        var context = ShellContext(
            environment: ["TZ": "UTC"], home: folder.url.path, workingDirectory: folder.url.path, now: { noon },
            localTime: LocalTime(TimeZone(identifier: "UTC") ?? .gmt))
        context.fitsWidth = true
        return DenyService(
            wiring: ServiceWiring(
                context: context, settings: { settings }, updateSettings: { _, _ in }, warn: { _ in },
                width: { width }, height: { nil },
                runSearch: { _ in throw UsageError("the deny list runs no search") }))
    }

    static func lines(_ output: Output) -> [String] { output.lines }

    @Test func termsAreAddedListedImportedAndRemovedAsTheUserReadsThem() throws {
        let folder = try TempFolder()
        let deny = Self.service(in: folder)
        #expect(
            Self.lines(try deny.list()) == ["No denied terms: deny add TERM keeps a term from ever being searched."])
        #expect(
            Self.lines(try deny.add("spoil")) == [
                "Denied \"spoil\": searches equal to it or starting with it are refused."
            ])
        #expect(Self.lines(try deny.add("spoil")) == ["\"spoil\" was already denied."])
        try "# mine\nspoil\n\nleaks\r\n".write(to: folder.file("terms.txt"), atomically: true, encoding: .utf8)
        #expect(
            Self.lines(try deny.importTerms(from: "terms.txt")) == ["Imported 1 new denied term (1 already there)."])
        #expect(Self.lines(try deny.list()) == ["1. spoil", "2. leaks"])
        #expect(Self.lines(try deny.remove("spoil")) == ["\"spoil\" may be searched again."])
        #expect(throws: UsageError("\"spoil\" is not denied (deny lists the terms, numbered for deny rm N)")) {
            try deny.remove("spoil")
        }
        #expect(try String(contentsOf: folder.file(".local/share/scout/denylist.txt"), encoding: .utf8) == "leaks\n")
    }

    @Test func aRemoteSearchThatFoundNothingIsRememberedAndRefusedOnlyAsItWas() async throws {
        let folder = try TempFolder()
        let deny = Self.service(in: folder)
        let registry = SourceRegistry(context: .bare, warnings: WarningLog())
        let omdb = try registry.source(named: "omdb", settings: Settings())
        let query = SearchQuery(source: "omdb", terms: "zzqx", options: ["type": "movie"])
        var said = Output()
        deny.rememberEmptySearch(query, in: omdb, answer: ResultPage(items: [], total: 0), into: &said)
        #expect(
            Self.lines(said) == [
                "Added omdb \"zzqx\" --type movie to the deny list: this same search is not sent again (deny rm zzqx "
                    + "undoes it; set auto-deny off stops this)."
            ])
        let refused = try #require(try deny.refusal(of: query, in: omdb))
        #expect(
            refused.error
                == "refused: omdb \"zzqx\" --type movie found nothing on 2026-11-18 11:06, so it is not sent again "
                + "(deny rm zzqx allows it); nothing was sent")
        #expect(refused.code == "refused")
        #expect(try deny.refusal(of: SearchQuery(source: "omdb", terms: "zzqx"), in: omdb) == nil)
        #expect(try deny.termRefusal(of: query, in: omdb) == nil, "a watch may look at a search that found nothing")
        #expect(
            Self.lines(try deny.list()) == [
                "1. omdb \"zzqx\" --type movie  (automatic: found nothing on 2026-11-18 11:06)",
                "An automatic entry refuses only that same search; deny rm N or deny rm TERM removes it.",
            ])
    }

    @Test func withAutoDenyOffNothingIsRemembered() throws {
        let folder = try TempFolder()
        var settings = Settings()
        settings.autoDeny = false
        let deny = Self.service(in: folder, settings: settings)
        let omdb = try SourceRegistry(context: .bare, warnings: WarningLog()).source(named: "omdb", settings: settings)
        var said = Output()
        deny.rememberEmptySearch(
            SearchQuery(source: "omdb", terms: "zzqx"), in: omdb, answer: ResultPage(items: [], total: 0), into: &said)
        #expect(said.lines.isEmpty)
        #expect(
            Self.lines(try deny.list()) == ["No denied terms: deny add TERM keeps a term from ever being searched."])
    }
}
