/// Trimming without Foundation's `CharacterSet` (scout links FoundationEssentials only, not ICU):
/// white space is what `Character.isWhitespace` says (spaces, tabs, Unicode's separators), a newline what
/// `Character.isNewline` says, as `.whitespaces`, `.whitespacesAndNewlines` and `.newlines` have them.
extension StringProtocol {
    /// Without white space or newlines at either end. Most text (every field of a search's answer) has none: a
    /// first and a last byte that are printable ASCII say so without a Unicode look-up, and a String comes back
    /// as it is (7% of a cached 50-song search went to this, BENCHMARKS.md).
    public func trimmed() -> String {
        if let first = utf8.first, (0x21...0x7E).contains(first), let last = last?.asciiValue,
            (0x21...0x7E).contains(last)
        {
            return String(self)
        }
        return trimming(where: \.isWhitespace)
    }

    /// Without spaces and tabs at either end; newlines kept.
    public func trimmedSpaces() -> String { trimming { $0.isWhitespace && !$0.isNewline } }

    /// Without newlines at either end.
    public func trimmedNewlines() -> String { trimming(where: \.isNewline) }

    /// Without any of `characters` at either end.
    public func trimming(_ characters: String) -> String { trimming { characters.contains($0) } }

    private func trimming(where drop: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
