/// The rows a user names in `select`, `unselect`, `fav add` and `fav rm`:
/// `3`, `1,4`, `2-5`, `5-` (to the end), `-3` (from the start), `1-3,7`, `all`, `none`.
public enum RangeSpec: Equatable, Sendable {
    case all
    case none
    /// Closed ranges of row numbers from 1; an open end is nil.
    case rows([Span])

    /// Whether it names more than one row, however many the list has (`all`, `1-3`, `2,5`, `4-`).
    var namesSeveralRows: Bool {
        switch self {
        case .all: true
        case .none: false
        case .rows(let spans): Set(spans.map { $0.lower ?? 0 }).count > 1 || spans.contains { $0.lower != $0.upper }
        }
    }

    public struct Span: Equatable, Sendable {
        public var lower: Int?
        public var upper: Int?
    }

    /// How many comma-separated parts one spec may have.
    public static let maxParts = 10_000

    public static func parse(_ text: String) throws(UsageError) -> RangeSpec {
        let trimmed = text.trimmedSpaces().lowercased()
        if trimmed == "all" { return .all }
        if trimmed == "none" { return .none }
        guard !trimmed.isEmpty else { throw UsageError("name rows such as 3, 1-3,7, 5- or all") }
        var spans: [Span] = []
        // Commas and spaces both separate parts, so `1-3, 7` and `1-3 7` read as `1-3,7`.
        for part in trimmed.split(whereSeparator: { $0 == "," || $0 == " " }) {
            guard spans.count < maxParts else {
                throw UsageError("too many ranges (at most \(maxParts)); use spans such as 1-500")
            }
            let part = part.trimmedSpaces()
            func number(_ text: Substring) throws(UsageError) -> Int {
                guard !text.isEmpty, text.allSatisfy(\.isASCII), let value = Int(text), value >= 1 else {
                    throw UsageError(
                        "\"\(part.prefix(40))\" is not a row: rows are numbers from 1, as in 3, 1-3,7 or 5-")
                }
                return value
            }
            if let dash = part.firstIndex(of: "-") {
                let left = part[..<dash], right = part[part.index(after: dash)...]
                if left.isEmpty && right.isEmpty { throw UsageError("\"-\" is not a range: write 2-5, 5- or -3") }
                let span = Span(
                    lower: left.isEmpty ? nil : try number(left), upper: right.isEmpty ? nil : try number(right))
                if let lower = span.lower, let upper = span.upper, lower > upper {
                    throw UsageError("\(part) runs backwards: write \(upper)-\(lower)")
                }
                spans.append(span)
            } else {
                let row = try number(Substring(part))
                spans.append(Span(lower: row, upper: row))
            }
        }
        guard !spans.isEmpty else { throw UsageError("name rows such as 3, 1-3,7, 5- or all") }
        return .rows(spans)
    }

    /// The 0-based indices named, in ascending order, among `count` rows. A row past the end is an error.
    public func indices(count: Int) throws(UsageError) -> [Int] {
        switch self {
        case .all: return Array(0..<count)
        case .none: return []
        case .rows(let spans):
            var chosen = [Bool](repeating: false, count: count)
            for span in spans {
                let lower = span.lower ?? 1
                let upper = span.upper ?? count
                if count == 0 {
                    throw UsageError(
                        "there are no rows: the list is empty (search again, or filter alone clears a filter)")
                }
                guard lower <= count, upper <= count else {
                    throw UsageError.notFound("there is no row \(max(lower, upper)): rows run from 1 to \(count)")
                }
                if lower <= upper { for row in lower...upper { chosen[row - 1] = true } }
            }
            return chosen.indices.filter { chosen[$0] }
        }
    }
}
