import Testing
@testable import ScoutKit

/// A line wider than the window breaks at spaces: under a label's value, at the margin for a sentence that
/// has a colon, and a row with a mark as the rows without one.
@Suite struct WrapTests {
    func wrapped(_ line: String, to width: Int, cutting: Bool = false) -> [String] {
        StyledLine(line).wrapped(to: width, cutting: cutting).map(\.plain)
    }

    @Test func aLabelHangsItsValue() {
        #expect(
            wrapped("Plot:      A crew wakes to a signal from a moon no one has charted.", to: 40) == [
                "Plot:      A crew wakes to a signal from", "           a moon no one has charted.",
            ])
    }

    /// A list of counts breaks between its items only, each broken line ending in the separator's mark and
    /// every line within the width; the margin takes the rest when the label is long; whole on a pipe.
    @Test func aListBreaksBetweenItsItems() {
        let genres = ["Comedy 1", "Crime 1", "Horror 1", "Science Fiction 1", "War 1"]
        #expect(
            DisplayWidth.list("Top genres: ", genres, width: 40) == [
                "Top genres: Comedy 1 · Crime 1 ·", "            Horror 1 ·", "            Science Fiction 1 · War 1",
            ])
        #expect(
            DisplayWidth.list("Top directors: ", ["Francis Ford Coppola 2", "Ridley Scott 2"], width: 40) == [
                "Top directors: Francis Ford Coppola 2 ·", "  Ridley Scott 2",
            ])
        #expect(
            DisplayWidth.list("Sources: ", ["letterboxd 11", "movies 3"], width: 40) == [
                "Sources: letterboxd 11 · movies 3"
            ])
        #expect(DisplayWidth.list("Sources: ", genres, width: nil) == ["Sources: " + genres.joined(separator: " · ")])
    }

    @Test func aSentenceWithAColonWrapsAtTheMargin() {
        #expect(
            wrapped("Now using restaurants: search TERMS, or search alone for everything.", to: 40) == [
                "Now using restaurants: search TERMS, or", "  search alone for everything.",
            ])
        #expect(
            wrapped("Removed Batman: The Dark Knight Returns, Part 2 (2013, movie) from the favourites.", to: 40) == [
                "Removed Batman: The Dark Knight Returns,", "  Part 2 (2013, movie) from the",
                "  favourites.",
            ])
    }

    /// A tag with a space (`#'to watch'`) and a quoted search break as one word; an apostrophe opens no quote.
    @Test func aQuotedTagIsOneWord() {
        #expect(
            wrapped("♥ Alien (1979, movie) is a favourite, tagged #'to watch'.", to: 48) == [
                "♥ Alien (1979, movie) is a favourite, tagged", "    #'to watch'.",
            ])
        #expect(
            wrapped("Saved the new search called \"taylor swift\".", to: 40) == [
                "Saved the new search called", "  \"taylor swift\".",
            ])
        #expect(
            wrapped("It's the one 'o clock news, said the man who said it.", to: 40) == [
                "It's the one 'o clock news, said the man", "  who said it.",
            ])
    }

    /// A detail's web address too long for a line stays on its label's line and is cut at the edge, never left for
    /// the terminal to wrap to column 0; one that fits goes to the next line under the value. In a message (what
    /// `open` prints when no browser starts) it is left whole, to be copied.
    @Test func aLongAddressIsCutAtTheEdgeOfADetail() {
        let poster =
            "Poster:   https://m.media-amazon.com/images/M/"
            + "MV5BMmQ2MmU3NzktZjAxOC00ZDZhLTk4YzEtMDMyMzcxY2IwMDAyXkEyXkFqcGc@._V1_SX300.jpg"
        #expect(
            wrapped(poster, to: 80, cutting: true) == [
                "Poster:   https://m.media-amazon.com/images/M/MV5BMmQ2MmU3NzktZjAxOC00ZDZhLTk4Y…"
            ])
        #expect(
            wrapped("Web:      https://www.imdb.com/title/tt0078748/", to: 40, cutting: true) == [
                "Web:      https://www.imdb.com/title/tt…"
            ])
        #expect(
            wrapped("Open it at https://www.imdb.com/title/tt0078748/ in a browser.", to: 40, cutting: true) == [
                "Open it at", "  https://www.imdb.com/title/tt0078748/", "  in a browser.",
            ])
        let open =
            "No browser could be started (set BROWSER to one): "
            + "https://music.apple.com/us/album/everything-has-changed-feat-ed-sheeran/1440935467?i=1440935808"
        #expect(
            wrapped(open, to: 40) == [
                "No browser could be started (set BROWSER", "  to one):",
                "  https://music.apple.com/us/album/everything-has-changed-feat-ed-sheeran/1440935467?i=1440935808",
            ])
    }

    /// (The spaces before the break stay: the terminal shows none.)
    @Test func aMarkedRowWrapsAsTheOthers() {
        #expect(
            wrapped("▸ restaurants   usable  several picks  built-in catalog", to: 40) == [
                "▸ restaurants   usable  several picks ", "    built-in catalog",
            ])
        #expect(
            wrapped("  movies        usable  one pick       built-in catalog", to: 40) == [
                "  movies        usable  one pick      ", "    built-in catalog",
            ])
    }
}

/// A row cut to the window keeps its tail (its id, its tags) whole while 16 cells of its head are left.
@Suite struct FitTests {
    @Test func theTailStaysWholeAndTheHeadIsCut() {
        #expect(
            DisplayWidth.fit("1. Alien (1979, Science Fiction, Ridley Scott)", keeping: "  [movies:10]", to: 40)
                == "1. Alien (1979, Science Fi…  [movies:10]")
        #expect(DisplayWidth.fit("1. Alien (1979)", keeping: "  [movies:10]", to: 40) == "1. Alien (1979)  [movies:10]")
    }

    @Test func tooNarrowForSixteenCellsTheWholeIsCut() {
        #expect(
            DisplayWidth.fit(
                "3. Franklin Barbecue (American, Austin)", keeping: "  [restaurants:12] #bbq #austin", to: 40)
                == "3. Franklin Barbecue (American, Austin)…")
    }
}
