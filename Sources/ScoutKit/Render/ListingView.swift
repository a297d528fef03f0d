/// A listing as a feature shows it (favourites, the diary, the deny list, saved searches): its lines as typed
/// parts, fitted to the window only when printed, and its `--json` fields made from the same rows only when a
/// JSON line is written. A service builds one from its rows and never asks the window's width: on a terminal a
/// row is cut with … at the edge, keeping its tail (an id to name it by, its tags) whole, and prose wraps at
/// words; on a pipe every line is whole.
struct ListingView: OutputView {
    enum Line: Sendable {
        /// A row: its text, cut at the window's edge, then a tail kept whole (`  [id]  #tags`); where that tail
        /// leaves the text too little room, the `shorter` one (`  [id]`: what commands take) is kept instead.
        case row(String, keeping: String = "", shorter: String? = nil)
        /// A heading between rows (`── 2025 ──`), styled as one.
        case heading(String)
        /// Prose: wrapped at words to the window, continuation lines indented by `indent`.
        case prose(String, indent: Int = 0)
        /// A line as it is, never cut (a table the view laid out itself).
        case plain(StyledLine)
        /// Two layouts: `narrow` in a window narrower than `below` cells, else `wide` (on a pipe too): a table,
        /// or each row stacked on lines of its own.
        indirect case either(wide: [Line], narrow: [Line], below: Int)
    }

    var parts: [Line]
    /// The `--json` fields, made when a JSON line is written (a listing's rows and total, a command's facts).
    var makeJSON: @Sendable () -> [OutputField: JSONValue]

    init(_ parts: [Line] = [], json: @escaping @Sendable () -> [OutputField: JSONValue] = { [:] }) {
        (self.parts, self.makeJSON) = (parts, json)
    }

    mutating func row(_ text: String, keeping tail: String = "", shorter: String? = nil) {
        parts.append(.row(text, keeping: tail, shorter: shorter))
    }
    mutating func heading(_ text: String) { parts.append(.heading(text)) }
    /// A line as it is, never cut (what a listing says before or after its rows).
    mutating func say(_ text: String) { parts.append(.plain(StyledLine(text))) }

    func lines(fitting width: Int?) -> [StyledLine] { Self.lines(parts, fitting: width) }

    private static func lines(_ parts: [Line], fitting width: Int?) -> [StyledLine] {
        parts.flatMap { part -> [StyledLine] in
            switch part {
            case .row(let text, let tail, let shorter):
                [StyledLine(width.map { fit(text, keeping: tail, shorter: shorter, to: $0) } ?? text + tail)]
            case .heading(let text): [StyledLine(text, .heading)]
            case .prose(let text, let indent):
                (width.map { DisplayWidth.wrap(text, to: $0, indent: indent) } ?? [text]).map { StyledLine($0) }
            case .plain(let line): [line]
            case .either(let wide, let narrow, let below):
                lines(width.map { $0 < below } == true ? narrow : wide, fitting: width)
            }
        }
    }

    var json: [OutputField: JSONValue] { makeJSON() }

    private static func fit(_ text: String, keeping tail: String, shorter: String?, to width: Int) -> String {
        guard let shorter, DisplayWidth.of(text + tail) > width, width - DisplayWidth.of(tail) < DisplayWidth.leastHead
        else {
            return DisplayWidth.fit(text, keeping: tail, to: width)
        }
        return DisplayWidth.fit(text, keeping: shorter, to: width)
    }
}
