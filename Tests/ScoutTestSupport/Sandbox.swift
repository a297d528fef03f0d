import Foundation

/// What one run of the built `scout` printed and how it ended.
public struct ScoutRun: Sendable {
    public var stdout: String
    public var stderr: String
    public var status: Int32

    public var stdoutLines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }
    public var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

/// A temporary home with its own XDG folders, in which the built `scout` runs as a user would run it.
public final class Sandbox: @unchecked Sendable {
    public let root: URL
    public var environment: [String: String]
    /// A command scout is run through, such as `setpriv` to run it as another user.
    public var wrapper: [String] = []

    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("scout-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        environment = [
            "HOME": root.path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "TZ": "UTC",
            "LANG": "C.UTF-8",
            // No test reaches a real image server: a favourite's artwork is asked of a closed port unless a
            // test points this at its fixture server.
            "SCOUT_ART_URL": "http://127.0.0.1:9",
            // Nor Letterboxd: a feed is asked of a closed port unless a test points this at its fixture server.
            "SCOUT_LETTERBOXD_URL": "http://127.0.0.1:9",
        ]
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    public func path(_ relative: String) -> URL { root.appendingPathComponent(relative) }
    public var sessionFile: URL { path("state/scout/session.json") }
    public var historyFile: URL { path("state/scout/history.jsonl") }
    public var favouritesFile: URL { path("data/scout/favourites.json") }

    /// The built `scout`: `SCOUT_BINARY`, else beside the test bundle.
    public static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["SCOUT_BINARY"] { return URL(fileURLWithPath: path) }
        var folder = Bundle.main.bundleURL
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("scout")
            if FileManager.default.isExecutableFile(atPath: candidate.path), !candidate.hasDirectoryPath {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/scout")
    }

    /// Runs scout with `arguments`, `input` on standard input (a pipe), and waits for it.
    ///
    /// Waiting does not block a thread: tests run in parallel, and a fixture server in this process
    /// needs the cooperative threads to answer.
    @discardableResult
    public func run(_ arguments: [String] = [], input: String = "", extraEnvironment: [String: String] = [:])
        async throws -> ScoutRun
    {
        try await run(arguments, bytes: Data(input.utf8), extraEnvironment: extraEnvironment)
    }

    /// Runs scout with exactly these bytes on standard input.
    @discardableResult
    public func run(_ arguments: [String] = [], bytes: Data, extraEnvironment: [String: String] = [:]) async throws
        -> ScoutRun
    {
        let process = try launch(arguments, input: bytes, extraEnvironment: extraEnvironment)
        return try await process.finish()
    }

    /// Starts scout with `input` on standard input; with `keepInputOpen`, more can be sent with `RunningScout.send`.
    public func launch(
        _ arguments: [String], input: String, extraEnvironment: [String: String] = [:], keepInputOpen: Bool = false
    ) throws -> RunningScout {
        try launch(arguments, input: Data(input.utf8), extraEnvironment: extraEnvironment, keepInputOpen: keepInputOpen)
    }

    public func launch(
        _ arguments: [String], input: Data, extraEnvironment: [String: String] = [:], keepInputOpen: Bool = false
    ) throws -> RunningScout {
        let process = Process()
        if let first = wrapper.first {
            process.executableURL = URL(fileURLWithPath: first)
            process.arguments = wrapper.dropFirst() + [Self.binary.path] + arguments
        } else {
            process.executableURL = Self.binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = root
        process.environment = environment.merging(extraEnvironment) { $1 }
        let id = UUID().uuidString
        let out = root.appendingPathComponent("out-\(id)"), err = root.appendingPathComponent("err-\(id)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let inPipe = Pipe()
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        process.standardInput = inPipe
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        inPipe.fileHandleForWriting.write(input)
        if !keepInputOpen { try inPipe.fileHandleForWriting.close() }
        return RunningScout(
            process: process, exited: exited.stream, out: out, err: err,
            input: keepInputOpen ? inPipe.fileHandleForWriting : nil)
    }

    public func read(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    public func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The ids in favourites.json, in order; none when there is no file; throws when it does not parse.
    public func favouriteIDs() throws -> [String] {
        guard let data = try? Data(contentsOf: favouritesFile) else { return [] }
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let list = object["favourites"] as? [[String: Any]]
        else { throw SandboxError.unreadable(favouritesFile.path) }
        return list.compactMap { $0["id"] as? String }
    }

    public func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(folder).path)) ?? []).sorted()
    }

    public func mode(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]) as? Int) ?? -1
    }
}

public enum SandboxError: Error {
    case timedOut(String)
    case unreadable(String)
}

public struct RunningScout {
    public let process: Process
    let exited: AsyncStream<Void>
    let out: URL
    let err: URL
    let input: FileHandle?

    /// What scout has written to standard output so far.
    public var stdoutSoFar: String { String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self) }

    /// Sends one more line on standard input (a scout launched with `keepInputOpen`).
    public func send(_ line: String) { input?.write(Data((line + "\n").utf8)) }

    /// Sends `line` and waits until standard output holds `count` newlines in all.
    public func send(_ line: String, untilLines count: Int, timeout: Duration = .seconds(10)) async throws {
        send(line)
        try await wait(untilLines: count, timeout: timeout, for: line)
    }

    /// Waits until standard output holds `count` newlines in all.
    public func wait(untilLines count: Int, timeout: Duration = .seconds(10), for what: String = "output") async throws
    {
        let deadline = ContinuousClock.now + timeout
        while stdoutSoFar.filter({ $0 == "\n" }).count < count {
            guard ContinuousClock.now < deadline else { throw SandboxError.timedOut(what) }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Closes standard input: scout reads the end and exits.
    public func closeInput() { try? input?.close() }

    public func finish() async throws -> ScoutRun {
        closeInput()
        for await _ in exited {}
        process.waitUntilExit()
        return ScoutRun(
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self),
            status: process.terminationStatus)
    }
}
