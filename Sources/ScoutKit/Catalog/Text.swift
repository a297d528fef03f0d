import Glibc

public enum Text {
    /// Case-, diacritic- and width-insensitive form of a text, with runs of white space folded to one space.
    /// The picker's folding (`PickerFold`: marks dropped, full-width forms as ASCII, lower case), as text.
    public static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for value in PickerFold.scalars(text, keepCase: false) {
            if let scalar = Unicode.Scalar(value) { folded.append(scalar) }
        }
        return collapsingWhitespace(String(folded))
    }

    /// `parts.joined(separator:)` without the generic join, on a search's path: the runtime finds that one's
    /// witness by searching every conformance, about 40 µs the first time in a run.
    static func join(_ parts: [String], separator: String) -> String {
        var out = ""
        for (index, part) in parts.enumerated() {
            if index > 0 { out += separator }
            out += part
        }
        return out
    }

    /// How many characters `String(value)` has.
    static func digitCount(_ value: Int) -> Int {
        var count = value < 0 ? 2 : 1
        var rest = value / 10
        while rest != 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// `String(value)`'s bytes appended to `bytes`, without the String: a listing of thousands of lines writes
    /// two numbers a line.
    static func appendDigits(_ value: Int, to bytes: inout [UInt8]) {
        let start = bytes.count
        let count = digitCount(value)
        bytes.append(contentsOf: repeatElement(0x2D, count: count))
        bytes.withUnsafeMutableBufferPointer { out in
            var rest = value
            var index = start + count - 1
            repeat {
                out[index] = UInt8(0x30 + abs(rest % 10))
                rest /= 10
                index -= 1
            } while rest != 0
        }
    }

    /// Where `needle` last starts in `bytes`, nil when nowhere: a byte search on paths every start takes
    /// (String's `contains` and `range(of:)` are generic, and their first use searches every conformance).
    public static func lastOffset(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).last { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The text with runs of white space as one space and none at either end: what `split` then
    /// `joined(separator: " ")` make, without the generic join (see `join`).
    static func collapsingWhitespace(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var space = false
        for character in text {
            if character.isWhitespace {
                space = !out.isEmpty
                continue
            }
            if space {
                out.append(" ")
                space = false
            }
            out.append(character)
        }
        return out
    }

    /// Finder's order, as `localizedStandardCompare` has it without ICU: letters folded (case, marks,
    /// full width), runs of digits by their value (`Alien 3` before `Alien 10`), ties broken by the texts as
    /// they are, so that two different texts are never the same. Negative, zero or positive, as `strcmp`.
    public static func standardCompare(_ a: String, _ b: String) -> Int {
        let x = PickerFold.scalars(a, keepCase: false)
        let y = PickerFold.scalars(b, keepCase: false)
        func isDigit(_ value: UInt32) -> Bool { value >= 0x30 && value <= 0x39 }
        var i = 0
        var j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                // Leading zeros skipped, then the longer run is the larger number, then digit by digit.
                while i < x.count - 1, x[i] == 0x30, isDigit(x[i + 1]) { i += 1 }
                while j < y.count - 1, y[j] == 0x30, isDigit(y[j + 1]) { j += 1 }
                var endX = i
                var endY = j
                while endX < x.count, isDigit(x[endX]) { endX += 1 }
                while endY < y.count, isDigit(y[endY]) { endY += 1 }
                if endX - i != endY - j { return (endX - i) - (endY - j) }
                for (p, q) in zip(x[i..<endX], y[j..<endY]) where p != q { return p < q ? -1 : 1 }
                (i, j) = (endX, endY)
            } else {
                if x[i] != y[j] { return x[i] < y[j] ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        if x.count - i != y.count - j { return (x.count - i) - (y.count - j) }
        return a == b ? 0 : (a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1)
    }

    /// A number with `places` digits after the point, as printf's `%.Nf` writes it (half to even).
    /// Through C's `strfromd`, printf's formatting for one double without a variable argument list: Swift's
    /// `CVarArg` list casts each argument at run time, and the runtime's first look for those conformances
    /// cost a search of the iTunes store 0.15 ms.
    public static func decimal(_ value: Double, places: Int) -> String {
        guard (0...20).contains(places) else { return String(value) }
        let format = "%.\(places)f"
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            guard let base = buffer.baseAddress else { return String(value) }
            let count = strfromd(base, 64, format, value)
            guard count > 0, count < 64 else { return String(value) }
            return String(decoding: UnsafeRawBufferPointer(start: base, count: Int(count)), as: UTF8.self)
        }
    }

    /// A whole number with its thousands apart, as OMDb writes its votes: `27,917`.
    public static func grouped(_ value: Int) -> String {
        var digits = String(value.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return (value < 0 ? "-" : "") + digits
    }

    /// HTML as a remote description carries it (`<br />`, `<i>`, `&amp;`), as one paragraph of plain
    /// text: tags dropped (an inline one's text joined to what is around it, `<b>this</b>.`; any other a
    /// space), the common entities read, line breaks and runs of white space as one space.
    public static func plain(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") || html.contains("\n") else { return html }
        var text = html.replacing(inlineTag, with: "")
        text = text.replacing(anyTag, with: " ")
        for (entity, character) in [
            ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
            ("&amp;", "&"),
        ] {
            text = text.replacing(entity, with: character)
        }
        // Numeric references (`&#xa0;`, `&#8217;`): the character, or nothing for one that is not.
        if text.contains("&#") {
            text = text.replacing(numericReference) { match in
                let digits = match.1
                let value =
                    digits.first == "x" || digits.first == "X"
                    ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? ""
            }
        }
        return collapsingWhitespace(text)
    }

    // Made once: a regex literal is parsed each time it is evaluated (a feed's fifty reviews spent a tenth of
    // their reading there).
    nonisolated(unsafe) private static let inlineTag =
        /<\/?(?:[biusaq]|em|strong|span|small|sup|sub|mark|code)(?:\s[^>]{0,200})?>/.ignoresCase()
    nonisolated(unsafe) private static let anyTag = /<[^>]{0,200}>/
    nonisolated(unsafe) private static let numericReference = /&#([xX][0-9a-fA-F]{1,6}|[0-9]{1,7});/

    /// A list as a sentence: `a, b and c`, or with `last` before the last word (`a, b or c`).
    static func sentence(_ words: [String], last: String = "and") -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " \(last) " + (words.last ?? "")
    }

    /// A user's text as quoted back in a message: at most 60 characters.
    public static func brief(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(59)) + "…"
    }

    /// A query folded and split once, to match against many items.
    public static func words(_ query: String) -> [Substring] {
        fold(query).split(separator: " ")
    }

    /// Whether every word occurs in `folded` (already folded).
    public static func matches(_ words: [Substring], in folded: String) -> Bool {
        words.allSatisfy { folded.contains($0) }
    }
}

/// glibc's `strfromd` (since 2.25), which its headers declare only for C2x or `__STDC_WANT_IEC_60559_BFP_EXT__`.
@_silgen_name("strfromd")
private func strfromd(
    _ buffer: UnsafeMutablePointer<CChar>, _ size: Int, _ format: UnsafePointer<CChar>, _ value: Double
) -> Int32
