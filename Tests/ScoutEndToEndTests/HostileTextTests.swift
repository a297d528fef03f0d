import Foundation
import ScoutTestSupport
import Testing

/// Remote text is untrusted: every control sequence reaches the terminal made visible.
@Suite struct HostileTextTests {
    static let sequences: [(name: String, text: String)] = [
        ("clipboard", "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"),
        ("title", "\u{1B}]0;owned\u{07}"),
        ("hyperlink", "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\"),
        ("clear", "\u{1B}[2J"),
        ("conceal", "\u{1B}[8m"),
        ("overwrite", "safe\rEVIL\u{08}\u{08}"),
        ("nul", "a\u{0}b"),
        ("csi8bit", "x\u{9B}2Jy"),
        ("bidi", "\u{202E}txt.exe"),
        ("isolate", "\u{2066}a\u{2069}"),
        ("del", "a\u{7F}b"),
    ]

    @Test func hostileTitlesAndFieldsArePrintedInert() async throws {
        var movies: [[String: Any]] = Self.sequences.enumerated().map { index, entry in
            [
                "id": index + 1, "title": "\(entry.name) \(entry.text)", "genre": entry.text, "director": entry.text,
                "year": 2000,
            ]
        }
        movies.append([
            "id": 99, "title": "flood " + String(repeating: "\u{1B}[", count: 500_000), "genre": "x", "year": 2001,
        ])
        let body = try JSONSerialization.data(withJSONObject: movies)
        let server = try await FixtureServer.start(routes: ["/movies": body])
        let box = try Sandbox()
        box.environment["SCOUT_CATALOG_URL"] = server.baseURL
        for mode in [["-c"], ["--json", "-c"]] {
            let run = try await box.run(mode + ["search; show 1; select 1; fav add; show 12; fav; selection; history"])
            #expect(run.status == 0, "\(run.stderr.prefix(300))")
            for output in [run.stdout, run.stderr] {
                let bad = output.unicodeScalars.filter { scalar in
                    let v = scalar.value
                    return (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                        || (0x2066...0x2069).contains(v)
                }
                #expect(bad.isEmpty, "\(mode): \(bad.map { String($0.value, radix: 16) })")
            }
        }
        let plain = try await box.run(["-c", "search clipboard; show 1"])
        #expect(plain.stdout.contains("clipboard ^[]52;c;cm0gLXJmIH4=^G"))
        // What was read back from our own files is made safe too.
        #expect(try box.read(box.favouritesFile).lowercased().contains("\\u001b]52;c;"))
        await server.stop()
    }
}
