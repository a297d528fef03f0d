import Testing

/// Named sessions: save, list, reset, load back the search, rm.
@MainActor @Suite("Sessions") struct SessionScreenTests {
    static let saved = """
        \(Listing.alien)
        Saved this session as night: session load night brings it back.
        """
    static let reset =
        "The session starts again in movies with no search and nothing selected; favourites, history, the library, "
        + "saved searches and denied terms are kept."
    static let fresh = """
        Last visit: none before this one
        Session: movies, no search yet, 0 selected, list view
        """

    @Test("session on a first visit says there was none before, and what the session holds")
    func sessionOnAFirstVisit() async throws {
        #expect(try await screen(after: ["session"]) == Self.fresh)
    }

    @Test("session save names the session and how to load it back")
    func sessionSave() async throws {
        #expect(try await screen(after: ["search alien", "session save night"]) == Self.saved)
    }

    @Test("session save never replaces another session of that name by a slip, and --force does")
    func sessionSaveKeepsTheOneSaved() async throws {
        #expect(
            try await screen(after: [
                "search alien", "session save night", "select 1", "session save night", "session list",
                "session save night --force", "session list",
            ]) == """
                \(Self.saved)
                Selected Alien (1979, Science Fiction, Ridley Scott).
                ! session night is saved already (movies "alien", 0 selected): session save night --force replaces \
                it, or choose another name; nothing was saved
                night                movies "alien", 0 selected, saved just now
                Saved this session as night: session load night brings it back.
                night                movies "alien", 1 selected, saved just now
                """)
    }

    @Test("session list shows each saved session with its search, selection and age")
    func sessionList() async throws {
        #expect(
            try await screen(after: ["search alien", "session save night", "session list"]) == """
                \(Self.saved)
                night                movies "alien", 0 selected, saved just now
                """)
    }

    @Test("session list never cuts a name: it is what session load takes")
    func sessionListKeepsLongNames() async throws {
        #expect(
            try await screen(after: [
                "search alien", "session save a-night-of-films-with-friends", "session save night", "session list",
            ]) == """
                \(Self.saved.replacing("night", with: "a-night-of-films-with-friends"))
                Saved this session as night: session load night brings it back.
                a-night-of-films-with-friends movies "alien", 0 selected, saved just now
                night                         movies "alien", 0 selected, saved just now
                """)
    }

    @Test("session reset clears the search and the selection and says what it keeps")
    func sessionReset() async throws {
        #expect(
            try await screen(after: ["search alien", "session reset", "session"]) == """
                \(Listing.alien)
                \(Self.reset)
                \(Self.fresh)
                """)
    }

    @Test("session load brings back the saved search and lists it")
    func sessionLoad() async throws {
        #expect(
            try await screen(after: ["search alien", "session save night", "session reset", "session load night"])
                == """
                \(Self.saved)
                \(Self.reset)
                Loaded session night: movies, "alien", page 1, 0 selected, list view.
                \(Listing.alien)
                """)
    }

    @Test("session rm removes a session, and a second rm says there is none by that name")
    func sessionRemove() async throws {
        #expect(
            try await screen(after: ["search alien", "session save night", "session rm night", "session rm night"])
                == """
                \(Self.saved)
                Removed session night.
                ! no session named night: session list shows them
                """)
    }
}
