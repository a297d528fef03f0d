import CScoutNet
import FoundationEssentials
import Glibc
import Synchronization

/// One GET through libcurl (`Sources/CScoutNet`), on a thread of its own, so that a slow server holds no
/// thread of Swift's pool. libcurl is loaded on the first call; a start that asks nothing of the network
/// never loads it. Cancelling the task answers at once; the transfer stops at libcurl's next progress call.
struct HTTPCall: Sendable {
    var url: String
    var proxy: Proxy?
    var network: NetworkSettings
    var headers: [String] = []
    var timeoutMilliseconds = 15_000
    var maxBodyBytes = 8 << 20
    /// How many redirects a request follows (curl's default is 50; 5 is what browsers' loops trip): more is said
    /// as a loop.
    static let redirectLimit = 5
    var maxRedirects = HTTPCall.redirectLimit
    /// Shake hands only, accepting any certificate, and keep the server's (the diagnosis).
    var certificateOnly = false

    enum Outcome: Sendable, Equatable {
        case answered(status: Int)
        /// libcurl's CURLcode, and the system's errno for a failed connection.
        case failed(code: Int, errno: Int32)
        case cancelled
        case noLibrary
    }

    struct Answer: Sendable {
        var outcome: Outcome
        /// The proxy's answer to CONNECT, 0 when there was none.
        var connectStatus = 0
        var tooLarge = false
        var body = Data()
        var retryAfter: String?
        var cacheControl: String?
        var etag: String?
        var lastModified: String?
        /// The server's certificate, "Name:value" a line, when `certificateOnly`.
        var certificate: String?
    }

    /// Why no request can be made: no libcurl on this machine, or none where SCOUT_LIBCURL says.
    static func noLibrary(offlineHelps: Bool) -> String {
        if let named = getenv("SCOUT_LIBCURL").map({ String(cString: $0) }), !named.isEmpty {
            return "SCOUT_LIBCURL names \(SafeText.clean(named)), which is not a libcurl scout can load: name one "
                + "(such as /usr/lib/x86_64-linux-gnu/libcurl.so.4), or unset it"
        }
        return "libcurl, through which scout reaches the network, is not on this machine: install it "
            + "(sudo apt-get install libcurl4)" + (offlineHelps ? ", or try again with --offline" : "")
    }

    init(url: String, proxy: Proxy?, network: NetworkSettings) {
        self.url = url
        self.proxy = proxy
        self.network = network
    }

    func perform() async -> Answer {
        let pending = Pending(self)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard pending.wait(continuation) else { return }
                let context = Unmanaged.passRetained(pending).toOpaque()
                let failed = scout_http_start(
                    pending.request,
                    { context, result in
                        guard let context, let result else { return }
                        Unmanaged<Pending>.fromOpaque(context).takeRetainedValue().finish(Answer(result.pointee))
                    }, context)
                if failed != 0 {
                    Unmanaged<Pending>.fromOpaque(context).release()
                    pending.finish(Answer(outcome: .failed(code: 0, errno: failed)))
                }
            }
        } onCancel: {
            pending.cancel()
        }
    }

    /// The request in C's terms, with the strings it points to, kept until libcurl's thread is done with
    /// them; and the continuation, resumed once, by the thread or by a cancellation, whichever comes first.
    private final class Pending: @unchecked Sendable {
        let request = UnsafeMutablePointer<scout_http_request>.allocate(capacity: 1)
        private let headerList: UnsafeMutablePointer<UnsafePointer<CChar>?>
        private var strings: [UnsafeMutablePointer<CChar>] = []
        private let state = Mutex<(continuation: CheckedContinuation<Answer, Never>?, cancelled: Bool)>((nil, false))

        init(_ call: HTTPCall) {
            request.initialize(to: scout_http_request())
            headerList = .allocate(capacity: max(call.headers.count, 1))
            for (index, header) in call.headers.enumerated() { headerList[index] = UnsafePointer(own(header)) }
            request.pointee.url = UnsafePointer(own(call.url))
            request.pointee.headers = UnsafePointer(headerList)
            request.pointee.header_count = Int32(call.headers.count)
            if let proxy = call.proxy {
                let host = proxy.host.contains(":") ? "[\(proxy.host)]" : proxy.host
                let scheme = proxy.kind == .socks5 ? "socks5h" : "http"
                request.pointee.proxy = UnsafePointer(own("\(scheme)://\(host):\(proxy.port)"))
                request.pointee.proxy_user = proxy.user.map { UnsafePointer(own($0)) }
                request.pointee.proxy_password = proxy.user.map { _ in UnsafePointer(own(proxy.password ?? "")) }
            }
            if call.network.replacesTrust {
                let trust = Trust(call.network)
                request.pointee.replaces_trust = 1
                request.pointee.ca_file = trust.file.map { UnsafePointer(own($0)) }
                request.pointee.ca_path = trust.folder.map { UnsafePointer(own($0)) }
                if !trust.text.isEmpty {
                    request.pointee.ca_text = UnsafePointer(own(trust.text))
                    request.pointee.ca_text_length = trust.text.utf8.count
                }
            }
            request.pointee.timeout_ms = call.timeoutMilliseconds
            request.pointee.connect_timeout_ms = min(10_000, call.timeoutMilliseconds)
            request.pointee.max_body = call.maxBodyBytes
            request.pointee.max_redirects = call.maxRedirects
            request.pointee.certificate_only = call.certificateOnly ? 1 : 0
        }

        deinit {
            for string in strings { free(string) }
            headerList.deallocate()
            request.deallocate()
        }

        private func own(_ text: String) -> UnsafeMutablePointer<CChar> {
            // A string with a NUL in it (which no URL or header scout makes has) is cut there.
            let copy = strdup(text) ?? strdup("")
            guard let copy else { fatalError("out of memory") }
            strings.append(copy)
            return copy
        }

        /// Keeps the continuation; false when the task was already cancelled (it is then resumed).
        func wait(_ continuation: CheckedContinuation<Answer, Never>) -> Bool {
            let cancelled = state.withLock { state in
                if !state.cancelled { state.continuation = continuation }
                return state.cancelled
            }
            if cancelled { continuation.resume(returning: Answer(outcome: .cancelled)) }
            return !cancelled
        }

        func finish(_ answer: Answer) {
            state.withLock { state in
                defer { state.continuation = nil }
                return state.continuation
            }?.resume(returning: answer)
        }

        func cancel() {
            scout_http_cancel(request)
            state.withLock { state in
                state.cancelled = true
                defer { state.continuation = nil }
                return state.continuation
            }?.resume(returning: Answer(outcome: .cancelled))
        }
    }

    /// The certificate authorities when SSL_CERT_FILE or SSL_CERT_DIR replace the system's, by OpenSSL's rule:
    /// SSL_CERT_FILE replaces the bundle, SSL_CERT_DIR the folders. The first folder is read as OpenSSL reads
    /// folders (hashed names); the certificates in the others are added as text.
    struct Trust {
        var file: String?
        var folder: String?
        var text = ""

        init(_ network: NetworkSettings) {
            file = network.caFile ?? HTTPFetcher.systemBundle
            let folders = network.replacesFolders ? network.caDirectories : [HTTPFetcher.systemFolder].compactMap { $0 }
            folder = folders.first
            for other in folders.dropFirst() {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: other)) ?? []
                for name in names.sorted() {
                    guard let data = FileManager.default.contents(atPath: other + "/" + name), data.count < 1 << 20
                    else { continue }
                    let pem = String(decoding: data, as: UTF8.self)
                    if pem.contains("-----BEGIN CERTIFICATE-----") { text += pem + "\n" }
                }
            }
        }
    }
}

extension HTTPCall.Answer {
    init(outcome: HTTPCall.Outcome) { self.outcome = outcome }

    init(_ result: scout_http_result) {
        if result.was_cancelled != 0 {
            outcome = .cancelled
        } else if Int(result.code) == SCOUT_HTTP_NO_LIBCURL {
            outcome = .noLibrary
        } else if result.code == 0 {
            outcome = .answered(status: result.status)
        } else {
            outcome = .failed(code: Int(result.code), errno: Int32(truncatingIfNeeded: result.os_errno))
        }
        connectStatus = result.connect_status
        tooLarge = result.too_large != 0
        if let bytes = result.body { body = Data(bytes: bytes, count: result.body_length) }
        retryAfter = result.retry_after.map { String(cString: $0) }
        cacheControl = result.cache_control.map { String(cString: $0) }
        etag = result.etag.map { String(cString: $0) }
        lastModified = result.last_modified.map { String(cString: $0) }
        certificate = result.certificate.map { String(cString: $0) }
    }
}
