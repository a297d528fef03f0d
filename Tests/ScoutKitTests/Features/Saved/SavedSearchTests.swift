import Foundation
import Testing
@testable import ScoutKit

/// A saved search's parameters, what a watch remembers, and the file two scouts change at once.
@Suite struct SavedSearchTests {
    static let date = Date(timeIntervalSince1970: 1_795_000_000)

    static func saved(_ terms: String, options: [String: String] = [:]) -> SavedSearch {
        SavedSearch(name: "s", query: SearchQuery(source: "omdb", terms: terms, options: options), savedAt: date)
    }

    @Test func parametersAreDollarOneToNineInTermsAndOptionValues() throws {
        let search = Self.saved("$1 live", options: ["type": "$2", "year": "1979"])
        #expect(search.parameterCount == 2)
        let query = try search.filled(with: ["taylor swift", "series"])
        #expect(query.terms == "taylor swift live")
        #expect(query.options == ["type": "series", "year": "1979"])
        #expect(Self.saved("no parameters, $ and $0 stay").parameterCount == 0)
        #expect(try Self.saved("no parameters, $ and $0 stay").filled(with: []).terms == "no parameters, $ and $0 stay")
    }

    @Test func anArgumentIsPutInOnceAndNeverReadAgain() {
        #expect(SavedSearch.substitute("$1 and $2", ["$2", "x"]) == "$2 and x")
        #expect(SavedSearch.substitute("$10", ["a"]) == "a0")
        #expect(SavedSearch.substitute("cost $", ["a"]) == "cost $")
        #expect(SavedSearch.substitute("$1$1", ["ab"]) == "abab")
        #expect(SavedSearch.substitute("$١", ["a"]) == "$١") // an Arabic-Indic one is no parameter
    }

    @Test func twoDollarsAreOneAndNoParameter() throws {
        let search = Self.saved("price $$1 $$$1 $$")
        #expect(search.parameterCount == 1)
        #expect(try search.filled(with: ["x"]).terms == "price $1 $x $")
        #expect(Self.saved("$$2").parameterCount == 0)
    }

    @Test func aMissingOrExtraArgumentNamesTheParameter() {
        let search = Self.saved("$1", options: ["type": "$2"])
        #expect(throws: UsageError("s needs a value for $1: run s ARG1 ARG2")) { try search.filled(with: []) }
        #expect(throws: UsageError("s needs a value for $2: run s ARG1 ARG2")) { try search.filled(with: ["a"]) }
        #expect(throws: UsageError("s takes 2 arguments, for $1 to $2: run s ARG1 ARG2")) {
            try search.filled(with: ["a", "b", "c"])
        }
        #expect(throws: UsageError("s takes no arguments (it has no $1): run s")) {
            try Self.saved("alien").filled(with: ["a"])
        }
    }

    @Test func theCommandLineIsWhatAUserWouldType() throws {
        var search = Self.saved("dune", options: ["year": "2021", "type": "movie"])
        search.filter = "part"
        search.sort = SortOrder(key: .year)
        search.group = "kind"
        #expect(
            search.commandLine
                == "search dune --in omdb --type movie --year 2021; filter part; sort year desc; group kind")
        #expect(Self.saved("").commandLine == "search --in omdb")
        // Quoted where the words would read otherwise: a ; ends a command, a # starts a comment.
        search = Self.saved("alien; use movies")
        search.filter = "o'brien #1"
        #expect(search.commandLine == "search 'alien;' use movies --in omdb; filter o'brien '#1'")
        let words = try Tokenizer.commands(search.commandLine)
        #expect(words.map { $0.joined(separator: " ") } == ["search alien; use movies --in omdb", "filter o'brien #1"])
    }

    @Test func aWatchKeepsTheNewestIDsUpToItsCap() {
        var search = Self.saved("dune")
        search.remember(["a"])
        #expect(search.watch == nil) // only a watched search remembers
        search.watch = .init(since: Self.date, lastCheck: nil, newAtLastCheck: nil, seen: ["a", "b"])
        search.remember(["b", "c", "c"])
        #expect(search.watch?.seen == ["a", "b", "c"])
        search.remember((0..<SavedSearch.seenCap).map { "n\($0)" })
        #expect(search.watch?.seen.count == SavedSearch.seenCap)
        #expect(search.watch?.seen.first == "n0") // a, b and c, the oldest, went
        #expect(search.watch?.seen.last == "n\(SavedSearch.seenCap - 1)")
    }

    @Test func twoScoutsChangingTheFileLoseNothing() throws {
        let folder = try TempFolder()
        let url = folder.file("saved-searches.json")
        let first = SavedSearchStore(url: url, store: FileStore(), warn: { _ in })
        let second = SavedSearchStore(url: url, store: FileStore(), warn: { _ in })
        try first.modify { searches in
            searches.append(Self.saved("alien"))
            searches[0].name = "b"
            return ((), true)
        }
        #expect(second.all().map(\.name) == ["b"]) // read before the other's change
        try first.modify { searches in
            searches[0].watch = .init(since: Self.date, lastCheck: nil, newAtLastCheck: nil, seen: ["x"])
            return ((), true)
        }
        try second.modify { searches in
            var other = Self.saved("heat")
            other.name = "a"
            searches.append(other)
            return ((), true)
        }
        #expect(first.all().map(\.name) == ["a", "b"])
        #expect(first.all().first { $0.name == "b" }?.watch?.seen == ["x"])
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(#""name" : "a""#) && text.contains(#""seen" : ["#))
    }

    @Test func aNameFoundTwiceIsReadAsAnotherAndNothingIsLost() throws {
        let folder = try TempFolder()
        let url = folder.file("saved-searches.json")
        let text =
            #"{"schemaVersion":1,"searches":[{"name":"dune","query":{"source":"omdb","terms":"dune","options":{}},"#
            + #""savedAt":"2026-11-22T19:14:00Z"},{"name":"dune","query":{"source":"omdb","terms":"ghostly","#
            + #""options":{}},"savedAt":"2026-11-22T19:14:00Z"}]}"#
        try Data(text.utf8).write(to: url)
        let warnings = Warnings()
        let store = SavedSearchStore(url: url, store: FileStore(), warn: warnings.add)
        #expect(store.all().map { "\($0.name) \($0.query.terms)" } == ["dune dune", "dune-2 ghostly"])
        #expect(warnings.lines == ["saved-searches.json names dune twice: the second is read as dune-2"])
        try store.modify { _ in ((), true) }
        #expect(SavedSearchStore(url: url, store: FileStore(), warn: { _ in }).all().map(\.name) == ["dune", "dune-2"])
    }

    @Test func aNewerScoutsFileIsReadAndNeverWrittenOver() throws {
        let folder = try TempFolder()
        let url = folder.file("saved-searches.json")
        let text =
            #"{"schemaVersion":2,"future":true,"searches":[{"name":"dune","query":{"source":"omdb","terms":"dune","#
            + #""options":{}},"savedAt":"2026-11-22T19:14:00Z","colour":"blue"}]}"#
        try Data(text.utf8).write(to: url)
        let store = SavedSearchStore(url: url, store: FileStore(), warn: { _ in })
        #expect(store.all().map(\.name) == ["dune"])
        #expect(
            throws: UsageError(
                "saved-searches.json was written by a newer scout (version 2): this one reads it but does not change "
                    + "it; update scout", code: "newer")
        ) { try store.modify { _ in ((), true) } }
        #expect(try String(contentsOf: url, encoding: .utf8) == text)
    }
}

/// Warnings a store gave, in order.
final class Warnings: @unchecked Sendable {
    private(set) var lines: [String] = []
    func add(_ line: String) { lines.append(line) }
}
