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
        // Printable ASCII, most text, is checked a byte at a time.
        let printable = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
        if text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(printable) }) ?? text.utf8.allSatisfy(printable) {
            return text
        }
        if !text.unicodeScalars.contains(where: needsEscape) { return text }
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
