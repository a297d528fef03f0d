import Testing

/// select, unselect, selection and done.
@MainActor @Suite("Selection") struct SelectionScreenTests {
    @Test("selection with nothing selected says how to pick rows")
    func selectionWhenEmpty() async throws {
        #expect(try await screen(after: ["selection"]) == "Nothing selected: select RANGES picks rows.")
    }

    @Test("select names the row it picked")
    func selectNamesTheRow() async throws {
        #expect(
            try await screen(after: ["search nolan", "select 2"]) == """
                \(Listing.nolan)
                Selected The Dark Knight (2008, Action, Christopher Nolan).
                """)
    }

    @Test("in movies a second pick replaces the first and says which it replaced")
    func aSecondPickReplacesTheFirst() async throws {
        #expect(
            try await screen(after: ["search nolan", "select 2", "select 3"]) == """
                \(Listing.nolan)
                Selected The Dark Knight (2008, Action, Christopher Nolan).
                Selected Inception (2010, Science Fiction, Christopher Nolan) instead of The Dark Knight.
                """)
    }

    @Test("unselect of rows that are not selected says so and how many are")
    func unselectOfRowsNotSelected() async throws {
        #expect(
            try await screen(after: ["search nolan", "select 3", "unselect 2"]) == """
                \(Listing.nolan)
                Selected Inception (2010, Science Fiction, Christopher Nolan).
                None of those rows was selected (1 selected): selection lists them.
                """)
    }

    @Test("selection numbers what is selected, with its id")
    func selectionListsTheSelected() async throws {
        #expect(
            try await screen(after: ["search nolan", "select 3", "selection"]) == """
                \(Listing.nolan)
                Selected Inception (2010, Science Fiction, Christopher Nolan).
                1. Inception (2010, Science Fiction, Christopher Nolan)  [movies:44]
                """)
    }

    @Test("done lists what was chosen")
    func doneListsTheChoice() async throws {
        #expect(
            try await screen(after: ["search nolan", "select 3", "done"]) == """
                \(Listing.nolan)
                Selected Inception (2010, Science Fiction, Christopher Nolan).
                Chosen:
                  Inception (2010, Science Fiction, Christopher Nolan)
                """)
    }

    @Test("select on an empty list says there are no rows and how to get some")
    func selectOnAnEmptyList() async throws {
        #expect(
            try await screen(after: ["use restaurants", "search pizza", "select 1-2", "select 1"]) == """
                Now using restaurants: search TERMS, or search alone for everything.
                No restaurants match "pizza".
                ! there are no rows: the list is empty (search again, or filter alone clears a filter)
                ! there are no rows: the list is empty (search again, or filter alone clears a filter)
                """)
    }

    @Test("done in another source still lists what was chosen in movies")
    func doneAfterUseKeepsTheChoice() async throws {
        #expect(
            try await screen(after: ["search nolan", "select 3", "use restaurants", "search pizza", "done"]) == """
                \(Listing.nolan)
                Selected Inception (2010, Science Fiction, Christopher Nolan).
                Now using restaurants: search TERMS, or search alone for everything.
                No restaurants match "pizza".
                Chosen:
                  Inception (2010, Science Fiction, Christopher Nolan)
                """)
    }
}
