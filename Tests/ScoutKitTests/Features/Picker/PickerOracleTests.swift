import Foundation
import Testing

@testable import ScoutKit
import ScoutTestSupport

/// The picker ranks as fzf ranks: `fzf --filter` is the oracle, over history lines made of 3,601 real titles
/// (Fixtures/picker). For every query the same lines match, and for at least 95% of the queries of each kind
/// fzf's first line is the picker's first. fzf must be installed (scripts/test installs it): without it the
/// test fails, it does not pass unchecked.
@Suite struct PickerOracleTests {
    /// History lines as `pick history` lists them, newest first: fzf's input order is the picker's order
    /// after score and length.
    static let lines: [String] = {
        let titles =
            (try? String(
                contentsOf: FixtureServer.fixtures.appendingPathComponent("picker/titles.txt"),
                encoding: .utf8)) ?? ""
        let sources = ["movies", "omdb", "songs"]
        return titles.split(separator: "\n").enumerated().map { "search \($0.element) --in \(sources[$0.offset % 3])" }
    }()

    /// Queries of each kind, made from the corpus so that they match something.
    static let queries: [(kind: String, queries: [String])] = {
        let words = lines.flatMap { $0.lowercased().split(separator: " ").dropFirst().dropLast(2) }
            .filter { $0.count >= 3 && $0.allSatisfy(\.isLetter) && $0.unicodeScalars.allSatisfy(\.isASCII) }
        let pick = { (step: Int, count: Int) in
            stride(from: 0, to: words.count, by: step).prefix(count).map { words[$0] }
        }
        let common = pick(97, 40).map(String.init)
        // Two words of one title, the later first: fzf's terms match in any order.
        var pairs: [String] = []
        for index in stride(from: 0, to: lines.count, by: 89) where pairs.count < 30 {
            let words: [Substring] = lines[index].lowercased().split(separator: " ")
            let title = words.dropFirst().dropLast(2).filter { $0.count >= 3 && $0.allSatisfy(\.isLetter) }
            if title.count >= 2, let first = title.first, let last = title.last { pairs.append("\(last) \(first)") }
        }
        return [
            ("one letter", "abcdefghijklmnopqrstuvwxyz".map(String.init)),
            ("two letters", pick(61, 40).map { String($0.prefix(2)) }),
            ("a word", common),
            (
                "a word's letters spread out",
                common.map { word in String(word.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)) }
            ),
            ("two words", pairs),
            ("capitals (case-sensitive)", ["Star", "The", "Love", "Man", "Dark", "Alien", "LA", "Of", "II", "King"]),
            (
                "exact, prefix, suffix, negation",
                common.prefix(10).map { "'\($0)" } + common.prefix(10).map { "\($0) omdb$" }
                    + common.prefix(10).map { "^search \($0)" } + common.prefix(10).map { "\($0) !movies" } + [
                        "!movies", "!omdb", "!songs !movies", "!the",
                    ]
            ),
            (
                "accented",
                [
                    "é", "è", "crème", "creme", "ishmoré", "ishmore", "amèlie", "amelie", "AmÈlie", "lèon", "leon",
                    "moliëre", "moliere", "noîl", "noil", "bronzès", "³", "催眠",
                ]
            ),
        ]
    }()

    static func fzf(_ query: String, input: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fzf", "--filter", query]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(
            [0, 1].contains(process.terminationStatus), "fzf --filter \(query) ended with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func ranksAsFzfRanks() throws {
        #expect(Self.lines.count == 3_601)
        let fzfPath = ["/usr/bin/fzf", "/usr/local/bin/fzf"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try #require(fzfPath != nil, "fzf is not installed: sudo apt-get install fzf (scripts/test installs it)")
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("scout-oracle-\(getpid()).txt")
        try (Self.lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let matcher = PickerMatcher(
            Self.lines.enumerated().map {
                .init(value: $0.element, text: $0.element, recency: Self.lines.count - $0.offset)
            })
        for (kind, queries) in Self.queries {
            var agreed = 0, matched = 0, differences: [String] = []
            for query in queries {
                let theirs = try Self.fzf(query, input: input)
                if !theirs.isEmpty { matched += 1 }
                let mine = matcher.rank(PickerQuery(query)).matches.map { matcher.corpus.value($0.index) }
                #expect(Set(mine) == Set(theirs), "\(kind): \(query): \(mine.count) lines, fzf \(theirs.count)")
                if mine.first == theirs.first {
                    agreed += 1
                } else {
                    differences.append("\(query): fzf \(theirs.first ?? "-") / scout \(mine.first ?? "-")")
                }
            }
            // Queries that match nothing would agree without checking anything.
            #expect(
                queries.count >= 10 && matched * 10 >= queries.count * 9,
                "\(kind): \(matched) of \(queries.count) match")
            #expect(agreed * 100 >= queries.count * 95, "\(kind): \(agreed) of \(queries.count) agree; \(differences)")
        }
    }
}
