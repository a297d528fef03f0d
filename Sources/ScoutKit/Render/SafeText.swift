#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes untrusted text (from a server or from a file) safe to print on a terminal: control characters
/// become visible instead of acting. C0 controls and DEL are shown in caret notation (`^[`), C1 controls
/// and bidirectional overrides and isolates as `<U+XXXX>`. One pass, linear in the text's length.
public enum SafeText {
    public static func clean(_ text: String) -> String {
        // Text that needs nothing, most text, is told by its bytes, without decoding a code point.
        if text.utf8.withContiguousStorageIfAvailable(isSafe) ?? text.unicodeScalars.allSatisfy({ !needsEscape($0) }) {
            return text
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || v == 0x7F {
                out.append("^")
                out.append(Unicode.Scalar(UInt8(v == 0x7F ? 0x3F : v + 0x40)))
            } else if needsEscape(scalar) {
                out.append(contentsOf: "<U+\(String(v, radix: 16, uppercase: true).leftPadded(to: 4))>".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether valid UTF-8 holds no code point `needsEscape` names: C0 and DEL as bytes, C1 as C2 80–9F, the
    /// overrides and isolates (U+202A–202E, U+2066–2069) as E2 80 AA–AE and E2 81 A6–A9.
    static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20, byte < 0x7F {
                index += 1
                continue
            }
            if byte < 0x80 { return false }
            if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] <= 0x9F { return false }
            if byte == 0xE2, index + 2 < bytes.count {
                let (second, third) = (bytes[index + 1], bytes[index + 2])
                if second == 0x80, (0xAA...0xAE).contains(third) { return false }
                if second == 0x81, (0xA6...0xA9).contains(third) { return false }
            }
            index += 1
        }
        return true
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
