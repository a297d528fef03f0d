import Testing
@testable import ScoutKit

/// A listing's heading fitted to the window: whole where it fits; in a narrow one the parts the prompt also
/// shows go first, then the order, and what is left is cut with ….
@Suite struct HeadingTests {
    let parts = ["movies", "\"nolan\"", "5 results", "by year desc", "page 1 of 1", "2 selected"]
    let dropping = ["2 selected", "page 1 of 1", "by year desc"]

    @Test func aWideWindowShowsEveryPart() {
        #expect(
            Renderer.heading(parts, dropping: dropping, width: 80)
                == "movies · \"nolan\" · 5 results · by year desc · page 1 of 1 · 2 selected")
    }

    @Test func aNarrowWindowDropsTheSelectionThenThePageThenTheOrder() {
        #expect(
            Renderer.heading(parts, dropping: dropping, width: 60)
                == "movies · \"nolan\" · 5 results · by year desc · page 1 of 1")
        #expect(
            Renderer.heading(parts, dropping: dropping, width: 45) == "movies · \"nolan\" · 5 results · by year desc")
        #expect(Renderer.heading(parts, dropping: dropping, width: 40) == "movies · \"nolan\" · 5 results")
    }

    @Test func whatStillDoesNotFitIsCut() {
        #expect(Renderer.heading(parts, dropping: dropping, width: 20) == "movies · \"nolan\" · …")
    }
}
