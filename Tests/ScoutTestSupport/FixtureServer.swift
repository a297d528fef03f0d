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
        let log = RequestLog()
        let router = Router()
        for (path, body) in routes {
            router.get(RouterPath(path)) { request, _ -> Response in
                await log.record(request.uri.description)
                return Response(status: HTTPResponse.Status(code: status),
                                headers: [.contentType: "application/json"],
                                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
            }
        }
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

/// The requests a fixture server answered, in order.
public actor RequestLog {
    public private(set) var paths: [String] = []
    func record(_ path: String) { paths.append(path) }
}
