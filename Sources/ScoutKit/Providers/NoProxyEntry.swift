/// One entry of `no_proxy`.
public struct NoProxyEntry: Sendable, Hashable {
    enum Pattern: Sendable, Hashable {
        case everything
        case name(String)
        case range(network: UInt32, bits: Int)
    }
    var pattern: Pattern
    var port: Int?

    init?(_ text: String) {
        var text = text.trimmedSpaces().lowercased()
        if text.isEmpty { return nil }
        if text == "*" {
            pattern = .everything
            port = nil
            return
        }
        port = nil
        // HOST:PORT, [IPv6]:PORT; a bare IPv6 address has several colons and no port.
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":") { port = Int(rest.dropFirst()) }
            text = String(text[text.index(after: text.startIndex)..<close])
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            port = Int(text[text.index(after: colon)...])
            text = String(text[..<colon])
        }
        if let slash = text.firstIndex(of: "/"), let network = IPv4(String(text[..<slash])),
            let bits = Int(text[text.index(after: slash)...]), (0...32).contains(bits)
        {
            pattern = .range(network: network, bits: bits)
            return
        }
        while text.hasPrefix("*.") || text.hasPrefix(".") { text.removeFirst(text.hasPrefix(".") ? 1 : 2) }
        if text.isEmpty { return nil }
        pattern = .name(text)
    }

    func matches(host: String, port: Int) -> Bool {
        if let wanted = self.port, wanted != port { return false }
        let host = host.trimming("[]")
        switch pattern {
        case .everything: return true
        case .name(let name): return host == name || host.hasSuffix("." + name)
        case .range(let network, let bits):
            guard let address = IPv4(host) else { return false }
            let mask: UInt32 = bits == 0 ? 0 : ~UInt32(0) << UInt32(32 - bits)
            return address & mask == network & mask
        }
    }
}
