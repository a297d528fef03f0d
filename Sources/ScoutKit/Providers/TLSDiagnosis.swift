import Foundation
import NIOCore
import NIOEmbedded
import NIOSSL

/// Why a server's certificate was refused, in words a user can act on.
///
/// BoringSSL says only "CERTIFICATE_VERIFY_FAILED". After such a failure scout shakes hands once more,
/// through the same proxy, accepting any certificate, reads the one the server shows, and says what is
/// wrong with it: expired, not yet valid, for another name, or not signed by a trusted authority.
enum TLSDiagnosis {
    static func reason(host: String, port: Int, proxy: Proxy?, now: Date = Date()) -> String {
        let untrusted =
            HTTPFetcher.systemBundle == nil && HTTPFetcher.systemFolder == nil
            ? "this machine has no certificate authorities to check it with: install them (sudo apt-get install "
                + "ca-certificates)"
            : "its certificate is not signed by an authority this machine trusts: if you trust it, name the "
                + "authority's certificate in SSL_CERT_FILE"
        guard let leaf = peerCertificates(host: host, port: port, proxy: proxy)?.first else { return untrusted }
        let day = DateFormatter()
        day.dateFormat = "yyyy-MM-dd"
        day.timeZone = TimeZone(identifier: "UTC")
        day.locale = Locale(identifier: "en_US_POSIX")
        let notAfter = Date(timeIntervalSince1970: TimeInterval(leaf.notValidAfter))
        let notBefore = Date(timeIntervalSince1970: TimeInterval(leaf.notValidBefore))
        if notAfter < now {
            return
                "its certificate expired on \(day.string(from: notAfter)): the server must renew it (or this machine's "
                + "clock is wrong)"
        }
        if notBefore > now {
            return "its certificate is not valid until \(day.string(from: notBefore)): check this machine's clock"
        }
        let names = Self.names(leaf)
        if !names.isEmpty, !names.contains(where: { Self.name($0, matches: host) }) {
            let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " …" : "")
            return "its certificate is for \(SafeText.clean(shown)), not \(host): check the URL"
        }
        return untrusted
    }

    /// The DNS names and IP addresses a certificate is for.
    static func names(_ certificate: NIOSSLCertificate) -> [String] {
        certificate._subjectAlternativeNames().compactMap { name in
            let bytes = Array(name.contents)
            switch name.nameType {
            case .dnsName: return String(decoding: bytes, as: UTF8.self).lowercased()
            case .ipAddress where bytes.count == 4: return bytes.map(String.init).joined(separator: ".")
            default: return nil
            }
        }
    }

    /// Whether a certificate name (perhaps `*.example.com`, one label wide) covers `host`.
    static func name(_ pattern: String, matches host: String) -> Bool {
        let host = host.lowercased()
        if pattern.hasPrefix("*.") {
            guard let dot = host.firstIndex(of: ".") else { return false }
            return host[dot...] == pattern.dropFirst()
        }
        return pattern == host
    }

    /// The certificates `host` shows in a handshake that accepts any, over a blocking socket (through an
    /// HTTP proxy's CONNECT when there is one), at most 5 s; nil when there was no handshake to read.
    static func peerCertificates(host: String, port: Int, proxy: Proxy?) -> [NIOSSLCertificate]? {
        if proxy?.kind == .socks5 { return nil }
        guard let socket = BlockingSocket(host: proxy?.host ?? host, port: proxy?.port ?? port, timeout: 5) else {
            return nil
        }
        defer { socket.close() }
        if let proxy {
            var request = "CONNECT \(host):\(port) HTTP/1.1\r\nHost: \(host):\(port)\r\n"
            if let user = proxy.user {
                request +=
                    "Proxy-Authorization: Basic "
                    + "\(Data("\(user):\(proxy.password ?? "")".utf8).base64EncodedString())\r\n"
            }
            guard socket.send(Array((request + "\r\n").utf8)) else { return nil }
            var head: [UInt8] = []
            while !head.ends(with: Array("\r\n\r\n".utf8)) {
                guard head.count < 16_384, let byte = socket.receive(max: 1)?.first else { return nil }
                head.append(byte)
            }
            guard String(decoding: head.prefix(16), as: UTF8.self).split(separator: " ").dropFirst().first == "200"
            else { return nil }
        }
        final class Seen { var chain: [NIOSSLCertificate]? }
        let seen = Seen()
        let channel = EmbeddedChannel()
        let serverName = IPv4(host) == nil && !host.contains(":") ? host : nil
        guard let context = try? NIOSSLContext(configuration: .makeClientConfiguration()),
            let handler = try? NIOSSLClientHandler(
                context: context, serverHostname: serverName,
                customVerificationCallback: { chain, promise in
                    seen.chain = chain
                    promise.succeed(.failed)
                }),
            (try? channel.pipeline.syncOperations.addHandler(handler)) != nil,
            let address = try? SocketAddress(ipAddress: "127.0.0.1", port: 1)
        else { return nil }
        _ = channel.connect(to: address) // an embedded channel connects at once: the client hello is written
        for _ in 0..<64 where seen.chain == nil {
            while let out = try? channel.readOutbound(as: ByteBuffer.self) {
                guard socket.send(Array(out.readableBytesView)) else { return seen.chain }
            }
            guard let bytes = socket.receive(max: 16_384), !bytes.isEmpty else { break }
            _ = try? channel.writeInbound(ByteBuffer(bytes: bytes))
        }
        _ = try? channel.finish()
        return seen.chain
    }
}

/// A TCP connection with blocking reads and writes and a timeout, for the diagnosis only.
private struct BlockingSocket {
    let fd: Int32

    init?(host: String, port: Int, timeout: Int) {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry?.pointee {
            let fd = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
            if fd >= 0 {
                var limit = timeval(tv_sec: timeout, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                if connect(fd, info.ai_addr, info.ai_addrlen) == 0 {
                    self.fd = fd
                    return
                }
                Foundation.close(fd)
            }
            entry = info.ai_next
        }
        return nil
    }

    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Foundation.send(fd, $0.baseAddress?.advanced(by: offset), bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    func receive(max: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: max)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, max, 0) }
        return count < 0 ? nil : Array(buffer.prefix(count))
    }

    func close() { Foundation.close(fd) }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
