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
        let input = ["search", "select 1-999999999", "select \(ranges)", long, nested, "search \u{FF}\u{FE}", "list"]
            .joined(separator: "\n") + "\n"
        let run = try await box.run(input: input)
        #expect(run.status == 1)
        #expect(run.stderr.contains("there is no row 999999999: rows run from 1 to 139"))
        #expect(run.stderr.contains("too many ranges (at most 10000)"))
        #expect(run.stderr.contains("search terms are limited to 1000 characters: shorten them"))
        #expect(run.stdout.hasSuffix("movies · \"ÿþ\" · 0 results · page 1 of 1\nNo results.\n"), "the last command, list, still ran")
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
        process.arguments = ["-c", "umask \(umask); exec '\(Sandbox.binary.path)' -c 'search; select 1; fav add; set page-size 9; deny add x; session save s'"]
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

    @Test func aConfigWithTheKeyReadableByOthersIsWarnedAbout() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "set omdb-key abc123"])
        let config = box.path("config/scout/config.json")
        chmod(config.path, 0o644)
        let run = try await box.run(["-c", "sources"])
        #expect(run.stderrLines == ["scout: \(config.path) holds your OMDb key and others can read it: chmod 600 \(config.path)"])
        #expect(run.status == 0)
    }
}
