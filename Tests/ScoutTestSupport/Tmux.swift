import Foundation

/// Drives the built scout in a real pseudo-terminal through tmux: type keys, read the screen.
public final class TmuxTerminal {
    let socket = "scout-test-\(UUID().uuidString.prefix(8))"
    let name = "scout"

    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
    }

    /// Starts `scout arguments` in a `width`×`height` terminal with `environment`.
    public init(sandbox: Sandbox, arguments: [String] = [], width: Int = 100, height: Int = 40) throws {
        var command = ["env", "-i"] + sandbox.environment.map { "\($0.key)=\($0.value)" } + ["TERM=xterm-256color", Sandbox.binary.path] + arguments
        command = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        try tmux(["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), command.joined(separator: " ")])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Sends keys as tmux names them: literal text, or `Tab`, `Up`, `Enter`, `C-c`, `C-d`.
    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Sends text literally (no key names).
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    public func screen() throws -> String {
        try tmux(["capture-pane", "-t", name, "-p"])
    }

    /// Waits until the screen shows `text`; returns the screen, or throws after `timeout` seconds.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = (try? screen()) ?? ""
            if last.contains(text) { return last }
            usleep(50_000)
        }
        throw TmuxError(message: "timed out waiting for \"\(text)\"; the screen was:\n\(last)")
    }

    /// Whether scout is still running in the pane.
    public var isRunning: Bool {
        ((try? tmux(["list-panes", "-t", name, "-F", "#{pane_dead}"])) ?? "1").trimmingCharacters(in: .whitespacesAndNewlines) == "0"
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket, "-f", "/dev/null"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TmuxError(message: "tmux \(arguments.first ?? "") failed") }
        return String(decoding: data, as: UTF8.self)
    }
}

public struct TmuxError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
