import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A response as scout keeps it: status, the headers it reads, and a body read in full up to a cap.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var retryAfter: String?
    public var body: Data
}

/// Fetches over HTTP with a timeout and a cap on the body, mapping every failure to a `SourceError`.
///
/// The client (and its event loop threads) is created on the first request, not at start-up.
public struct HTTPFetcher: Sendable {
    public var timeout: Duration
    public var maxBodyBytes: Int

    public init(timeout: Duration = .seconds(15), maxBodyBytes: Int = 8 * 1_048_576) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    public func get(_ url: URL) async throws(SourceError) -> HTTPResponse {
        let host = url.host ?? url.absoluteString
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "scout/\(Scout.version)")
        do {
            let deadline = ContinuousClock.now + timeout
            let response = try await Self.client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
            // AsyncHTTPClient's deadline ends with the head; a server that drips its body a byte at a time
            // must not hold scout past the timeout either.
            let (body, maxBodyBytes) = (response.body, maxBodyBytes)
            let data = try await withThrowingTaskGroup(of: Data?.self) { group in
                group.addTask {
                    var data = Data()
                    for try await chunk in body {
                        if data.count + chunk.readableBytes > maxBodyBytes { throw SourceError.tooLarge(limit: maxBodyBytes) }
                        data.append(contentsOf: chunk.readableBytesView)
                    }
                    return data
                }
                group.addTask {
                    try await Task.sleep(until: deadline)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let data = first else {
                    throw SourceError.timedOut(host: host, seconds: Int(timeout.components.seconds))
                }
                return data
            }
            return HTTPResponse(status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"), body: data)
        } catch let error as SourceError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch let error as HTTPClientError where error == .cancelled {
            throw .cancelled
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            throw .timedOut(host: host, seconds: Int(timeout.components.seconds))
        } catch {
            if Task.isCancelled { throw .cancelled }
            throw .unreachable(host: host, reason: Self.reason(error))
        }
    }

    /// One client for the run, made on the first request. AsyncHTTPClient's shared client retries a
    /// refused connection until the deadline; a user waiting on a server that is down should hear at once.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("NXDOMAIN") || text.contains("lookup") || text.contains("resolve") || text.contains("UnknownHost") { return "host not found" }
        if text.contains("remoteConnectionClosed") || text.contains("reset") || text.contains("unexpected time")
            || text.contains("EOF") { return "connection closed mid-answer" }
        if text.contains("timed out") || text.contains("Timeout") { return "no answer in time" }
        if text.contains("unreachable") || text.contains("Unreachable") { return "network unreachable" }
        // A library's own error text means nothing to a user: say what happened in words.
        return "the connection failed"
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// Facts about this build.
public enum Scout {
    public static let version = "0.1.0"
}
