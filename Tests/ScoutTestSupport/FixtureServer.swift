import Foundation
import Glibc
import Synchronization

/// A loopback HTTP server for tests: serves fixed bodies by path and counts the requests it gets.
///
/// HTTP/1.1 over a POSIX socket, one request a connection (`Connection: close`), a thread a connection: what
/// scout's client needs of a server, in a page. It replaced Hummingbird, whose SwiftNIO and a dozen packages
/// beside it were half of a fresh clone's debug build (docs/DECISIONS.md, "The tests' HTTP server is our own").
public final class FixtureServer: Sendable {
    public let port: Int
    public let log: RequestLog
    private let listener: Int32
    private let stopped: Atomic<Bool>

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts a server on a free loopback port; `routes` maps a path (`/movies`) to a body.
    public static func start(routes: [String: Data], status: Int = 200) async throws -> FixtureServer {
        try await start { path, _ in
            routes[path].map { FixtureResponse(status: status, body: $0) }
        }
    }

    /// Starts a server whose answers `handler` makes from the path and the query items; nil is a 404.
    public static func start(handler: @escaping @Sendable (String, [String: String]) async -> FixtureResponse?)
        async throws -> FixtureServer
    {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw ServerError.socket("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 128) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            let error = errno
            close(listener)
            throw ServerError.socket("bind", error)
        }
        let server = FixtureServer(port: Int(UInt16(bigEndian: address.sin_port)), listener: listener)
        let thread = Thread { [server] in server.accept(handler) }
        thread.name = "fixture-server"
        thread.start()
        return server
    }

    /// The project's `Fixtures/` folder.
    public static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    private init(port: Int, listener: Int32) {
        self.port = port
        self.listener = listener
        log = RequestLog()
        stopped = Atomic(false)
    }

    /// Stops accepting; a connection being answered is cut at its next pause. Until then the accepting thread
    /// keeps the server.
    public func stop() async {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        // Wakes the accepting thread, which closes the socket.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func accept(_ handler: @escaping @Sendable (String, [String: String]) async -> FixtureResponse?) {
        while !stopped.load(ordering: .sequentiallyConsistent) {
            let connection = Glibc.accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            // Not inherited by the scouts the tests start, so that closing it ends the connection.
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            let thread = Thread { [self] in
                serve(connection, handler)
                close(connection)
            }
            thread.start()
        }
        close(listener)
    }

    /// Reads one request's head, asks the handler, and writes its answer.
    private func serve(
        _ connection: Int32, _ handler: @escaping @Sendable (String, [String: String]) async -> FixtureResponse?
    ) {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while head.firstRange(of: end) == nil {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0, head.count < 65_536 else { return }
            head += buffer[..<count]
        }
        // "GET /path?query HTTP/1.1"
        let words = (head.split(separator: 0x0D).first ?? []).split(separator: 0x20)
        guard words.count >= 2 else { return }
        let target = String(decoding: words[1], as: UTF8.self)
        let (path, query) = Self.parse(target)
        let get = words[0].elementsEqual("GET".utf8)
        let answer = Self.wait { [log] in
            await log.record(target)
            return get ? await handler(path, query) : nil
        }
        guard let answer else {
            write(connection, Self.head(status: 404, headers: ["Content-Length": "0"]))
            return
        }
        if answer.delay > .zero, !pause(answer.delay) { return }
        var headers = ["Content-Type": answer.contentType, "Content-Length": String(answer.body.count)]
        headers["Retry-After"] = answer.retryAfter
        guard write(connection, Self.head(status: answer.status, headers: headers)) else { return }
        if let pause = answer.drip {
            // A slow server: the body a byte at a time, `pause` apart.
            for byte in answer.body {
                guard write(connection, [byte]), self.pause(pause) else { return }
            }
        } else if let cut = answer.disconnectAfter {
            // Promise the whole body, send part of it, then drop the connection.
            write(connection, Array(answer.body.prefix(cut)))
        } else {
            write(connection, Array(answer.body))
        }
    }

    /// The path and the query's items of a request's target, each value percent-decoded.
    static func parse(_ target: String) -> (path: String, query: [String: String]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        for item in parts.dropFirst().first?.split(separator: "&") ?? [] {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = pair.count > 1 ? String(pair[1]) : ""
            query[String(pair[0])] = value.removingPercentEncoding ?? value
        }
        return (String(parts.first ?? "/"), query)
    }

    static func head(status: Int, headers: [String: String]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status \(status)")\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// Writes all of `bytes`; false when the client has gone.
    @discardableResult
    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Sleeps for `duration` in steps of at most 50 ms; false once the server is stopped.
    private func pause(_ duration: Duration) -> Bool {
        var left = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        while left > 0 {
            guard !stopped.load(ordering: .sequentiallyConsistent) else { return false }
            let step = min(left, 0.05)
            usleep(useconds_t(step * 1_000_000))
            left -= step
        }
        return !stopped.load(ordering: .sequentiallyConsistent)
    }

    /// The handler's answer, waited for on this connection's thread. The handler runs on the server's own
    /// queue, never on the cooperative threads: tests run in parallel, and a test waiting for a terminal's
    /// screen (`TmuxTerminal.waitFor`) holds one of them while its scout waits for this answer.
    private static func wait(_ work: @escaping @Sendable () async -> FixtureResponse?) -> FixtureResponse? {
        let result = Mutex<FixtureResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: QueueExecutor.shared) {
            let answer = await work()
            result.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }

    enum ServerError: Error, CustomStringConvertible {
        case socket(String, Int32)
        var description: String {
            switch self {
            case .socket(let call, let code): "the fixture server's \(call) failed: \(String(cString: strerror(code)))"
            }
        }
    }
}

/// Runs the fixture servers' handlers on a dispatch queue of their own, outside Swift's cooperative threads.
final class QueueExecutor: TaskExecutor {
    static let shared = QueueExecutor()
    private let queue = DispatchQueue(label: "fixture-server", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// One answer of a fixture server: status, body, content type, an optional delay and Retry-After.
public struct FixtureResponse: Sendable {
    public var status: Int
    public var body: Data
    public var contentType: String
    public var delay: Duration
    public var retryAfter: String?
    /// Drop the connection after this many bytes of the body.
    public var disconnectAfter: Int?
    /// Send the body a byte at a time, this far apart.
    public var drip: Duration?

    public init(
        status: Int = 200, body: Data, contentType: String = "application/json", delay: Duration = .zero,
        retryAfter: String? = nil, disconnectAfter: Int? = nil, drip: Duration? = nil
    ) {
        self.disconnectAfter = disconnectAfter
        self.drip = drip
        self.status = status
        self.body = body
        self.contentType = contentType
        self.delay = delay
        self.retryAfter = retryAfter
    }
}

/// The requests a fixture server answered, in order.
public actor RequestLog {
    public private(set) var paths: [String] = []
    func record(_ path: String) { paths.append(path) }
}
