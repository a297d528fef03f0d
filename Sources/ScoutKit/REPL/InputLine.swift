/// One line read: text, or bytes that are not UTF-8 (which scout reports rather than guesses at).
public enum InputLine: Equatable, Sendable {
    case text(String)
    case notUTF8
}
