/// Whether a source lets its user pick one item or several.
public enum SelectionMode: String, Codable, CaseIterable, Sendable {
    case single, multiple
}
