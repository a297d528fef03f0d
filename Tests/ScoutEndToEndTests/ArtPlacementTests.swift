import Foundation
import ScoutKit
import ScoutTestSupport
import Testing

/// Where an image goes: beside or above the text, by the rows the text takes, a favourite's kept art,
/// offline, arriving while scout waits, restored, and a window resized meanwhile.
extension ArtTests {
    @Test func showPutsTheImageBesideAWideDetailAndAboveANarrowOne() async throws {
        let world = try World()
        try world.serve(Self.quadrantsJPEG(), as: "100x100bb.jpg")
        let show = ["search star wars --in films", "show 2"]
        // 120 columns: the text is broken at 120 - 40 - 2 = 78, the image drawn from column 81 at the text's top.
        let wide = Self.text(try await world.onTerminal(show, environment: ["COLORTERM": "truecolor"]))
            .replacing(/\x{1B}\[[0-9;]*m/, with: "")
        let detail = try #require(wide.range(of: "Star Wars: The Empire Strikes Back\r\n"))
        let image = try #require(wide.range(of: "\u{1B}7"))
        #expect(detail.upperBound <= image.lowerBound, "the text comes first")
        let text = wide[detail.lowerBound..<image.lowerBound]
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.contains("Description:  Discover the conflict between good and evil in the electrifying"))
        #expect(lines.filter { !$0.contains("://") }.allSatisfy { $0.count <= 78 }, "\(lines)")
        // Its own address is not shown beside it.
        #expect(!text.contains("Artwork:") && !text.contains("mzstatic"))
        #expect(wide[image.lowerBound...].hasPrefix("\u{1B}7\u{1B}[\(lines.count)A\u{1B}[81G"))
        // 80 columns: above the text, which moves down: room made, up to the text's top, lines inserted there.
        let narrow = Self.text(try await world.onTerminal(show, environment: ["COLORTERM": "truecolor"], columns: 80))
        let lifted = try #require(narrow.firstMatch(of: /\x{1B}7\x{1B}\[(\d+)A\x{1B}\[(\d+)L\x{1B}\[1G/))
        let (up, inserted) = (Int(lifted.1) ?? 0, Int(lifted.2) ?? 0)
        #expect(inserted >= 4 && up > inserted && up <= 39, "up \(up), \(inserted) lines inserted")
        // On a pipe, the same detail keeps the address and no image is asked for again.
        let piped = try await world.box.run(["-c", "show 2"])
        #expect(piped.stdout.contains("Artwork:") && !piped.stdout.contains("\u{1B}"))
        #expect(world.requests.filter { $0.hasPrefix("/art/") }.count == 1)
    }

    @Test func aFavouritesArtworkIsKeptAndShowsOffline() async throws {
        let world = try World()
        try world.serve(Self.quadrantsJPEG(), as: "100x100bb.jpg")
        try world.serve(Self.quadrantsJPEG(), as: "600x600bb.jpg")
        // fav add fetches both sizes in the background; a script waits for them at its end.
        let added = try await world.box.run(["-c", "search star wars --in films", "-c", "fav add 2"])
        #expect(added.stdout.contains("is a favourite"))
        let asked = world.requests.filter { $0.hasPrefix("/art/") }.map { $0.split(separator: "/").last ?? "" }
        #expect(asked.sorted() == ["100x100bb.jpg", "600x600bb.jpg"])
        let cache = try await world.box.run(["-c", "cache"])
        #expect(cache.stdoutLines.last?.hasPrefix("Art: 2 images, ") == true, "\(cache.stdout)")
        // Offline, with the server gone: the favourite's detail and its art N both draw, from the cache.
        world.server.terminate()
        let offline = try await world.onTerminal(
            ["fav show 1", "art 2"], arguments: ["--offline"], environment: ["KITTY_WINDOW_ID": "1"])
        let text = Self.text(offline)
        #expect(text.contains("Star Wars: The Empire Strikes Back") && !text.contains("scout: "))
        #expect(text.components(separatedBy: "\u{1B}_Ga=T,f=32,").count == 3, "two kitty images")
        let last = try #require(text.components(separatedBy: "\u{1B}7").last)
        let pixels = try #require(ArtPayload.kitty(Array(last.utf8)))
        for (seen, colour) in zip(Self.centres(pixels), Self.quadrantColours) {
            #expect(ArtPayload.near(seen, colour), "\(seen) for \(colour)")
        }
        // cache clear empties the art cache too.
        let cleared = try await world.box.run(["-c", "cache clear"])
        #expect(cleared.stdout == "Cache cleared (1 entry, 2 images).\n")
        #expect(world.box.files(in: "cache/scout/art").isEmpty)
    }

    /// Found by a new user: the terminal wrapped a web address kept whole, and the image was placed by lines, not
    /// rows, so it landed over the text. A long address is cut at the window's edge now: no line wraps, and the
    /// image goes up by the rows the text takes.
    @Test func theImageIsPlacedByTheRowsTheTextTakes() async throws {
        let world = try World()
        try world.serve(Self.quadrantsJPEG(), as: "100x100bb.jpg")
        let show = ["search taylor swift --in songs", "show 5"]
        // The rows the detail takes on the terminal: each line between the title and the room made under it
        // (the empty lines before the image), wrapped there. The image goes up that many rows (beside), or
        // that many and its own (above, where it inserts its rows at the text's top).
        func placed(_ text: String, columns: Int) throws {
            let plain = text.replacing(/\x{1B}\[[0-9;]*m/, with: "")
            let detail = try #require(plain.range(of: "Everything Has Changed (feat. Ed Sheeran)\r\n"))
            let image = try #require(plain.range(of: "\u{1B}7", range: detail.lowerBound..<plain.endIndex))
            var lines = plain[detail.lowerBound..<image.lowerBound].components(separatedBy: "\r\n").dropLast()
            while lines.last == "" { lines = lines.dropLast() }
            #expect(lines.allSatisfy { $0.count <= columns }, "no line the terminal wraps")
            #expect(lines.contains { $0.hasPrefix("Web:") && $0.hasSuffix("…") }, "the address cut at the edge")
            let rows = lines.reduce(0) { $0 + max(1, ($1.count + columns - 1) / columns) }
            let move = try #require(
                plain[image.lowerBound...].firstMatch(of: /^\x{1B}7\x{1B}\[(\d+)A(\x{1B}\[(\d+)L)?/))
            let (up, inserted) = (Int(move.1) ?? 0, move.3.flatMap { Int($0) } ?? 0)
            #expect(inserted == 0 ? up >= rows : up == rows + inserted, "\(columns) columns: \(rows) rows, up \(up)")
        }
        for columns in [100, 80] {
            try placed(
                Self.text(try await world.onTerminal(show, environment: ["COLORTERM": "truecolor"], columns: columns)),
                columns: columns)
        }
        // Too short a window for it above the text: the line names the command that draws it alone.
        let short = Self.said(
            try await world.onTerminal(["search star wars --in films", "show 2"], columns: 80, rows: 23))
        #expect(
            short.contains(
                "scout: the window is too short for the artwork of Star Wars: The Empire Strikes Back with its "
                    + "detail: art 2 draws it alone"), "\(short)")
    }

    /// Found by a new user: fav add's fetch waited for the next command while scout sat at the prompt, and a
    /// favourite kept again after cache clear never got its artwork back.
    @Test func aFavouritesArtworkArrivesWhileScoutWaitsAtThePrompt() async throws {
        let world = try World()
        try world.serve(Self.quadrantsJPEG(), as: "100x100bb.jpg")
        try world.serve(Self.quadrantsJPEG(), as: "600x600bb.jpg")
        let term = try TmuxTerminal(sandbox: world.box, environment: ["COLORTERM": "truecolor"])
        try term.waitFor("[0 selected]>")
        try term.type("search star wars --in films")
        try term.send("Enter")
        try term.waitFor("10 results")
        try term.type("fav add 2")
        try term.send("Enter")
        try term.waitFor("is a favourite.")
        var kept: [String] = []
        for _ in 0..<100 where kept.count < 2 {
            try await Task.sleep(for: .milliseconds(50))
            kept = world.box.files(in: "cache/scout/art")
        }
        #expect(kept.count == 2, "both sizes kept while scout waits at the prompt")
        #expect(term.isRunning)
        try term.send("C-d")
        // cache clear takes them; fav add of the same favourite fetches them again.
        _ = try await world.box.run(["-c", "cache clear"])
        let again = try await world.box.run(["-c", "fav add 2"])
        #expect(again.stdout.contains("was already a favourite"))
        #expect(world.box.files(in: "cache/scout/art").count == 2)
        // A lower cap holds at once: 0 keeps none.
        _ = try await world.box.run(["-c", "set art-cache-mb 0"])
        #expect(world.box.files(in: "cache/scout/art").isEmpty)
        // Offline now, a favourite's missing artwork says how to get it back; with the server gone, no
        // --offline hint for an image that was never kept.
        let offline = Self.said(try await world.onTerminal(["fav show 1"], arguments: ["--offline"]))
        #expect(
            offline.contains(
                "scout: the artwork of Star Wars: The Empire Strikes Back was not drawn: it is not in the art cache "
                    + "and scout is offline (fav add fetches a favourite's artwork again once online)"))
        world.server.terminate()
        let down = Self.said(try await world.onTerminal(["fav show 1"], columns: 200))
        #expect(
            down.contains(
                "scout: the artwork of Star Wars: The Empire Strikes Back was not drawn: cannot reach 127.0.0.1 "
                    + "(connection refused): check the network, or try again later"), "\(down)")
    }

    /// Found by a new user: the detail a session was left in came back at start without its image.
    @Test func aRestoredDetailDrawsItsImageFromTheCache() async throws {
        let world = try World()
        try world.serve(Self.quadrantsJPEG(), as: "100x100bb.jpg")
        _ = try await world.onTerminal(
            ["search star wars --in films", "show 2"], environment: ["COLORTERM": "truecolor"])
        let term = try TmuxTerminal(sandbox: world.box, environment: ["COLORTERM": "truecolor"], width: 100, height: 40)
        try term.waitFor("[0 selected]>")
        let screen = try term.screenWithEscapes()
        #expect(screen.contains("Star Wars: The Empire Strikes Back"))
        // The quadrants' red, drawn beside the detail.
        let colours = screen.matches(of: /[34]8;2;(\d+);(\d+);(\d+)/).map {
            [UInt8(clamping: Int($0.1) ?? 0), UInt8(clamping: Int($0.2) ?? 0), UInt8(clamping: Int($0.3) ?? 0)]
        }
        #expect(colours.contains { ArtPayload.near($0, [255, 0, 0]) }, "\(colours.count) colours")
        #expect(world.requests.filter { $0.hasPrefix("/art/") }.count == 1, "drawn from the cache")
        try term.send("C-d")
    }

    /// Found by a new user: a window resized while the image came got the image laid out for the old one,
    /// over the text.
    @Test func aWindowResizedWhileTheImageComesGetsNoImageOverItsText() async throws {
        let world = try World(latency: 1.5)
        try world.serve(Self.quadrantsJPEG(), as: "100x100bb.jpg")
        let term = try TmuxTerminal(sandbox: world.box, environment: ["COLORTERM": "truecolor"], width: 100, height: 30)
        try term.waitFor("[0 selected]>")
        try term.type("search star wars --in films")
        try term.send("Enter")
        try term.waitFor("10 results", timeout: 20)
        try term.type("show 2")
        try term.send("Enter")
        try term.waitFor("Id:", timeout: 20)
        try term.resize(width: 80, height: 24)
        let screen = try term.waitFor("came: art 2 draws it", timeout: 20)
        #expect(screen.contains("scout: the window changed size while the artwork of Star Wars: The Empire"))
        #expect(!(try term.screenWithEscapes()).contains("48;2;"), "no image drawn")
        try term.send("C-d")
    }
}
