import Foundation

public enum Text {
    /// Case-, diacritic- and width-insensitive form of a text, with runs of white space folded to one space.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }

    /// HTML as a remote description carries it (`<br />`, `<i>`, `&amp;`), as one paragraph of plain
    /// text: tags dropped, the common entities read, line breaks and runs of white space as one space.
    public static func plain(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") || html.contains("\n") else { return html }
        var text = html.replacingOccurrences(of: "<[^>]{0,200}>", with: " ", options: .regularExpression)
        for (entity, character) in [
            ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
            ("&amp;", "&"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        // Numeric references (`&#xa0;`, `&#8217;`): the character, or nothing for one that is not.
        if text.contains("&#") {
            text = text.replacing(/&#([xX][0-9a-fA-F]{1,6}|[0-9]{1,7});/) { match in
                let digits = match.1
                let value =
                    digits.first == "x" || digits.first == "X"
                    ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? ""
            }
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
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
