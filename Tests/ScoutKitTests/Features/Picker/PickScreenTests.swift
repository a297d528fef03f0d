import Testing

/// pick: --filter prints the ranked matches of history, favourites or rows; without a terminal, pick
/// says what to use instead.
@MainActor @Suite("pick") struct PickScreenTests {
    /// Two searches and two favourites to pick from.
    static let setup = ["search kubrick", "fav add 1-2", "search alien"]
    /// What `setup` shows.
    static let setUp = """
        movies · "kubrick" · 6 results · page 1 of 2
           1  2001: A Space Odyssey               1968  Science Fiction  Stanley Kubrick
           2  The Shining                         1980  Horror           Stanley Kubrick
           3  A Clockwork Orange                  1971  Crime            Stanley Kubrick
           4  Dr. Strangelove                     1964  Comedy           Stanley Kubrick
           5  Full Metal Jacket                   1987  War              Stanley Kubrick
        next for page 2 of 2
        ♥ Added 2 favourites:
          2001: A Space Odyssey (1968, Science Fiction, Stanley Kubrick)
          The Shining (1980, Horror, Stanley Kubrick)
        \(Listing.alien)
        """

    @Test("pick history --filter prints the past searches that match")
    func pickHistoryFilter() async throws {
        #expect(
            try await screen(after: Self.setup + ["pick history --filter kub"]) == """
                \(Self.setUp)
                search kubrick --in movies
                """)
    }

    @Test("pick --filter picks from history, and takes fzf's !negation")
    func pickFilterNegates() async throws {
        #expect(
            try await screen(after: Self.setup + ["pick --filter s !heat"]) == """
                \(Self.setUp)
                search alien --in movies
                search kubrick --in movies
                """)
    }

    @Test("pick fav --filter prints the favourites that match, with their ids")
    func pickFavFilter() async throws {
        #expect(
            try await screen(after: Self.setup + ["pick fav --filter shining"]) == """
                \(Self.setUp)
                The Shining (1980, Horror, Stanley Kubrick)  [movies:29]
                """)
    }

    // (fzf's 'exact is quoted on a command line, where ' starts a quotation; typed in the picker it is not)
    @Test("pick results --filter with fzf's 'exact prints the rows that match, with their numbers")
    func pickResultsFilter() async throws {
        #expect(
            try await screen(after: Self.setup + ["pick results --filter \"'ens\""]) == """
                \(Self.setUp)
                2  Aliens (1986, Science Fiction, James Cameron)
                """)
    }

    @Test("pick without a terminal says what a script uses instead")
    func pickNeedsATerminal() async throws {
        #expect(
            try await screen(after: ["pick"]) == """
                ! pick needs a terminal: in a script, history search TEXT finds past searches, and pick history \
                --filter QUERY prints the ranked matches
                """)
    }

    @Test("pick of a word that is no list says which lists it takes")
    func pickOfNoList() async throws {
        #expect(
            try await screen(after: ["pick nowhere"])
                == "! pick takes a list to pick from: history, fav, results, diary, ratings or watchlist, not "
                + "\"nowhere\""
        )
    }

    @Test("set picker fzf says the new picker, and set picker reads it back")
    func setPicker() async throws {
        #expect(
            try await screen(after: ["set picker fzf", "set picker"]) == """
                picker is now fzf.
                picker fzf
                """)
    }
}
