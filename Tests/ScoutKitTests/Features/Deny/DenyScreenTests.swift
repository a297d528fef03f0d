import Testing

/// The deny list: a denied term refuses a search and sends nothing, until deny rm.
@MainActor @Suite("Deny list") struct DenyScreenTests {
    static let denied = "Denied \"spoil\": searches equal to it or starting with it are refused."

    @Test("deny with no terms says how to deny one")
    func denyWhenEmpty() async throws {
        #expect(
            try await screen(after: ["deny"]) == "No denied terms: deny add TERM keeps a term from ever being searched."
        )
    }

    @Test("a search starting with a denied term is refused, says how to allow it, and sends nothing")
    func aDeniedTermRefusesTheSearch() async throws {
        #expect(
            try await screen(after: ["deny add spoil", "search spoilers"]) == """
                \(Self.denied)
                ! refused: "spoilers" matches the denied term "spoil" (deny rm spoil to allow it); nothing was sent
                """)
    }

    @Test("deny numbers the denied terms")
    func denyListsTheTerms() async throws {
        #expect(
            try await screen(after: ["deny add spoil", "deny"]) == """
                \(Self.denied)
                1. spoil
                """)
    }

    @Test("deny rm allows the term again, and the search then runs")
    func denyRemoveAllowsTheSearch() async throws {
        #expect(
            try await screen(after: ["deny add spoil", "deny rm spoil", "search spoilers"]) == """
                \(Self.denied)
                "spoil" may be searched again.
                No movies match "spoilers".
                """)
    }

    @Test("deny rm of a term that is not denied says so and where the terms are listed")
    func denyRemoveOfATermNotDenied() async throws {
        #expect(
            try await screen(after: ["deny rm spoil"])
                == "! \"spoil\" is not denied (deny lists the terms, numbered for deny rm N)")
    }

    @Test("deny add says the term as the list keeps it: its words, one space between")
    func denyAddSaysTheTermAsKept() async throws {
        #expect(
            try await screen(after: ["deny add \"  spoil   ending \"", "deny list"]) == """
                Denied "spoil ending": searches equal to it or starting with it are refused.
                1. spoil ending
                """)
    }

    @Test("a flag after deny add is refused, not kept as a term; after -- it is a term")
    func aFlagIsNotATerm() async throws {
        #expect(
            try await screen(after: ["deny add --json x", "deny add -x", "deny", "deny add -- --json x", "deny"]) == """
                ! deny add has no option --json (scout --json -c … gives JSON): it takes none; a word that starts \
                with - goes after --: deny add -- --json
                ! deny add has no option -x: it takes none; a word that starts with - goes after --: deny add -- -x
                No denied terms: deny add TERM keeps a term from ever being searched.
                Denied "--json x": searches equal to it or starting with it are refused.
                1. --json x
                """)
    }
}
