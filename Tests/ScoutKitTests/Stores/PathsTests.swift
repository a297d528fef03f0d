import Foundation
import Testing
@testable import ScoutKit

/// Where the files go, by the XDG rules; and they are described once (`Paths.described`), the man page's
/// FILES made from it.
@Suite struct PathsTests {
    @Test func xdgValuesAreUsedWhenAbsolute() {
        let paths = Paths(
            environment: [
                "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/k",
            ], home: "/home/u")
        #expect(paths.configFile.path == "/c/scout/config.json")
        #expect(paths.favouritesFile.path == "/d/scout/favourites.json")
        #expect(paths.sessionFile.path == "/s/scout/session.json")
        #expect(paths.historyFile.path == "/s/scout/history.jsonl")
        #expect(paths.lineHistoryFile.path == "/s/scout/editline_history")
        #expect(paths.denyListFile.path == "/d/scout/denylist.txt")
        #expect(paths.namedSession("weekend").path == "/s/scout/sessions/weekend.json")
        #expect(paths.cache.path == "/k/scout")
    }

    @Test func unsetEmptyOrRelativeValuesFallBackToTheDefaults() {
        for value in [nil, "", "relative/dir", "~/x"] as [String?] {
            var environment: [String: String] = [:]
            for name in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] {
                environment[name] = value
            }
            let paths = Paths(environment: environment, home: "/home/u")
            #expect(paths.config.path == "/home/u/.config/scout")
            #expect(paths.data.path == "/home/u/.local/share/scout")
            #expect(paths.state.path == "/home/u/.local/state/scout")
            #expect(paths.cache.path == "/home/u/.cache/scout")
        }
    }

    static let paths = Paths(
        environment: [
            "XDG_CONFIG_HOME": "/x/c", "XDG_DATA_HOME": "/x/d", "XDG_STATE_HOME": "/x/s", "XDG_CACHE_HOME": "/x/k",
        ], home: "/h")

    /// Each file as the man page names it: `$XDG_STATE_HOME/scout/history.jsonl`.
    static func named(_ url: URL) -> String {
        let folders = [
            "/x/c": "XDG_CONFIG_HOME", "/x/d": "XDG_DATA_HOME", "/x/s": "XDG_STATE_HOME", "/x/k": "XDG_CACHE_HOME",
        ]
        let path = url.path
        for (prefix, variable) in folders where path.hasPrefix(prefix + "/scout/") {
            return "$" + variable + "/scout/" + path.dropFirst(prefix.count + "/scout/".count)
        }
        return path
    }

    @Test func everyFileScoutKeepsIsDescribed() {
        let files = [
            Self.paths.configFile, Self.paths.sessionFile, Self.paths.namedSession("NAME"), Self.paths.historyFile,
            Self.paths.lineHistoryFile, Self.paths.favouritesFile, Self.paths.denyListFile, Self.paths.libraryFile,
            Self.paths.savedSearchesFile, Self.paths.deviceFile,
            DenyListStore(url: Self.paths.denyListFile, store: FileStore(), warn: { _ in }).searchesURL,
            SyncEngine.folder(in: Self.paths),
        ].map { $0.hasDirectoryPath ? Self.named($0) + "/" : Self.named($0) }
        let described = Set(Paths.described.map { "$\($0.folder)/scout/\($0.path)" })
        #expect(Set(files).subtracting(described).sorted() == [], "kept, and not described")
        #expect(described.contains("$XDG_CACHE_HOME/scout/"))
    }

    @Test func theManualListsThemUnderFiles() {
        let page = Manual.roff(version: "0", launchHelp: "OPTIONS:\n")
        let files = page.components(separatedBy: ".SH FILES\n").last?.components(separatedBy: ".SH ").first ?? ""
        #expect(
            files.contains(
                ".TP\n\\fI\\%$XDG_DATA_HOME/scout/library.jsonl\\fR\n"
                    + "the library: ratings, diary, watchlist and notes, one event a line.\n"))
        #expect(files.components(separatedBy: ".TP\n").count == Paths.described.count + 1)
    }
}
