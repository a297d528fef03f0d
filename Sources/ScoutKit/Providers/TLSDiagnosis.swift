import FoundationEssentials

/// Why a server's certificate was refused, in words a user can act on.
///
/// libcurl says only that the certificate could not be verified. After such a failure scout shakes hands
/// once more, through the same proxy, accepting any certificate, reads the one the server shows, and says
/// what is wrong with it: expired, not yet valid, for another name, or not signed by a trusted authority.
enum TLSDiagnosis {
    static func reason(host: String, port: Int, proxy: Proxy?, network: NetworkSettings, now: Date = Date()) async
        -> String
    {
        let untrusted =
            HTTPFetcher.systemBundle == nil && HTTPFetcher.systemFolder == nil
            ? "this machine has no certificate authorities to check it with: install them (sudo apt-get install "
                + "ca-certificates)"
            : "its certificate is not signed by an authority this machine trusts: if you trust it, name the "
                + "authority's certificate in SSL_CERT_FILE"
        let address = host.contains(":") ? "[\(host)]" : host
        var call = HTTPCall(url: "https://\(address):\(port)/", proxy: proxy, network: network)
        call.certificateOnly = true
        call.timeoutMilliseconds = 5_000
        guard let leaf = await call.perform().certificate.map(Certificate.init) else { return untrusted }
        func day(_ date: Date) -> String { String(ISODate.string(date).prefix(10)) }
        if let notAfter = leaf.notAfter, notAfter < now {
            return
                "its certificate expired on \(day(notAfter)): the server must renew it (or this machine's "
                + "clock is wrong)"
        }
        if let notBefore = leaf.notBefore, notBefore > now {
            return "its certificate is not valid until \(day(notBefore)): check this machine's clock"
        }
        if !leaf.names.isEmpty, !leaf.names.contains(where: { Self.name($0, matches: host) }) {
            let shown = leaf.names.prefix(3).joined(separator: ", ") + (leaf.names.count > 3 ? " …" : "")
            return "its certificate is for \(SafeText.clean(shown)), not \(host): check the URL"
        }
        return untrusted
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

    /// What the diagnosis reads of a certificate, from libcurl's fields ("Name:value" a line).
    struct Certificate: Equatable {
        var notBefore: Date?
        var notAfter: Date?
        /// The DNS names and IP addresses it is for.
        var names: [String] = []

        init(_ fields: String) {
            for line in fields.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let value = String(line[line.index(after: colon)...])
                switch line[..<colon] {
                case "Start date": notBefore = Self.date(value)
                case "Expire date": notAfter = Self.date(value)
                case "X509v3 Subject Alternative Name":
                    names = value.split(separator: ",").compactMap { entry in
                        let entry = entry.trimmedSpaces()
                        if entry.hasPrefix("DNS:") { return entry.dropFirst(4).lowercased() }
                        if entry.hasPrefix("IP Address:") { return String(entry.dropFirst(11)) }
                        return nil
                    }
                default: break
                }
            }
        }

        /// OpenSSL's `Feb  1 00:00:00 2020 GMT`, or `2020-02-01 00:00:00 GMT` as libcurl's other back-ends write it.
        static func date(_ text: String) -> Date? {
            let parts = text.split(separator: " ")
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let iso: String
            if parts.count == 5, let month = months.firstIndex(of: String(parts[0])), let day = Int(parts[1]),
                parts[3].count == 4
            {
                iso = "\(parts[3])-\(String(month + 1).leftPadded(to: 2))-\(String(day).leftPadded(to: 2))T\(parts[2])Z"
            } else if parts.count >= 2 {
                iso = "\(parts[0])T\(parts[1])Z"
            } else {
                return nil
            }
            return ISODate.date(iso)
        }
    }
}
