import Foundation

/// Runs scenarios against the built scout, in a sandbox, with `scripts/fixture-server` serving
/// `Fixtures/world` and `../shared/realdata`.
public final class ScenarioRunner {
    public static let repository = FixtureServer.fixtures.deletingLastPathComponent()
    public static let folder = repository.appendingPathComponent("Tests/Scenarios")
    /// The fixed clock of every scenario, so that dates on the screen are the same each run.
    public static let clock = "2026-11-22T19:14:00Z"

    /// Every scenario's file name; `SCENARIO_ONLY=a,b` keeps those whose names contain a or b.
    public static var names: [String] {
        let only = (ProcessInfo.processInfo.environment["SCENARIO_ONLY"] ?? "").split(separator: ",").map(String.init)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".scenario") && (only.isEmpty || only.contains(where: $0.contains)) }.sorted()
    }

    /// Whether the scenario named says `realdata` at the top (one that cannot be read is run, to fail).
    public static func readsRealData(_ name: String) -> Bool {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
            let scenario = try? Scenario(text: String(decoding: data, as: UTF8.self))
        else { return false }
        return scenario.readsRealData
    }

    let scenario: Scenario
    let box: Sandbox
    let server: Process
    let serverURL: String
    let secureURL: String
    let socksURL: String
    var terminal: TmuxTerminal?

    public init(_ scenario: Scenario) throws {
        self.scenario = scenario
        // The fixture server serves ../shared/realdata after Fixtures/world, and will not start without it
        // (unless SCOUT_SKIP_REALDATA=1): say why here, where the test reports it.
        try RealData.require()
        box = try Sandbox()
        (server, serverURL, secureURL, socksURL) = try Self.startServer(
            log: box.path("requests.log").path, served: box.path("served").path, latency: scenario.latency)
        let bin = Sandbox.binary.deletingLastPathComponent().path
        var environment = box.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["SERVER"] = serverURL
        environment["SERVER_LOG"] = box.path("requests.log").path
        environment["SERVED"] = box.path("served").path
        environment["TLS_SERVER"] = secureURL
        environment["SOCKS_SERVER"] = socksURL
        environment["FIXTURES"] = FixtureServer.fixtures.path
        environment["REALDATA"] = RealData.folder.path
        environment["SCOUT_OMDB_URL"] = serverURL
        environment["SCOUT_ITUNES_URL"] = serverURL
        environment["SCOUT_TMDB_URL"] = serverURL
        environment["SCOUT_LETTERBOXD_URL"] = serverURL
        environment["SCOUT_ART_URL"] = serverURL
        environment["SCOUT_TEST_NOW"] = Self.clock
        for (name, value) in scenario.environment {
            environment[name] = value.replacingOccurrences(of: "$TLS_SERVER", with: secureURL)
                .replacingOccurrences(of: "$SERVER", with: serverURL)
                .replacingOccurrences(of: "$FIXTURES", with: FixtureServer.fixtures.path)
        }
        box.environment = environment
    }

    deinit {
        // No waitUntilExit: Foundation can miss the exit of a child it did not start with a handler.
        server.terminate()
    }

    /// The fixture server, its URL, its HTTPS URL and its SOCKS5 proxy (the first three lines it prints).
    public static func startServer(log: String, served: String, latency: Double?) throws -> (
        Process, String, String, String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", repository.appendingPathComponent("scripts/fixture-server").path, "--log", log, "--first",
                served,
            ]
            + (latency.map { ["--latency", String($0)] } ?? [])
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = Data()
        while text.filter({ $0 == UInt8(ascii: "\n") }).count < 3 {
            guard let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty else { break }
            text.append(byte)
        }
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.count == 3, lines[0].hasPrefix("http://"), lines[1].hasPrefix("https://"),
            lines[2].hasPrefix("socks5://")
        else {
            throw TmuxError(message: "scripts/fixture-server did not start (is python3 installed?)")
        }
        return (process, lines[0], lines[1], lines[2])
    }

    /// What each step showed.
    public func run() async throws -> [[String]] {
        var shown: [[String]] = []
        for (index, step) in scenario.steps.enumerated() {
            // Before a `~` wait nothing settles: the wait itself says when to go on (a spinner never settles).
            let next = index + 1 < scenario.steps.count ? scenario.steps[index + 1].kind : nil
            if case .wait? = next {
                shown.append(try await run(step, settle: false))
            } else {
                shown.append(try await run(step))
            }
        }
        return shown
    }

    func run(_ step: Scenario.Step, settle: Bool = true) async throws -> [String] {
        if let size = scenario.terminal {
            // A shell in the terminal, with `$ ` for its prompt: `$ scout` is typed there, as a user would.
            if terminal == nil {
                try box.write("PS1='$ '\n", to: box.path(".bashrc"))
                let started = try TmuxTerminal(
                    sandbox: box, shellCommand: "exec bash --noprofile --rcfile \"$HOME/.bashrc\" -i",
                    width: size.width, height: size.height)
                terminal = started
                try started.waitFor("$")
                box.environment["PANE_PID"] = String(try started.panePID())
                // For `& tmux -L "$TMUX_SOCKET" resize-window -t scout -x 40 -y 24` beside the terminal.
                box.environment["TMUX_SOCKET"] = started.socket
            }
            switch step.kind {
            case .shell(let text):
                // At the shell's prompt, once it is back: keys typed while the program before is still leaving
                // are echoed ahead of the prompt (`…'$ pgrep`), as they would be for a person typing that fast.
                try shellPrompt()
                try terminal?.type(text)
                try terminal?.send("Enter")
            case .line(let text):
                try terminal?.type(text)
                try terminal?.send("Enter")
            case .keys(let keys):
                try terminal?.send(contentsOf: keys.split(separator: " ").map(String.init))
            case .beside(let command):
                _ = try await pipeRun(command)
            case .wait(let text):
                let seen = try terminal?.waitFor(text, timeout: 70)
                if ProcessInfo.processInfo.environment["SCENARIO_DEBUG"] != nil { print("SEEN:\n\(seen ?? "")") }
            }
            // A wait has seen what it waited for; settling after it would wait out a spinner (Ctrl-C comes now).
            if case .wait = step.kind { return [] }
            guard settle else { return [] }
            return try settledScreen()
        }
        if case .beside(let command) = step.kind { return try await pipeRun(command) }
        if case .wait = step.kind {
            throw TmuxError(message: "scenario: ~ waits for a terminal (terminal 80x24 at the top)")
        }
        guard case .shell(let command) = step.kind else {
            throw TmuxError(message: "scenario: > and >> need a terminal line (terminal 80x24) at the top")
        }
        return try await pipeRun(command)
    }

    func pipeRun(_ command: String) async throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = box.root
        process.environment = box.environment
        let out = box.path(".out"), err = box.path(".err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        try process.run()
        for await _ in exited.stream {}
        process.waitUntilExit()
        func lines(_ url: URL) -> [String] {
            let text = String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }
        var shown = (lines(out) + lines(err).map { "! " + $0 }).map(withoutPorts)
        if process.terminationStatus != 0 { shown.append("[\(process.terminationStatus)]") }
        return Scenario.trimmed(shown)
    }

    /// The fixture server's ports change each run: its URLs read as `$SERVER`, `$TLS_SERVER` and `$SOCKS_SERVER`,
    /// its bare addresses (in a message naming the proxy) as `$SERVER_ADDRESS` and `$TLS_ADDRESS`; the fixtures
    /// folder, wherever the clone is, as `$FIXTURES`; the sandbox's home (a new folder each run) as `$HOME`.
    func withoutPorts(_ line: String) -> String {
        line.replacingOccurrences(of: FixtureServer.fixtures.path, with: "$FIXTURES").replacingOccurrences(
            of: box.root.path, with: "$HOME"
        )
        .replacingOccurrences(of: serverURL, with: "$SERVER")
        .replacingOccurrences(of: secureURL, with: "$TLS_SERVER").replacingOccurrences(
            of: socksURL, with: "$SOCKS_SERVER"
        )
        .replacingOccurrences(of: serverURL.replacingOccurrences(of: "http://", with: ""), with: "$SERVER_ADDRESS")
        .replacingOccurrences(of: secureURL.replacingOccurrences(of: "https://", with: ""), with: "$TLS_ADDRESS")
    }

    /// Waits (at most 70 s) until the screen's last line that is not blank is the shell's prompt, `$`.
    func shellPrompt() throws {
        guard let terminal else { return }
        let deadline = Date().addingTimeInterval(70)
        while Date() < deadline {
            let last = try terminal.screen().split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }
            if last.map({ $0.trimmingCharacters(in: .whitespaces) == "$" }) ?? false { return }
            usleep(50_000)
        }
    }

    /// The screen once it has stopped changing for 300 ms (at most 10 s), without trailing blanks.
    func settledScreen() throws -> [String] {
        guard let terminal else { return [] }
        var last = try terminal.screen()
        var stableSince = Date()
        let deadline = Date().addingTimeInterval(10)
        usleep(100_000)
        while Date() < deadline {
            usleep(50_000)
            let now = try terminal.screen()
            if now != last {
                last = now
                stableSince = Date()
            } else if Date().timeIntervalSince(stableSince) >= 0.3 {
                break
            }
        }
        let lines = last.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return Scenario.trimmed(lines)
    }

    /// A unified diff of expected and actual lines, for a failure message.
    public static func diff(expected: [String], actual: [String]) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-diff-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("expected"), b = folder.appendingPathComponent("actual")
        try? Data((expected.joined(separator: "\n") + "\n").utf8).write(to: a)
        try? Data((actual.joined(separator: "\n") + "\n").utf8).write(to: b)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        process.arguments = ["-u", a.path, b.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
