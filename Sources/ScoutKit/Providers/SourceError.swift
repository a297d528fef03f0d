/// Why a source could not answer. Each case reads as one line a user can act on.
public enum SourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server could not be reached at all.
    case timedOut(host: String, seconds: Int)
    /// `offlineHelps`: whether the command can answer from the cache, so that `--offline` is advice that works
    /// (a search can; `check` and `watch` ask the source itself, and refuse `--offline`).
    case unreachable(host: String, reason: String, offlineHelps: Bool = true)
    /// The server sent scout round more redirects than it follows (a loop).
    case redirectLoop(host: String)
    /// No libcurl to reach the network with (`HTTPCall.noLibrary` says what to install).
    case noLibrary(offlineHelps: Bool = true)
    /// The server answered with an HTTP status that is not a success.
    case http(status: Int, url: String)
    /// The answer was not in the shape the source expects.
    case undecodable(what: String, reason: String)
    /// The answer was larger than scout accepts.
    case tooLarge(limit: Int)
    /// The user cancelled the request.
    case cancelled
    /// The service refused the request; the text says why and what to do.
    case rejected(String)
    /// The service asks scout to slow down.
    case throttled(service: String, retryAfter: String?)
    /// The source needs something the user has to supply first.
    case notConfigured(String)
    /// The server's certificate was refused; the reason says why in words.
    case insecure(host: String, reason: String)
    /// The proxy in the way failed; the text names it and says what to do.
    case proxy(String)

    /// The same error from a command that asks the source itself and cannot answer from the cache: its
    /// advice leaves `--offline` out.
    var withoutOfflineAdvice: SourceError {
        switch self {
        case .unreachable(let host, let reason, _): .unreachable(host: host, reason: reason, offlineHelps: false)
        case .noLibrary: .noLibrary(offlineHelps: false)
        default: self
        }
    }

    public var description: String {
        switch self {
        case .timedOut(let host, let seconds):
            return "\(host) did not answer within \(seconds) s: try again later, or allow longer with set timeout"
        case .unreachable(let host, let reason, let offlineHelps):
            return "cannot reach \(host) (\(reason)): check the network or the URL"
                + (offlineHelps ? ", or try again with --offline" : ", or try again later")
        case .redirectLoop(let host):
            return
                "\(host) redirects in a loop (more than \(HTTPCall.redirectLimit) redirects): the server is at fault; "
                + "check the URL, or try again later"
        case .noLibrary(let offlineHelps):
            return HTTPCall.noLibrary(offlineHelps: offlineHelps)
        case .http(let status, let url):
            if status >= 500 { return "\(url) is unavailable (HTTP \(status)): try again later" }
            if status == 404 { return "\(url) was not found (HTTP 404): check the URL" }
            if status == 429 { return "\(url) answered HTTP 429: too many requests, try again later" }
            return "\(url) answered HTTP \(status): check the URL and the key"
        case .undecodable(let what, let reason):
            return "could not read \(what) (\(reason)): the server is not speaking the expected API"
        case .tooLarge(let limit):
            return "the answer was larger than \(limit / 1_048_576) MB and was dropped"
        case .cancelled:
            return "cancelled"
        case .rejected(let message):
            return message
        case .throttled(let service, let retryAfter):
            let wait = retryAfter.flatMap { Int($0) }.map { "in \($0) s" } ?? "in a minute"
            return "\(service) is limiting requests: try again \(wait)"
        case .notConfigured(let message):
            return message
        case .insecure(let host, let reason):
            return "cannot reach \(host) securely: \(reason)"
        case .proxy(let message):
            return message
        }
    }
}
