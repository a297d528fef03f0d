import Foundation
import ScoutKit
import ScoutTestSupport
import Testing

/// Artwork on a real pseudo-terminal (util-linux `script` records every byte scout sends it), with the
/// fixture server standing in for iTunes, OMDb and their image servers: each environment gets its protocol,
/// tmux passes it through only when allowed, bad images are one line each, a favourite's art shows offline.
@Suite(.serialized) struct ArtTests {
    final class World {
        let box: Sandbox
        let server: Process
        let url: String

        init(latency: Double? = nil) throws {
            try RealData.require()
            box = try Sandbox()
            try FileManager.default.createDirectory(at: box.path("served/art"), withIntermediateDirectories: true)
            (server, url, _, _) = try ScenarioRunner.startServer(
                log: box.path("requests.log").path, served: box.path("served").path, latency: latency)
            box.environment["SCOUT_ITUNES_URL"] = url
            box.environment["SCOUT_OMDB_URL"] = url
            box.environment["SCOUT_ART_URL"] = url
            box.environment["OMDB_API_KEY"] = "k3y"
        }

        deinit { server.terminate() }

        /// Serves `data` for image addresses whose last part is `name` (all of iTunes' are `100x100bb.jpg`).
        func serve(_ data: Data, as name: String) throws {
            try data.write(to: box.path("served/art/\(name)"))
        }

        /// Every byte scout wrote to a `columns` x `rows` pseudo-terminal running `scout -c …` for each line, and
        /// the command's exit status; `wrap` runs it inside another command (`tmux …`), `{}` standing for it.
        func onTerminal(
            _ lines: [String], arguments: [String] = [], environment: [String: String] = [:], columns: Int = 120,
            rows: Int = 40, wrap: String = "{}"
        ) async throws -> [UInt8] {
            let quote = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            let scout =
                ([Sandbox.binary.path] + arguments + lines.flatMap { ["-c", $0] }).map(quote).joined(separator: " ")
            let typescript = box.path("typescript-\(UUID().uuidString.prefix(6))")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = [
                "-q", "-e", "-c",
                "stty cols \(columns) rows \(rows); " + wrap.replacingOccurrences(of: "{}", with: scout),
                typescript.path,
            ]
            process.environment = ["TERM": "xterm-256color"].merging(box.environment) { $1 }.merging(environment) {
                $1
            }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            // Waited for without holding a thread of the shared pool (other suites' servers run on it).
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                process.terminationHandler = { _ in done.resume() }
                do { try process.run() } catch { done.resume() }
            }
            return Array(try Data(contentsOf: typescript))
        }

        var requests: [String] {
            ((try? box.read(box.path("requests.log"))) ?? "").split(separator: "\n").map(String.init)
        }
    }

    static let quadrantColours: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0]]

    /// A 600 x 600 JPEG of four flat quadrants, served for every iTunes image.
    static func quadrantsJPEG() throws -> Data {
        try #require(ArtSample.jpeg(rgb: ArtSample.quadrants(width: 600, height: 600), width: 600, height: 600))
    }

    static func centres(_ pixels: ArtPayload.Pixels) -> [[UInt8]] {
        let (w, h) = (pixels.width, pixels.height)
        return [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)].map {
            pixels.colour(x: $0.0, y: $0.1)
        }
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// What scout said, as a person reads it: colour taken off, carriage returns dropped, and a message the
    /// window wrapped (its lines after the first indented by two) joined again.
    static func said(_ bytes: [UInt8]) -> String {
        text(bytes).replacing(/\x{1B}\[[0-9;]*m/, with: "").replacingOccurrences(of: "\r", with: "")
            .replacingOccurrences(of: "\n  ", with: " ")
    }

    @Test func eachEnvironmentGetsItsProtocol() async throws {
        let world = try World()
        try world.serve(Self.quadrantsJPEG(), as: "600x600bb.jpg")
        let art = ["search star wars --in films", "art 2"]
        // kitty's graphics protocol, read back into pixels: the image's quadrants.
        for environment in [
            ["KITTY_WINDOW_ID": "1"], ["TERM": "xterm-kitty"], ["TERM_PROGRAM": "WezTerm"], ["TERM_PROGRAM": "ghostty"],
            ["TERM": "xterm-ghostty"],
        ] {
            let bytes = try await world.onTerminal(art, environment: environment)
            let pixels = try #require(ArtPayload.kitty(bytes), "\(environment): no kitty image")
            #expect(pixels.width > 300 && pixels.height == pixels.width, "\(environment)")
            for (seen, colour) in zip(Self.centres(pixels), Self.quadrantColours) {
                #expect(ArtPayload.near(seen, colour), "\(environment): \(seen) for \(colour)")
            }
        }
        // iTerm2's inline file, read back.
        for environment in [["TERM_PROGRAM": "iTerm.app"], ["LC_TERMINAL": "iTerm2"]] {
            let bytes = try await world.onTerminal(art, environment: environment)
            let pixels = try #require(ArtPayload.iterm(bytes), "\(environment): no iTerm2 image")
            for (seen, colour) in zip(Self.centres(pixels), Self.quadrantColours) {
                #expect(ArtPayload.near(seen, colour), "\(environment): \(seen) for \(colour)")
            }
        }
        // Sixels for foot and mlterm: a DCS … q image whose palette holds the quadrants' colours (in percent).
        for environment in [["TERM": "foot"], ["TERM": "mlterm"]] {
            let text = Self.text(try await world.onTerminal(art, environment: environment))
            #expect(text.contains("\u{1B}P0;1;0q"), "\(environment): no sixels")
            let palette = text.matches(of: /#\d+;2;(\d+);(\d+);(\d+)/).map {
                [Int($0.1) ?? -1, Int($0.2) ?? -1, Int($0.3) ?? -1]
            }
            for colour in [[100, 0, 0], [0, 100, 0], [0, 0, 100], [100, 100, 0]] {
                #expect(
                    palette.contains { zip($0, colour).allSatisfy { abs($0 - $1) <= 3 } },
                    "\(environment): no \(colour) in the sixel palette")
            }
            #expect(!text.contains("\u{1B}_G") && !text.contains("1337;File"))
        }
        // Symbols in 24-bit, 256 and 16 colours: the cells show the quadrants' colours (the nearest the palette
        // has), and no pixel protocol is sent.
        let depths: [([String: String], [[UInt8]])] = [
            (["COLORTERM": "truecolor"], Self.quadrantColours),
            ([:], Self.quadrantColours),
            (["TERM": "xterm"], [[255, 0, 0], [0, 255, 0], [92, 92, 255], [255, 255, 0]]),
        ]
        for (environment, colours) in depths {
            let text = Self.text(try await world.onTerminal(art, environment: environment))
            #expect(!text.contains("\u{1B}_G") && !text.contains("1337;File") && !text.contains("\u{1B}P0;1;0q"))
            // Each row of the image is put at column 1, then the cursor goes down a line.
            let rows = text.components(separatedBy: "\u{1B}[1G").dropFirst().map {
                $0.components(separatedBy: "\u{1B}[1B")[0].components(separatedBy: "\u{1B}8")[0]
            }
            let cells = rows.map(ArtPayload.cells)
            // Under the command's line and the title, above the prompt: 37 rows of the 40.
            #expect(cells.count == 37 && cells.allSatisfy { $0.count == cells[0].count }, "\(environment)")
            // The cell at the middle of each quadrant shows that quadrant's colour (JPEG blurs only the edges).
            let (height, width) = (cells.count, cells.first?.count ?? 0)
            let middles = [
                (width / 4, height / 4), (3 * width / 4, height / 4), (width / 4, 3 * height / 4),
                (3 * width / 4, 3 * height / 4),
            ]
            for ((x, y), colour) in zip(middles, colours) where y < height && x < width {
                let shown = cells[y][x].visible
                #expect(
                    !shown.isEmpty && shown.allSatisfy { ArtPayload.near($0, colour) },
                    "\(environment): cell \(x),\(y) shows \(shown), not \(colour)")
            }
        }
        // The 600 x 600 image was asked for, not iTunes' 100 x 100, and once: then it came from the cache.
        let asked = world.requests.filter { $0.hasPrefix("/art/") }
        #expect(asked.count == 1 && asked[0].hasSuffix("/600x600bb.jpg"), "\(asked)")
    }

    @Test func insideTmuxOnlyWithPassthrough() async throws {
        let world = try World()
        try world.serve(Self.quadrantsJPEG(), as: "600x600bb.jpg")
        let art = ["search star wars --in films", "art 2"]
        for allowed in [true, false] {
            let config = world.box.path("tmux-\(allowed).conf")
            try "set -g allow-passthrough \(allowed ? "on" : "off")\n".write(
                to: config, atomically: true, encoding: .utf8)
            let socket = "art-\(UUID().uuidString.prefix(6))"
            // tmux inside the recorded terminal, scout inside tmux: what reaches the outer terminal is recorded.
            let bytes = try await world.onTerminal(
                art, environment: ["KITTY_WINDOW_ID": "7"],
                wrap: "tmux -L \(socket) -f \(config.path) new-session -x 120 -y 40 \"{} ; sleep 1\"")
            let text = Self.text(bytes)
            if allowed {
                let pixels = try #require(ArtPayload.kitty(bytes), "no kitty image came through tmux")
                for (seen, colour) in zip(Self.centres(pixels), Self.quadrantColours) {
                    #expect(ArtPayload.near(seen, colour), "\(seen) for \(colour)")
                }
            } else {
                #expect(!text.contains("\u{1B}_G"), "a kitty sequence reached the terminal with passthrough off")
                // Symbols instead, in tmux's colours: red somewhere among them.
                #expect(["41m", "101m", "48;5;196", "48;5;9m", "48;2;255;0;0"].contains { text.contains($0) })
            }
        }
    }

    @Test func badImagesAreOneLineEachAndScoutGoesOn() async throws {
        let world = try World()
        let page = try Data(
            contentsOf: FixtureServer.fixtures.appendingPathComponent("world/omdb/search_alien_page1.json"))
        let posters = (String(decoding: page, as: UTF8.self).matches(of: /"Poster":"[^"]*\/([^"\/]+)"/)).map {
            String($0.1)
        }
        let good = try #require(ArtSample.jpeg(rgb: ArtSample.poster(width: 300, height: 445), width: 300, height: 445))
        try world.serve(good.prefix(good.count / 2), as: posters[0]) // cut short
        try world.serve(
            Data("<!DOCTYPE html>\n<html><body><h1>503 Service Unavailable</h1></body></html>".utf8), as: posters[1])
        try world.serve(try #require(ArtSample.flatJPEG(width: 12_000, height: 12_000)), as: posters[2])
        try world.serve(
            try #require(ArtSample.flatJPEG(width: 12_000, height: 12_000, progressive: true)), as: posters[3])
        // A poster whose address redirects to itself for ever.
        let loop = String(decoding: page, as: UTF8.self).replacingOccurrences(
            of: "https://m.media-amazon.com/images/M/\(posters[4])",
            with: "https://m.media-amazon.com/images/M/redirect-forever")
        try FileManager.default.createDirectory(at: world.box.path("served/omdb"), withIntermediateDirectories: true)
        try Data(loop.utf8).write(to: world.box.path("served/omdb/search_loop_page1.json"))
        let peak = world.box.path("peak")
        let bytes = try await world.onTerminal(
            [
                "search alien --in omdb", "art 1", "art 2", "art 3", "art 4", "search loop --in omdb", "art 5",
                "fav add 5",
            ],
            environment: ["COLORTERM": "truecolor"], columns: 250, wrap: "/usr/bin/time -f %M -o \(peak.path) {}")
        // Each line as a person reads it: colour taken off, and a line after an image's last row on its own.
        let plain = Self.text(bytes).replacingOccurrences(of: "\r", with: "").replacing(/\x{1B}\[[0-9;]*m/, with: "")
        let lines = plain.replacingOccurrences(of: "\u{1B}8", with: "\n").split(separator: "\n").map(String.init)
        let said = lines.filter { $0.hasPrefix("scout: ") }
        #expect(
            said == [
                "scout: the artwork of Alien was not drawn: the JPEG is damaged or too large (Premature end of JPEG "
                    + "file)",
                "scout: the artwork of Aliens was not drawn: it is not an image but an HTML page",
                "scout: the artwork of Alien: Resurrection was not drawn: the JPEG is damaged or too large (12000 x "
                    + "12000 pixels, progressive, need more memory than scout gives an image)",
                "scout: the artwork of Alien: Covenant was not drawn: 127.0.0.1 redirects in a loop (more than 5 "
                    + "redirects): the server is at fault; check the URL, or try again later",
            ],
            "\(said)")
        // The 12,000 x 12,000 baseline JPEG is drawn (decoded at 1/8): flat grey cells.
        #expect(Self.text(bytes).contains("38;2;128;128;128m"))
        // Scout went on: the last command kept its favourite.
        #expect(lines.contains { $0.contains("is a favourite") })
        let kilobytes = Int((try world.box.read(peak)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max
        #expect(kilobytes < 300 * 1024, "peak memory \(kilobytes) KB")
    }
}
