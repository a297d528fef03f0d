import PropertyBased
import Testing
@testable import ScoutKit

/// `trimmed()` drops white space and newlines at either end, whatever the text: its fast path for text with a
/// printable ASCII character at each end gives what the character-by-character trim gives.
@Suite struct StringTrimTests {
    /// The trim as `Character.isWhitespace` says it, one character at a time.
    static func reference(_ text: String) -> String {
        let characters = Array(text)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
            let last = characters.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(characters[first...last])
    }

    @Test func theEndsThatMatter() {
        let cases: [(String, String)] = [
            ("Red", "Red"), ("  Red\t", "Red"), ("Red\r\n", "Red"), ("\u{00A0}Red\u{2003}", "Red"), ("", ""),
            (" ", ""), ("a", "a"), ("a\u{301}", "a\u{301}"), (" \u{301}x", "x"), ("Amélie", "Amélie"),
            ("x\u{0085}", "x"), ("~ ~", "~ ~"),
        ]
        for (text, trimmed) in cases {
            #expect(text.trimmed() == trimmed, "\(text.unicodeScalars.map { $0.value })")
            #expect(text.trimmed() == Self.reference(text))
            #expect(text[...].trimmed() == trimmed)
        }
    }

    @Test func anyTextTrimsAsCharacterByCharacter() async {
        let pieces = [" ", "\t", "\n", "\r\n", "\u{00A0}", "\u{3000}", "a", "Z", "~", "!", "é", "\u{301}", "✓", "x"]
        await propertyCheck(count: 300, input: Gen.int(in: 0...(pieces.count - 1)).array(of: 0...8)) { picks in
            let text = picks.map { pieces[$0] }.joined()
            #expect(text.trimmed() == Self.reference(text), "\(text.unicodeScalars.map { $0.value })")
        }
    }
}
