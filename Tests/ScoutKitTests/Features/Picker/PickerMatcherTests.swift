import Foundation
@testable import ScoutKit
import Testing

/// The picker's query syntax (fzf's extended search), its folding, and its ranking.
@Suite struct PickerMatcherTests {
    /// The texts that `query` keeps from `texts` (given newest first), best first.
    func ranked(_ query: String, _ texts: [String]) -> [String] {
        let matcher = PickerMatcher(texts.enumerated().map { .init(value: $1, text: $1, recency: texts.count - $0) })
        return matcher.rank(PickerQuery(query)).matches.map { matcher.corpus.text($0.index) }
    }

    @Test func theSyntaxIsFzfsExtendedSearch() {
        let texts = [
            "search alien --in movies", "search aliens --in movies", "use restaurants", "search heat --in omdb",
            "fav add 2",
        ]
        #expect(
            ranked("aln", texts) == [
                "search alien --in movies",
                "search aliens "
                    + "--in movies",
            ]) // fuzzy: letters in order
        #expect(ranked("'ens", texts) == ["search aliens --in movies"]) // exact
        #expect(ranked("'aln", texts) == [])
        #expect(ranked("^use", texts) == ["use restaurants"]) // prefix
        #expect(ranked("^rest", texts) == [])
        #expect(ranked("omdb$", texts) == ["search heat --in omdb"]) // suffix
        #expect(ranked("search !alien", texts) == ["search heat --in omdb"]) // inverse
        // Only inverse terms: nothing to score, so fzf keeps the candidates' own order (newest first).
        #expect(ranked("!^search", texts) == ["use restaurants", "fav add 2"])
        #expect(
            ranked("heat | fav", texts) == [
                "search heat "
                    + "--in omdb", "fav add 2",
            ]) // or (four letters outscore three)
        #expect(
            ranked("search movies", texts) == [
                "search alien --in movies",
                "search aliens "
                    + "--in movies",
            ]) // all terms
        #expect(ranked("^fav\\ add", texts) == ["fav add 2"]) // an escaped space
        #expect(ranked("^fav add 2$", texts) == ["fav add 2"])
        #expect(ranked("", texts) == texts) // newest first
        #expect(PickerQuery("a | b c").groups.count == 2 && PickerQuery("a | b c").groups[0].count == 2)
        #expect(PickerQuery("!").isEmpty && PickerQuery("'").isEmpty && PickerQuery("   ").isEmpty)
    }

    @Test func smartCaseAndFolding() {
        let texts = ["Amélie", "AMELIE poster", "amelie", "ｆｕｌｌ width", "Zürich café", "東京 story"]
        #expect(Set(ranked("amelie", texts)) == ["Amélie", "AMELIE poster", "amelie"]) // accents and case folded
        #expect(ranked("Amelie", texts) == ["Amélie"]) // a capital: case matters
        #expect(ranked("AMELIE", texts) == ["AMELIE poster"])
        #expect(ranked("full", texts) == ["ｆｕｌｌ width"]) // width folded
        #expect(ranked("zurich cafe", texts) == ["Zürich café"])
        #expect(ranked("東京", texts) == ["東京 story"])
        let folded: [UInt32] = PickerFold.scalars("Ｃafé", keepCase: true)
        let plain: [UInt32] = [0x43, 0x61, 0x66, 0x65]
        #expect(folded == plain)
    }

    @Test func rankingIsScoreThenShorterThenNewerThenMoreOften() {
        // Word starts and consecutive letters beat scattered ones, whatever the order given.
        #expect(ranked("sw", ["the answer", "star wars"]) == ["star wars", "the answer"])
        #expect(ranked("heat", ["the heather", "heat"]) == ["heat", "the heather"])
        #expect(ranked("bla", ["a b l a", "blade runner"]) == ["blade runner", "a b l a"])
        // Equal scores: the shorter first, then the newer.
        #expect(ranked("alien", ["alien covenant", "alien"]) == ["alien", "alien covenant"])
        #expect(ranked("alien", ["xalien", "yalien"]) == ["xalien", "yalien"])
        // Then how often it was run and chosen.
        let matcher = PickerMatcher([
            .init(value: "a", text: "search x", recency: 5, frequency: 1),
            .init(value: "b", text: "search y", recency: 5, frequency: 9),
        ])
        #expect(matcher.rank(PickerQuery("search")).matches.map { matcher.corpus.value($0.index) } == ["b", "a"])
        // Rows and favourites start with their title: of equal scores, the match that begins earlier wins
        // there (`red` finds the album Red before the song 22 from it); history keeps fzf's shorter-first.
        let rows: [PickerMatcher.Candidate] = [
            .init(value: "1", text: "1  Red (album, Taylor Swift, 2012)", recency: 3),
            .init(value: "2", text: "2  22 (song, Taylor Swift, Red)", recency: 2),
        ]
        for (earlierFirst, expected) in [(true, ["1", "2"]), (false, ["2", "1"])] {
            let matcher = PickerMatcher(PickerCorpus(rows, earlierMatchFirst: earlierFirst))
            #expect(matcher.rank(PickerQuery("red")).matches.map { matcher.corpus.value($0.index) } == expected)
            #expect(
                matcher.rank(PickerQuery("red"), limit: 1).matches.map { matcher.corpus.value($0.index) } == [
                    expected[0]
                ])
        }
        // fzf's numbers: a word-start first letter doubled, consecutive letters carried.
        let term = PickerQuery("ab").groups[0][0]
        let text: [UInt32] = [0x61, 0x62]
        var scratch = PickerMatcher.FuzzyScratch()
        let score = text.withUnsafeBufferPointer { PickerMatcher.score(term, in: $0, scratch: &scratch)?.score }
        let expected: Int = 16 + 10 * 2 + 16 + 10
        #expect(score == expected)
    }

    @Test func theWindowKeepsTheBestInOrder() {
        let texts = (0..<1_000).map { "search \($0 % 7 == 0 ? "alien" : "heat") \($0)" }
        let matcher = PickerMatcher(texts.map { .init(value: $0, text: $0, recency: 0) })
        let all = matcher.rank(PickerQuery("alien")).matches
        #expect(all.count == 143)
        #expect(matcher.rank(PickerQuery("alien"), limit: 10).matches == Array(all.prefix(10)))
        #expect(matcher.rank(PickerQuery("alien"), limit: 10).total == 143)
        #expect(matcher.rank(PickerQuery(""), limit: 3).matches.map(\.index) == [0, 1, 2])
    }
}
