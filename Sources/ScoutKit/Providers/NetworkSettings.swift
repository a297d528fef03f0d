import FoundationEssentials

/// How scout reaches the network, read from the environment as curl and the OpenSSL-based tools read it:
/// the proxy variables and the certificate authorities to trust.
///
/// - `http_proxy` (lower case only, as curl since the httpoxy advisory: a CGI program can be handed
///   `HTTP_PROXY` by a request header) for `http://` URLs; `https_proxy` or `HTTPS_PROXY` for `https://`;
///   `all_proxy` or `ALL_PROXY` for either when its own is unset. A value is `[SCHEME://][USER:PASSWORD@]HOST[:PORT]`
///   with scheme `http` (the default) or `socks5`/`socks5h`; without a port, 1080 (curl's rule). Empty: no proxy.
/// - `no_proxy` or `NO_PROXY`: comma-separated host names, each matching itself and every name under it
///   (a leading `.` or `*.` is the same), `HOST:PORT` for one port only, IP addresses and IPv4 ranges
///   (`10.0.0.0/8`), or `*` for every host.
/// - Loopback (`localhost`, `*.localhost`, `127.0.0.0/8`, `::1`) never goes through a proxy.
/// - `SSL_CERT_FILE` (a PEM bundle) and `SSL_CERT_DIR` (colon-separated folders of hashed certificates)
///   replace the system's bundle and folder respectively, as in OpenSSL.
public struct NetworkSettings: Sendable, Hashable {
    public var httpProxy: Proxy?
    public var httpsProxy: Proxy?
    public var noProxy: [NoProxyEntry] = []
    public var caFile: String?
    /// The folders of `SSL_CERT_DIR` that exist (OpenSSL passes over the others).
    public var caDirectories: [String] = []
    /// Whether `SSL_CERT_DIR` is set, so that the system's folder is not read even when none of its folders exist.
    public var replacesFolders = false
    /// The first variable that is set to something scout cannot use, with the line that says so.
    public var problem: String?

    public init() {}

    public init(environment: [String: String]) {
        func value(_ names: String...) -> (name: String, text: String)? {
            for name in names { if let text = environment[name] { return (name, text) } }
            return nil
        }
        func proxy(_ names: String...) -> Proxy? {
            for name in names {
                guard let text = environment[name] else { continue }
                if text.trimmedSpaces().isEmpty { return nil } // set and empty: no proxy
                switch Proxy.parse(text, variable: name) {
                case .success(let proxy): return proxy
                case .failure(let problem):
                    self.problem = self.problem ?? problem.message
                    return nil
                }
            }
            return nil
        }
        httpProxy = proxy("http_proxy", "all_proxy", "ALL_PROXY")
        httpsProxy = proxy("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")
        if let list = value("no_proxy", "NO_PROXY") {
            noProxy = list.text.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap {
                NoProxyEntry(String($0))
            }
        }
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty {
            caFile = file
            if !FileManager.default.isReadableFile(atPath: file) {
                problem =
                    problem
                    ?? "SSL_CERT_FILE names \(file), which cannot be read: name a PEM file of trusted certificates, or "
                    + "unset it"
            }
        }
        if let folders = environment["SSL_CERT_DIR"], !folders.isEmpty {
            // As OpenSSL reads it: a folder that is not there is passed over, not an error.
            replacesFolders = true
            caDirectories = folders.split(separator: ":").map(String.init).filter { folder in
                var isFolder = false
                return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder
            }
        }
    }

    /// The proxy a request to `url` goes through; nil to go straight there.
    public func proxy(for url: URL) -> Proxy? {
        let secure = url.scheme?.lowercased() == "https"
        guard let proxy = secure ? httpsProxy : httpProxy, let host = url.host?.lowercased() else { return nil }
        if Self.isLoopback(host) { return nil }
        let port = url.port ?? (secure ? 443 : 80)
        if noProxy.contains(where: { $0.matches(host: host, port: port) }) { return nil }
        return proxy
    }

    /// Whether a trust setting replaces the system's certificate authorities.
    var replacesTrust: Bool { caFile != nil || replacesFolders }

    static func isLoopback(_ host: String) -> Bool {
        let host = host.trimming("[]")
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" { return true }
        if let address = IPv4(host) { return address >> 24 == 127 }
        return false
    }
}

/// A dotted IPv4 address as a number; nil for anything else.
func IPv4(_ text: String) -> UInt32? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    var value: UInt32 = 0
    for part in parts {
        guard part.count <= 3, let byte = UInt8(part) else { return nil }
        value = value << 8 | UInt32(byte)
    }
    return value
}
