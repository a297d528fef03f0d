@_spi(_Unicode) import Swift

/// The picker's folding, as Unicode scalars: canonical decomposition with the combining marks dropped
/// (`é` is `e`), full-width forms as their ASCII (`ｆ` is `f`, the ideographic space a space), and, unless
/// `keepCase`, lower case. ASCII text, most of what the picker sees, takes a byte loop and no table.
/// `Text.fold`, which `history search` uses, is this with case dropped and runs of spaces joined.
enum PickerFold {
    static func scalars(_ text: String, keepCase: Bool, keepMarks: Bool = false) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(text.utf8.count)
        append(text, keepCase: keepCase, keepMarks: keepMarks, to: &out)
        return out
    }

    /// `keepMarks` leaves accented letters as they are (a query that has one matches them, as in fzf).
    static func append(_ text: String, keepCase: Bool, keepMarks: Bool = false, to out: inout [UInt32]) {
        var text = text
        let done: Bool? = text.withUTF8 { bytes in
            for byte in bytes where byte >= 0x80 { return false }
            for byte in bytes { out.append(UInt32(!keepCase && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)) }
            return true
        }
        if done == true { return }
        for original in text.unicodeScalars {
            // Only letters that carry a mark decompose (Latin, Greek, Cyrillic, Vietnamese); the rest, CJK
            // among them, are taken as they are, without a look-up.
            let value = original.value
            if keepMarks {
                fold(value, keepCase: keepCase, keepMarks: true, to: &out)
            } else if (0xC0...0x4FF).contains(value) || (0x1E00...0x1FFF).contains(value) {
                for scalar in String(original)._nfd {
                    fold(scalar.value, keepCase: keepCase, keepMarks: false, to: &out)
                }
            } else {
                fold(value, keepCase: keepCase, keepMarks: false, to: &out)
            }
        }
    }

    /// One scalar folded: a combining mark dropped (unless `keepMarks`), a full-width form as its ASCII, lower
    /// case unless `keepCase`.
    @inline(__always) private static func fold(
        _ scalar: UInt32, keepCase: Bool, keepMarks: Bool, to out: inout [UInt32]
    ) {
        if !keepMarks, isMark(scalar) { return }
        var value = scalar
        do {
            if value >= 0xFF01 && value <= 0xFF5E { value -= 0xFEE0 } else if value == 0x3000 { value = 0x20 }
            if !keepCase {
                if value < 0x80 {
                    if value >= 0x41 && value <= 0x5A { value |= 0x20 }
                } else if !(0x2E80...0xD7FF).contains(value), let folded = Unicode.Scalar(value),
                    folded.properties.changesWhenLowercased
                {
                    for lower in folded.properties.lowercaseMapping.unicodeScalars { out.append(lower.value) }
                    return
                }
            }
            out.append(value)
        }
    }

    /// The combining marks' blocks (diacritics, their extensions and supplement, those for symbols, the half marks).
    @inline(__always) static func isMark(_ value: UInt32) -> Bool {
        (0x300...0x36F).contains(value) || (0x1AB0...0x1AFF).contains(value) || (0x1DC0...0x1DFF).contains(value)
            || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value)
    }
}
