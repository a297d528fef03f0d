import Testing

/// Search and paging, filter, sort, group, show, open and use: each message says what to do next.
@MainActor @Suite("Search, paging, filter, sort, group, show, open and use") struct SearchScreenTests {
    @Test("a search lists its results under a heading that counts them")
    func aSearchListsItsResults() async throws {
        #expect(try await screen(after: ["search nolan"]) == Listing.nolan)
    }

    @Test("next on the last page and prev on the first say there is no page that way")
    func nextAndPrevAtTheEnds() async throws {
        #expect(
            try await screen(after: ["search nolan", "next", "next", "prev"]) == """
                \(Listing.nolan)
                ! already on the last page
                ! already on the last page
                ! already on the first page
                """)
    }

    @Test("page past the last says there is only one page")
    func pagePastTheLast() async throws {
        #expect(
            try await screen(after: ["search nolan", "page 9"]) == """
                \(Listing.nolan)
                ! there is only one page
                """)
    }

    @Test("load all when every result is loaded says so")
    func loadAllWhenAllAreLoaded() async throws {
        #expect(
            try await screen(after: ["search nolan", "load all"]) == """
                \(Listing.nolan)
                All 5 results are loaded.
                """)
    }

    @Test("filter keeps the rows that match and says so in the heading, and filter alone clears it")
    func filterAndClear() async throws {
        #expect(
            try await screen(after: ["search nolan", "filter dark", "filter"]) == """
                \(Listing.nolan)
                movies · "nolan" · 1 result · filter "dark" · page 1 of 1
                   1  The Dark Knight                           2008  Action  Christopher Nolan
                \(Listing.nolan)
                """)
    }

    @Test("sort year desc orders the rows and the heading says by what")
    func sortYearDesc() async throws {
        #expect(
            try await screen(after: ["search nolan", "sort year desc"]) == """
                \(Listing.nolan)
                \(Listing.nolanByYearDesc)
                """)
    }

    @Test("group genre heads each genre's rows, and group none lists them in the sort order again")
    func groupAndUngroup() async throws {
        #expect(
            try await screen(after: ["search nolan", "sort year desc", "group genre", "group none"]) == """
                \(Listing.nolan)
                \(Listing.nolanByYearDesc)
                movies · "nolan" · 5 results · by year desc · page 1 of 1
                ── Action ──
                   1  The Dark Knight                   2008  Action           Christopher Nolan
                ── Drama ──
                   2  Oppenheimer                       2023  Drama            Christopher Nolan
                ── Science Fiction ──
                   3  Interstellar                      2014  Science Fiction  Christopher Nolan
                   4  Inception                         2010  Science Fiction  Christopher Nolan
                ── Thriller ──
                   5  Memento                           2000  Thriller         Christopher Nolan
                \(Listing.nolanByYearDesc)
                """)
    }

    @Test("show N opens the row's detail: its title underlined, then its fields")
    func showOpensTheDetail() async throws {
        #expect(
            try await screen(after: ["search nolan", "show 4"]) == """
                \(Listing.nolan)
                Interstellar
                ────────────
                Year:      2014
                Genre:     Science Fiction
                Director:  Christopher Nolan
                Id:        movies:45
                """)
    }

    @Test("open of an item without a web page says so")
    func openWithoutAWebPage() async throws {
        #expect(
            try await screen(after: ["search nolan", "open 4"]) == """
                \(Listing.nolan)
                ! Interstellar has no web page
                """)
    }

    @Test("use switches the source and says what a search there takes")
    func useSwitchesTheSource() async throws {
        #expect(
            try await screen(after: ["use restaurants"])
                == "Now using restaurants: search TERMS, or search alone for everything.")
    }

    @Test("use of an unknown source names it and says where the sources are listed")
    func useOfAnUnknownSource() async throws {
        #expect(try await screen(after: ["use nowhere"]) == "! no source \"nowhere\": sources lists them")
    }

    @Test("a search option the source does not take is refused, naming the source and what it takes")
    func anOptionTheSourceDoesNotTake() async throws {
        #expect(
            try await screen(after: ["use restaurants", "search --year 1999"]) == """
                Now using restaurants: search TERMS, or search alone for everything.
                ! --year does not apply to restaurants: the catalog takes only terms and --in
                """)
    }
}

/// Paging and ordering over a list of several pages.
@MainActor @Suite("Paging and ordering over several pages") struct PagingScreenTests {
    static let nolanPages = """
        page-size is now 2.
        movies · "nolan" · 5 results · page 1 of 3
           1  Memento                           2000  Thriller         Christopher Nolan
           2  The Dark Knight                   2008  Action           Christopher Nolan
        next for page 2 of 3
        movies · "nolan" · 5 results · page 3 of 3
           5  Oppenheimer                       2023  Drama            Christopher Nolan
        """

    @Test("page N past the end says how many pages there are, on the last page too (it said already on the last page)")
    func pagePastTheEndFromTheLastPage() async throws {
        #expect(
            try await screen(after: ["set page-size 2", "search nolan", "page 3", "page 4", "next"]) == """
                \(Self.nolanPages)
                ! there are only 3 pages: page 1 to 3
                ! already on the last page
                """)
    }

    @Test("sort starts the list again at page 1, as filter does (it kept page 3 of the old order)")
    func sortStartsAtPageOne() async throws {
        #expect(
            try await screen(after: ["set page-size 2", "search nolan", "page 3", "sort year desc"]) == """
                \(Self.nolanPages)
                movies · "nolan" · 5 results · by year desc · page 1 of 3
                   1  Oppenheimer                       2023  Drama            Christopher Nolan
                   2  Interstellar                      2014  Science Fiction  Christopher Nolan
                next for page 2 of 3
                """)
    }

    @Test("columns keep their places from page to page of one result set, sized by every row of it")
    func columnsStayPut() async throws {
        #expect(
            try await screen(after: ["search the", "next"]) == """
                movies · "the" · 31 results · page 1 of 7
                    1  The Godfather             1972  Crime            Francis Ford Coppola
                    2  The Godfather Part II     1974  Crime            Francis Ford Coppola
                    3  The Terminator            1984  Science Fiction  James Cameron
                    4  E.T. the Extra-Terrestr…  1982  Science Fiction  Steven Spielberg
                    5  Raiders of the Lost Ark   1981  Adventure        Steven Spielberg
                next for page 2 of 7
                movies · "the" · 31 results · page 2 of 7
                    6  Close Encounters of the…  1977  Science Fiction  Steven Spielberg
                    7  The Empire Strikes Back   1980  Science Fiction  Irvin Kershner
                    8  The Shining               1980  Horror           Stanley Kubrick
                    9  The Departed              2006  Crime            Martin Scorsese
                   10  The Dark Knight           2008  Action           Christopher Nolan
                next for page 3 of 7
                """)
    }
}
