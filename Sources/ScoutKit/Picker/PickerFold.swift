@_spi(_Unicode) import Swift

/// The picker's folding, as Unicode scalars: canonical decomposition with the combining marks dropped
/// (`é` is `e`), full-width forms as their ASCII (`ｆ` is `f`, the ideographic space a space), and, unless
/// `keepCase`, lower case. ASCII text, most of what the picker sees, takes a byte loop and no table.
enum PickerFold {
    static func scalars(_ text: String, keepCase: Bool) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(text.utf8.count)
        append(text, keepCase: keepCase, to: &out)
        return out
    }

    static func append(_ text: String, keepCase: Bool, to out: inout [UInt32]) {
        var ascii = true
        for byte in text.utf8 where byte >= 0x80 { ascii = false; break }
        if ascii {
            for byte in text.utf8 {
                out.append(UInt32(!keepCase && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte))
            }
            return
        }
        for scalar in text._nfd {
            let properties = scalar.properties
            if properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark { continue }
            var value = scalar.value
            if value >= 0xFF01 && value <= 0xFF5E { value -= 0xFEE0 } else if value == 0x3000 { value = 0x20 }
            if !keepCase {
                if value < 0x80 {
                    if value >= 0x41 && value <= 0x5A { value |= 0x20 }
                } else if let folded = Unicode.Scalar(value), folded.properties.changesWhenLowercased {
                    for lower in folded.properties.lowercaseMapping.unicodeScalars { out.append(lower.value) }
                    continue
                }
            }
            out.append(value)
        }
    }
}
