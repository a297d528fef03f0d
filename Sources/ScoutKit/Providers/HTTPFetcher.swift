import AsyncHTTPClient
import FoundationEssentials
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOSSL

/// Fetches over HTTP with a timeout and a cap on the body, mapping every failure to a `SourceError`.
///
/// The client (and its event loop threads) is created on the first request, not at start-up.
public struct HTTPFetcher: Sendable {
    public var timeout: Duration
    public var maxBodyBytes: Int
    /// Proxies and certificate authorities, from the environment.
    public var network: NetworkSettings
    /// What the request accepts: JSON from the sources, images for artwork.
    public var accept = "application/json"

    public init(
        timeout: Duration = .seconds(15), maxBodyBytes: Int = 8 * 1_048_576,
        network: NetworkSettings = NetworkSettings()
    ) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.network = network
    }

    public func get(_ url: URL) async throws(SourceError) -> HTTPResponse {
        let host = url.host ?? url.absoluteString
        if let problem = network.problem { throw .notConfigured(problem) }
        let proxy = network.proxy(for: url)
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: accept)
        request.headers.add(name: "User-Agent", value: "scout/\(Scout.version)")
        let deadline = ContinuousClock.now + timeout
        let seconds = Int(timeout.components.seconds)
        let maxBodyBytes = maxBodyBytes
        do {
            if let proxy, proxy.kind == .http, url.scheme?.lowercased() == "http" {
                let headers = request.headers.map { ($0.name, $0.value) }
                let response = try await Self.before(deadline, host: host, seconds: seconds) {
                    try await ProxiedGet.get(url, through: proxy, headers: headers, maxBodyBytes: maxBodyBytes)
                }
                if response.status == 407 { throw SourceError.proxy(Self.passwordProblem(proxy)) }
                if [403, 502, 504].contains(response.status) {
                    // The proxy's own refusal or gateway failure reads the same as the server's: say both.
                    throw SourceError.proxy(
                        "\(host) answered HTTP \(response.status) through the proxy \(proxy) named by "
                            + "\(proxy.variable), "
                            + "which may have refused it: ask the proxy's administrator, or add the host to no_proxy")
                }
                return response
            }
            let response = try await Self.client(proxy: proxy, network: network).execute(
                request, timeout: .nanoseconds(timeout.nanoseconds))
            // AsyncHTTPClient's deadline ends with the head; a server that drips its body a byte at a time
            // must not hold scout past the timeout either.
            let body = response.body
            let data = try await Self.before(deadline, host: host, seconds: seconds) {
                var data = Data()
                for try await chunk in body {
                    if data.count + chunk.readableBytes > maxBodyBytes {
                        throw SourceError.tooLarge(limit: maxBodyBytes)
                    }
                    data.append(contentsOf: chunk.readableBytesView)
                }
                return data
            }
            return HTTPResponse(
                status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"),
                cacheControl: response.headers[canonicalForm: "Cache-Control"].joined(separator: ","), body: data)
        } catch let error as SourceError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch let error as HTTPClientError where error == .cancelled {
            throw .cancelled
        } catch let error as HTTPClientError
            where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout
        {
            throw .timedOut(host: host, seconds: seconds)
        } catch {
            if Task.isCancelled { throw .cancelled }
            let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
            if network.replacesTrust, error as? NIOSSLError == .failedToLoadCertificate || error is BoringSSLError {
                let named =
                    network.caFile.map { "SSL_CERT_FILE names \($0)" }
                    ?? "SSL_CERT_DIR names \(network.caDirectories.joined(separator: ":"))"
                throw .notConfigured(
                    "\(named), which holds no certificates scout can read: name PEM certificates, or unset it")
            }
            if Self.isCertificateFailure(error) {
                throw .insecure(host: host, reason: TLSDiagnosis.reason(host: host, port: port, proxy: proxy))
            }
            if let proxy { throw .proxy(Self.proxyProblem(error, proxy: proxy, target: "\(host):\(port)")) }
            throw .unreachable(host: host, reason: Self.reason(error))
        }
    }

    /// `work`'s value, or `timedOut` when the deadline comes first (the work is then cancelled).
    static func before<T: Sendable>(
        _ deadline: ContinuousClock.Instant, host: String, seconds: Int,
        _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(until: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw SourceError.timedOut(host: host, seconds: seconds)
            }
            return value
        }
    }

    /// One client for each way out (straight, or through each proxy), made on the first request that
    /// goes that way. AsyncHTTPClient's shared client retries a refused connection until the deadline; a
    /// user waiting on a server that is down should hear at once.
    static func client(proxy: Proxy?, network: NetworkSettings) -> HTTPClient {
        clients.withLockedValue { clients in
            if let client = clients[proxy] { return client }
            var configuration = HTTPClient.Configuration.singletonConfiguration
            configuration.connectionPool.retryConnectionEstablishment = false
            // `check` asks every watched search's first page at once: 10 watches at 100 ms a request take 0.3 s
            // with a connection each, and 0.43 s behind AsyncHTTPClient's default of 8 to a host.
            configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 16
            switch proxy?.kind {
            case .http?:
                let authorization = proxy?.user.map {
                    HTTPClient.Authorization.basic(username: $0, password: proxy?.password ?? "")
                }
                configuration.proxy = proxy.map { .server(host: $0.host, port: $0.port, authorization: authorization) }
            case .socks5?:
                configuration.proxy = proxy.map { .socksServer(host: $0.host, port: $0.port) }
            case nil:
                break
            }
            if network.replacesTrust {
                // OpenSSL's rule: SSL_CERT_FILE replaces the system's bundle, SSL_CERT_DIR its folders.
                // NIOSSL takes one folder as the trust root; a bundle, or another folder's files, are added.
                let folders = network.replacesFolders ? network.caDirectories : [Self.systemFolder].compactMap { $0 }
                let bundle = network.caFile ?? Self.systemBundle
                var tls = TLSConfiguration.makeClientConfiguration()
                if let folder = folders.first {
                    tls.trustRoots = .file(folder)
                    tls.additionalTrustRoots = bundle.map { [.file($0)] } ?? []
                } else if let bundle {
                    tls.trustRoots = .file(bundle)
                }
                for folder in folders.dropFirst() {
                    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                    let certificates = files.sorted().flatMap {
                        (try? NIOSSLCertificate.fromPEMFile(folder + "/" + $0)) ?? []
                    }
                    if !certificates.isEmpty { tls.additionalTrustRoots.append(.certificates(certificates)) }
                }
                configuration.tlsConfiguration = tls
            }
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            clients[proxy] = client
            return client
        }
    }

    private static let clients = NIOLockedValueBox<[Proxy?: HTTPClient]>([:])
    static let systemBundle = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt"]
        .first { FileManager.default.fileExists(atPath: $0) }
    static let systemFolder = ["/etc/ssl/certs"].first { FileManager.default.fileExists(atPath: $0) }

    /// Whether the handshake failed over the server's certificate (rather than the connection).
    static func isCertificateFailure(_ error: any Error) -> Bool {
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname { return true }
        if let error = error as? NIOSSLError, case .handshakeFailed(let reason) = error {
            return String(describing: reason).contains("CERTIFICATE_VERIFY_FAILED")
        }
        return false
    }

    /// A proxy that asked for a password (HTTP 407): none was given, or the one given was refused.
    static func passwordProblem(_ proxy: Proxy) -> String {
        let named = "the proxy \(proxy) named by \(proxy.variable)"
        return proxy.user == nil
            ? "\(named) asks for a user name and password: put them in \(proxy.variable) as "
                + "http://USER:PASSWORD@\(proxy)"
            : "\(named) refused the user name and password in \(proxy.variable): check them"
    }

    /// A failure on the way through a proxy, said as the proxy's.
    static func proxyProblem(_ error: any Error, proxy: Proxy, target: String) -> String {
        let named = "the proxy \(proxy) named by \(proxy.variable)"
        if let error = error as? HTTPClientError {
            if error == .proxyAuthenticationRequired { return passwordProblem(proxy) }
            if error == .invalidProxyResponse {
                return "\(named) refused to connect to \(target): ask its administrator, or add the host to no_proxy"
            }
        }
        let reason = Self.reason(error)
        if reason == "the connection failed" && proxy.kind == .socks5 {
            return "\(named) refused to connect to \(target): ask its administrator, or add the host to no_proxy"
        }
        return "cannot reach \(named) (\(reason)): check \(proxy.variable), or unset it to connect directly"
    }

    static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("NXDOMAIN") || text.contains("lookup") || text.contains("resolve")
            || text.contains("UnknownHost")
        {
            return "host not found"
        }
        if text.contains("remoteConnectionClosed") || text.contains("reset") || text.contains("unexpected time")
            || text.contains("EOF")
        {
            return "connection closed mid-answer"
        }
        if text.contains("timed out") || text.contains("Timeout") { return "no answer in time" }
        if text.contains("unreachable") || text.contains("Unreachable") { return "network unreachable" }
        if text.contains("redirectCycleDetected") || text.contains("redirectLimitReached") {
            return "it redirects in a loop"
        }
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
