import Foundation
import ScoutTestSupport
import Testing

/// Input meant to break scout, and modes meant to expose its files: a clear line or a clean exit.
@Suite struct HostileInputTests {
    @Test func hostileCommandsGetAClearErrorAndScoutGoesOn() async throws {
        let box = try Sandbox()
        let ranges = (1...100_000).map(String.init).joined(separator: ",")
        let long = "search " + String(repeating: "x", count: 1_000_000)
        let nested = "search " + String(repeating: #"'"'"#, count: 20_000)
        var input = Data(
            ([
                "search", "select 999999999", "select 1-999999999", "use restaurants", "search", "select 1-999999999",
                "select \(ranges)", "use movies", long, nested, "search ÿþ",
            ].joined(separator: "\n") + "\n").utf8)
        // Not UTF-8: stray, overlong, surrogate.
        input += Data("search ".utf8) + [0xFF, 0xFE, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x0A]
        input += Data("list\n".utf8)
        let run = try await box.run(bytes: input)
        #expect(run.status == 1)
        #expect(run.stderr.contains("there is no row 999999999: rows run from 1 to 139"))
        // Where one pick is taken, a range is that mistake; where several are, its end is too far.
        #expect(run.stderr.contains("movies takes one pick: select a single row, such as select 3"))
        #expect(run.stderr.contains("there is no row 999999999: rows run from 1 to 66"))
        #expect(run.stderr.contains("too many ranges (at most 10000)"))
        #expect(run.stderr.contains("search terms are limited to 1000 characters: shorten them"))
        #expect(
            run.stdout.hasSuffix("movies · \"ÿþ\" · 0 results · page 1 of 1\nNo results.\n"),
            "the last command, list, still ran")
        #expect(run.stderr.contains("scout: that line is not UTF-8 text and was skipped: check the input's encoding\n"))
        #expect(!run.stderr.contains("Fatal") && !run.stderr.contains("Crash"))
    }

    @Test func aClosedStandardOutputEndsScoutQuietly() async throws {
        let box = try Sandbox()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(Sandbox.binary.path)' -c 'search; list; list; list; list' | head -1"]
        process.environment = box.environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text == "movies · everything · 139 results · page 1 of 7\n")
        #expect(errors.isEmpty)
    }

    @Test(arguments: ["000", "022"])
    func filesArePrivateWhateverTheUmask(_ umask: String) async throws {
        let box = try Sandbox()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "umask \(umask); exec '\(Sandbox.binary.path)' -c 'search; select 1; fav add; set page-size 9; deny add x; "
                + "session save s'",
        ]
        process.environment = box.environment
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let enumerator = FileManager.default.enumerator(at: box.root, includingPropertiesForKeys: nil)
        var checked = 0
        while let url = enumerator?.nextObject() as? URL {
            let path = url.path.replacingOccurrences(of: box.root.path, with: "")
            guard ["/config", "/data", "/state"].contains(where: path.hasPrefix) else { continue }
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            #expect(box.mode(url) == (isFolder ? 0o700 : 0o600), "\(path) under umask \(umask)")
            checked += 1
        }
        #expect(checked >= 12)
    }

    @Test func noFileIsEverVisibleWithAnotherModeDuringRewrites() async throws {
        let box = try Sandbox()
        box.wrapper = ["/bin/sh", "-c", "umask 000; exec \"$0\" \"$@\""]
        let script = (1...40).map { n in
            "search \(["kubrick", "heat", "alien", "love"][n % 4])\nselect 1\nfav add 1\nfav rm 1\nset page-size "
                + "\(10 + n)\ndeny add term\(n)\nsession save s\(n % 3) --force\n"
        }.joined()
        let scout = try box.launch([], input: script)
        var seen = 0, temporaries = 0
        var wrong: Set<String> = []
        let folders = ["config/scout", "data/scout", "state/scout", "state/scout/sessions"].map { box.path($0).path }
        while scout.process.isRunning {
            for folder in folders {
                guard let dir = opendir(folder) else { continue }
                while let entry = readdir(dir) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) {
                        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    guard name != ".", name != ".." else { continue }
                    var info = stat()
                    guard lstat(folder + "/" + name, &info) == 0 else { continue } // renamed away meanwhile
                    seen += 1
                    if name.contains(".tmp-") { temporaries += 1 }
                    let expected: mode_t = (info.st_mode & S_IFMT) == S_IFDIR ? 0o700 : 0o600
                    if info.st_mode & 0o7777 != expected {
                        wrong.insert("\(name) \(String(info.st_mode & 0o7777, radix: 8))")
                    }
                }
                closedir(dir)
            }
        }
        let run = try await scout.finish()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(seen > 1_000, "the folders were watched throughout (\(seen) looks)")
        print(
            "modes: \(seen) looks at files during 280 rewrites under umask 000, \(temporaries) of them at a temporary "
                + "file mid-write; every one 0600 (folders 0700)"
        )
    }

    @Test func aConfigWithTheKeyReadableByOthersIsWarnedAbout() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "set omdb-key abc123"])
        let config = box.path("config/scout/config.json")
        chmod(config.path, 0o644)
        let run = try await box.run(["-c", "sources"])
        #expect(
            run.stderrLines == [
                "scout: \(config.path) holds your OMDb key and others can read it: chmod 600 \(config.path)"
            ])
        #expect(run.status == 0)
    }
}
