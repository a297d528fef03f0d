import Foundation
import ScoutTestSupport
import Testing

/// fav: add with a tag, list, tag and untag, show, search, export, remove, import back.
@MainActor @Suite("Favourites") struct FavouriteScreenTests {
    /// `search nolan` and `fav add 1-2 --tag weekend`, as a person reads them.
    static let added = """
        \(Listing.nolan)
        ♥ Added 2 favourites tagged #weekend:
          Memento (2000, Thriller, Christopher Nolan)
          The Dark Knight (2008, Action, Christopher Nolan)
        """
    static let adding = ["search nolan", "fav add 1-2 --tag weekend"]

    @Test("fav with no favourites says how to keep one")
    func favWhenEmpty() async throws {
        #expect(try await screen(after: ["fav"]) == "No favourites yet: fav add RANGES keeps rows.")
    }

    @Test("fav add with a tag keeps the rows and names each")
    func favAddWithATag() async throws {
        #expect(try await screen(after: Self.adding) == Self.added)
    }

    @Test("fav numbers the favourites with their ids and tags")
    func favListsThem() async throws {
        #expect(
            try await screen(after: Self.adding + ["fav"]) == """
                \(Self.added)
                1. Memento (2000, Thriller, Christopher Nolan)  [movies:42]  #weekend
                2. The Dark Knight (2008, Action, Christopher Nolan)  [movies:43]  #weekend
                """)
    }

    @Test("fav tag and fav untag say which tag went on or off which favourite")
    func favTagAndUntag() async throws {
        #expect(
            try await screen(after: Self.adding + ["fav tag 2 rewatch", "fav untag 2 rewatch"]) == """
                \(Self.added)
                Tagged The Dark Knight (2008, Action, Christopher Nolan) #rewatch.
                Took #rewatch off The Dark Knight (2008, Action, Christopher Nolan).
                """)
    }

    @Test("a tag with a space is shown quoted as it is typed, the same in the list, the detail, messages and the CSV")
    func tagsWithSpacesAreQuoted() async throws {
        let box = try Sandbox()
        #expect(
            try await screen(
                after: [
                    "search nolan", "fav add 1 --tag 'sci fi' --tag noir", "fav", "fav show 1", "fav export f.csv",
                ],
                in: box) == """
                    \(Listing.nolan)
                    ♥ Memento (2000, Thriller, Christopher Nolan) is a favourite, tagged #'sci fi' #noir.
                    1. Memento (2000, Thriller, Christopher Nolan)  [movies:42]  #'sci fi' #noir
                    Memento
                    ───────
                    Year:      2000
                    Genre:     Thriller
                    Director:  Christopher Nolan
                    Id:        movies:42
                    ♥ favourite
                    Added Sun 22 Nov 2026, 19:14 · tags: #'sci fi' #noir
                    Exported 1 favourite to f.csv.
                    """)
        let csv = try String(contentsOf: box.root.appendingPathComponent("f.csv"), encoding: .utf8)
        #expect(
            csv.split(separator: "\r\n")[1].hasPrefix("movies:42,Memento,movies,2026-11-22T19:14:00Z,'sci fi';noir,"))
        // Read back elsewhere, the quotes are not part of the tag.
        let other = try Sandbox()
        try csv.write(to: other.root.appendingPathComponent("f.csv"), atomically: true, encoding: .utf8)
        #expect(
            try await screen(after: ["fav import f.csv", "fav"], in: other).hasSuffix(
                "1. Memento (2000, Thriller, Christopher Nolan)  [movies:42]  #'sci fi' #noir"))
    }

    @Test("a warning is said each time its cause comes back: a CSV imported twice names its rows twice")
    func aWarningComesBackWithItsCause() async throws {
        let box = try Sandbox()
        try "id,title\nmovies:42,Memento\n,Untitled\n".write(
            to: box.root.appendingPathComponent("f.csv"), atomically: true, encoding: .utf8)
        #expect(
            try await screen(after: ["fav import f.csv", "fav import f.csv"], in: box) == """
                Imported 1 new favourite (0 already kept).
                ! skipped 1 row of f.csv without an id such as movies:12 (line 3)
                Imported 0 new favourites (1 already kept).
                ! skipped 1 row of f.csv without an id such as movies:12 (line 3)
                """)
    }

    @Test("fav show opens a favourite's detail with when it was added and its tags")
    func favShow() async throws {
        #expect(
            try await screen(after: Self.adding + ["fav show 1"]) == """
                \(Self.added)
                Memento
                ───────
                Year:      2000
                Genre:     Thriller
                Director:  Christopher Nolan
                Id:        movies:42
                ♥ favourite
                Added Sun 22 Nov 2026, 19:14 · tags: #weekend
                """)
    }

    @Test("fav search lists the favourites whose text matches, with their numbers")
    func favSearch() async throws {
        #expect(
            try await screen(after: Self.adding + ["fav search dark"]) == """
                \(Self.added)
                2. The Dark Knight (2008, Action, Christopher Nolan)  [movies:43]  #weekend
                """)
    }

    @Test("fav export writes every favourite with its tags and counts them")
    func favExport() async throws {
        let box = try Sandbox()
        #expect(
            try await screen(after: Self.adding + ["fav export favs.json"], in: box) == """
                \(Self.added)
                Exported 2 favourites to favs.json.
                """)
        // The export holds both favourites, with their tags, as fav export's JSON.
        let exported = try String(contentsOf: box.root.appendingPathComponent("favs.json"), encoding: .utf8)
        #expect(
            exported.contains("\"id\" : \"movies:42\"") && exported.contains("\"id\" : \"movies:43\""), "\(exported)")
        #expect(exported.contains("\"weekend\""))
    }

    @Test("fav rm names what it removed, and fav import brings back only what is not kept already")
    func favRemoveAndImport() async throws {
        #expect(
            try await screen(after: Self.adding + ["fav export favs.json", "fav rm 1", "fav import favs.json"]) == """
                \(Self.added)
                Exported 2 favourites to favs.json.
                Removed Memento (2000, Thriller, Christopher Nolan) from the favourites.
                Imported 1 new favourite (1 already kept).
                """)
    }

    @Test("fav rm of an id that is no favourite says where the ids are listed")
    func favRemoveOfAnUnknownId() async throws {
        #expect(
            try await screen(after: ["fav rm movies:999"])
                == "! no favourite has the id movies:999: fav lists them with their ids")
    }
}
