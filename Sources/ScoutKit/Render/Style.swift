/// What a piece of output is, for colour. Output keeps plain text with the spans of each style, and only
/// the printer, on a terminal that wants colour, turns them into escape sequences.
public enum Style: Sendable, Equatable {
    case title, selected, favourite, year, heading, error, warning

    /// The SGR sequence that starts the style.
    var sequence: String {
        switch self {
        case .title: "\u{1B}[1m"
        case .selected: "\u{1B}[32m"
        case .favourite: "\u{1B}[31m"
        case .year: "\u{1B}[36m"
        case .heading: "\u{1B}[1;33m"
        case .error: "\u{1B}[31m"
        case .warning: "\u{1B}[33m"
        }
    }

    static let reset = "\u{1B}[0m"

    /// `text` in this style on a terminal that shows colour, else as it is.
    public func paint(_ text: String, colour: Bool) -> String {
        colour ? sequence + text + Self.reset : text
    }
}
