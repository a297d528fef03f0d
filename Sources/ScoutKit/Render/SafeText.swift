/// Makes untrusted text (from a server or from a file) safe to print on a terminal: control characters
/// become visible instead of acting. C0 controls and DEL are shown in caret notation (`^[`), C1 controls
/// and bidirectional overrides and isolates as `<U+XXXX>`. One pass, linear in the text's length.
public enum SafeText {
    public static func clean(_ text: String) -> String {
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

/// How many terminal cells a text takes: East Asian wide characters and emoji take two, combining
/// marks and zero-width characters none.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let v = scalar.value
        if v == 0x200B || v == 0x200D || (0x0300...0x036F).contains(v) { return 0 }
        if character.unicodeScalars.count > 1 && scalar.properties.isEmojiPresentation { return 2 }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `width` cells, ending in `…` when cut.
    /// Prose broken at spaces into lines of at most `width` cells, each line after the first indented by
    /// `indent` spaces; a word longer than a line is cut with … rather than split.
    public static func wrap(_ text: String, to width: Int, indent: Int = 0) -> [String] {
        guard of(text) > width else { return [text] }
        let lead = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var line = lead
        var lineWidth = of(lead)
        let pad = String(repeating: " ", count: max(0, min(indent, width / 2)))
        for word in text.dropFirst(lead.count).split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = of(String(word))
            let atStart = lineWidth == 0 || line == lead || line == pad
            if !atStart, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = pad
                lineWidth = pad.count
            }
            let startsLine = line == lead || line == pad
            let piece = startsLine ? String(word) : " " + word
            line += piece
            lineWidth += of(piece)
        }
        lines.append(line)
        return lines.map { of($0) > width ? truncate($0, to: width) : $0 }
    }

    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// `text` cut or padded with spaces to exactly `width` cells.
    public static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let cut = truncate(text, to: width)
        let fill = String(repeating: " ", count: max(0, width - of(cut)))
        return right ? fill + cut : cut + fill
    }
}
