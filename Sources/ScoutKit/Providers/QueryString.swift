import FoundationEssentials

/// A URL's query from names and values, each percent-encoded but for RFC 3986's unreserved characters
/// (letters, digits, `-._~`): `term=taylor%20swift&limit=50`.
///
/// `URLComponents.queryItems` left a `+` as it is, which a server reads as a space (`search c++` asked for
/// `c  `), and an OMDb key holding `+`, `&` or `=` went out wrong and into the cache's keys.
enum QueryString {
    static func make(_ items: [(name: String, value: String)]) -> String {
        var out: [UInt8] = []
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(0x26) } // &
            encode(item.name, into: &out)
            out.append(0x3D) // =
            encode(item.value, into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func encode(_ text: String, into out: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: out.append(byte)
            default: out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
    }
}
