import FoundationEssentials

/// A proxy as a proxy variable names it.
public struct Proxy: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable { case http, socks5 }
    public var kind: Kind
    public var host: String
    public var port: Int
    public var user: String?
    public var password: String?
    /// The variable that named it, for messages.
    public var variable: String

    /// `HOST:PORT` (never the password), as messages show it.
    public var description: String { "\(host):\(port)" }

    struct Problem: Error { var message: String }

    static func parse(_ text: String, variable: String) -> Result<Proxy, Problem> {
        let trimmed = text.trimmedSpaces()
        let withScheme = trimmed.contains("://") ? trimmed : "http://" + trimmed
        guard let components = URLComponents(string: withScheme), let host = components.host, !host.isEmpty else {
            return .failure(
                Problem(
                    message:
                        "\(variable) is not a proxy address (\"\(text.prefix(60))\"): set it to one such as "
                        + "http://proxy.example:3128, or unset it"
                ))
        }
        let kind: Kind
        switch components.scheme?.lowercased() {
        case "http": kind = .http
        case "socks5", "socks5h": kind = .socks5
        case let other:
            return .failure(
                Problem(
                    message:
                        "\(variable) names a \(other ?? "unknown")://… proxy, which scout cannot use: name an http:// "
                        + "or socks5:// proxy"
                ))
        }
        if let port = components.port, !(1...65_535).contains(port) {
            return .failure(
                Problem(
                    message:
                        "\(variable) names port \(port), which no proxy can have (1 to 65535): set it to one such as "
                        + "http://proxy.example:3128, or unset it"
                ))
        }
        return .success(
            Proxy(
                kind: kind, host: host.trimming("[]"),
                port: components.port ?? 1080,
                user: components.user, password: components.password, variable: variable))
    }
}
