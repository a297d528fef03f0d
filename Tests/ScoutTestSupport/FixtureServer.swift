import Foundation
import Hummingbird
import Logging
import NIOCore

/// A loopback HTTP server for tests: serves fixed bodies by path and counts the requests it gets.
public final class FixtureServer: Sendable {
    public let port: Int
    public let log: RequestLog
    private let task: Task<Void, any Error>

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
        let log = RequestLog()
        let router = Router()
        let respond: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            await log.record(request.uri.description)
            var query: [String: String] = [:]
            for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
            guard let answer = await handler(request.uri.path, query) else {
                return Response(status: .notFound)
            }
            if answer.delay > .zero { try await Task.sleep(for: answer.delay) }
            var headers: HTTPFields = [.contentType: answer.contentType]
            if let retryAfter = answer.retryAfter { headers[.retryAfter] = retryAfter }
            if let pause = answer.drip {
                // A slow server: the body a byte at a time, `pause` apart.
                headers[.contentLength] = String(answer.body.count)
                let body = answer.body
                return Response(
                    status: HTTPResponse.Status(code: answer.status), headers: headers,
                    body: ResponseBody { writer in
                        for byte in body {
                            try await writer.write(ByteBuffer(bytes: [byte]))
                            try await Task.sleep(for: pause)
                        }
                        try await writer.finish(nil)
                    })
            }
            if let cut = answer.disconnectAfter {
                // Promise the whole body, send part of it, then drop the connection.
                headers[.contentLength] = String(answer.body.count)
                let part = ByteBuffer(bytes: answer.body.prefix(cut))
                return Response(
                    status: HTTPResponse.Status(code: answer.status), headers: headers,
                    body: ResponseBody { writer in
                        try await writer.write(part)
                        throw CancellationError()
                    })
            }
            return Response(
                status: HTTPResponse.Status(code: answer.status), headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
        // OMDb answers at the root; the catalog and iTunes below it.
        router.get("/", use: respond)
        router.get("**", use: respond)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: {
                // Shutting down mid-test is expected; keep the test output to what the tests say.
                var logger = Logger(label: "fixture-server")
                logger.logLevel = .critical
                return logger
            }())
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var port = 0
        for await bound in ports { port = bound }
        return FixtureServer(port: port, log: log, task: task)
    }

    /// The project's `Fixtures/` folder.
    public static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    private init(port: Int, log: RequestLog, task: Task<Void, any Error>) {
        self.port = port
        self.log = log
        self.task = task
    }

    public func stop() async {
        task.cancel()
        _ = try? await task.value
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
