import CScoutNet
import FoundationEssentials
import Glibc

/// Fetches over HTTP with a timeout and a cap on the body, mapping every failure to a `SourceError`.
///
/// The requests go through libcurl, which is loaded on the first request, not at start-up (`HTTPCall`).
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

    /// The answer at `url`; `headers` go with the request beside `Accept` and `User-Agent`.
    public func get(_ url: URL, headers: [String] = []) async throws(SourceError) -> HTTPResponse {
        let host = url.host ?? url.absoluteString
        if let problem = network.problem { throw .notConfigured(problem) }
        let proxy = network.proxy(for: url)
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        let seconds = Int(timeout.components.seconds)
        var call = HTTPCall(url: url.absoluteString, proxy: proxy, network: network)
        call.headers = ["Accept: \(accept)", "User-Agent: scout/\(Scout.version)"] + headers
        call.timeoutMilliseconds = Int(timeout.nanoseconds / 1_000_000)
        call.maxBodyBytes = maxBodyBytes
        let answer = await call.perform()
        switch answer.outcome {
        case .cancelled:
            throw .cancelled
        case .noLibrary:
            throw .noLibrary()
        case .failed(let code, let errno):
            if answer.tooLarge { throw .tooLarge(limit: maxBodyBytes) }
            if code == SCOUT_CURLE_OPERATION_TIMEDOUT { throw .timedOut(host: host, seconds: seconds) }
            if code == SCOUT_CURLE_SSL_CACERT_BADFILE, network.replacesTrust {
                let named =
                    network.caFile.map { "SSL_CERT_FILE names \($0)" }
                    ?? "SSL_CERT_DIR names \(network.caDirectories.joined(separator: ":"))"
                throw .notConfigured(
                    "\(named), which holds no certificates scout can read: name PEM certificates, or unset it")
            }
            if code == SCOUT_CURLE_PEER_FAILED_VERIFICATION {
                throw .insecure(
                    host: host,
                    reason: await TLSDiagnosis.reason(host: host, port: port, proxy: proxy, network: network))
            }
            if let proxy {
                throw .proxy(
                    Self.proxyProblem(
                        code: code, errno: errno, connectStatus: answer.connectStatus, proxy: proxy,
                        target: "\(host):\(port)"))
            }
            if code == SCOUT_CURLE_TOO_MANY_REDIRECTS { throw .redirectLoop(host: host) }
            throw .unreachable(host: host, reason: Self.reason(code: code, errno: errno))
        case .answered(let status):
            if let proxy, proxy.kind == .http, url.scheme?.lowercased() == "http" {
                if status == 407 { throw SourceError.proxy(Self.passwordProblem(proxy)) }
                if [403, 502, 504].contains(status) {
                    // The proxy's own refusal or gateway failure reads the same as the server's: say both.
                    throw SourceError.proxy(
                        "\(host) answered HTTP \(status) through the proxy \(proxy) named by \(proxy.variable), "
                            + "which may have refused it: ask the proxy's administrator, or add the host to no_proxy")
                }
            }
            return HTTPResponse(
                status: status, retryAfter: answer.retryAfter, cacheControl: answer.cacheControl, etag: answer.etag,
                lastModified: answer.lastModified, body: answer.body)
        }
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
    static func proxyProblem(code: Int, errno: Int32, connectStatus: Int, proxy: Proxy, target: String) -> String {
        let named = "the proxy \(proxy) named by \(proxy.variable)"
        let refused = "\(named) refused to connect to \(target): ask its administrator, or add the host to no_proxy"
        if connectStatus == 407 { return passwordProblem(proxy) }
        // The proxy answered CONNECT with a refusal, or a SOCKS proxy refused to connect.
        if connectStatus >= 300 || (code == SCOUT_CURLE_PROXY && proxy.kind == .socks5) { return refused }
        let reason =
            code == SCOUT_CURLE_COULDNT_RESOLVE_PROXY ? "host not found" : Self.reason(code: code, errno: errno)
        return "cannot reach \(named) (\(reason)): check \(proxy.variable), or unset it to connect directly"
    }

    /// What went wrong, in words: libcurl's own error text means nothing to a user.
    static func reason(code: Int, errno: Int32) -> String {
        switch code {
        case SCOUT_CURLE_COULDNT_RESOLVE_HOST, SCOUT_CURLE_COULDNT_RESOLVE_PROXY: return "host not found"
        case SCOUT_CURLE_COULDNT_CONNECT:
            switch errno {
            case ENETUNREACH, EHOSTUNREACH: return "network unreachable"
            case ECONNREFUSED: return "connection refused"
            default: return "the connection failed"
            }
        case SCOUT_CURLE_PARTIAL_FILE, SCOUT_CURLE_GOT_NOTHING, SCOUT_CURLE_SEND_ERROR, SCOUT_CURLE_RECV_ERROR:
            return "connection closed mid-answer"
        case SCOUT_CURLE_OPERATION_TIMEDOUT: return "no answer in time"
        default: return "the connection failed"
        }
    }

    static let systemBundle = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt"]
        .first { FileManager.default.fileExists(atPath: $0) }
    static let systemFolder = ["/etc/ssl/certs"].first { FileManager.default.fileExists(atPath: $0) }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
