/// Trimming without Foundation's `CharacterSet` (scout links FoundationEssentials only, not ICU):
/// white space is what `Character.isWhitespace` says (spaces, tabs, Unicode's separators), a newline what
/// `Character.isNewline` says, as `.whitespaces`, `.whitespacesAndNewlines` and `.newlines` have them.
extension StringProtocol {
    /// Without white space or newlines at either end.
    public func trimmed() -> String { trimming(where: \.isWhitespace) }

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
