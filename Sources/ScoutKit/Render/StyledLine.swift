/// A line of output in pieces, each plain or in a style.
public struct StyledLine: Sendable, Equatable, ExpressibleByStringLiteral {
    public struct Piece: Sendable, Equatable {
        public var text: String
        public var style: Style?
    }

    public var pieces: [Piece] = []

    public init(_ text: String = "", _ style: Style? = nil) {
        if !text.isEmpty { pieces = [Piece(text: text, style: style)] }
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    public var plain: String { pieces.count == 1 ? pieces[0].text : pieces.map(\.text).joined() }

    public static func + (line: StyledLine, other: StyledLine) -> StyledLine {
        var joined = line
        joined.pieces += other.pieces
        return joined
    }

    public static func += (line: inout StyledLine, other: StyledLine) {
        line.pieces += other.pieces
    }

    /// The line as it fits `width` cells: whole when it fits, else broken at spaces (never inside a word),
    /// each further line indented under the text it continues (after a `Label:` or the line's own
    /// indent); a broken line gives up its styles. `cutting` cuts a web address as any word too long (a detail's
    /// fields: `DisplayWidth.wrap` says how).
    public func wrapped(to width: Int, cutting: Bool = false) -> [StyledLine] {
        let text = plain
        guard DisplayWidth.of(text) > width else { return [self] }
        // A row's marks (`▸`, `*`, `♥`) stand where its spaces would: its lines wrap as the other rows' do.
        let lead = text.prefix { $0 == " " || $0 == "▸" || $0 == "*" || $0 == "♥" }.count
        var indent = lead + 2
        // Under the value of a label (`Director:  `), unless that leaves the value less than two thirds of the
        // window: a sentence with a colon (`Now using restaurants: …`) is no label.
        if let label = text.prefixMatch(of: /^ *[A-Za-z][A-Za-z .]{0,20}: +/) {
            let labelWidth = text.distance(from: label.range.lowerBound, to: label.range.upperBound)
            if labelWidth <= min(16, width / 3) { indent = labelWidth }
        }
        return DisplayWidth.wrap(text, to: width, indent: indent, cutting: cutting).map { StyledLine($0) }
    }

    /// The line without trailing spaces.
    func trimmed() -> StyledLine {
        var line = self
        while var last = line.pieces.last {
            while last.text.last == " " { last.text.removeLast() }
            if last.text.isEmpty {
                line.pieces.removeLast()
            } else {
                line.pieces[line.pieces.count - 1] = last
                break
            }
        }
        return line
    }

    /// The line with each styled piece in its escape sequence (when `colour`).
    public func rendered(colour: Bool) -> String {
        func render(_ piece: Piece) -> String { piece.style.map { $0.paint(piece.text, colour: colour) } ?? piece.text }
        // Most lines are one piece: no array to make and join (a history search prints tens of thousands).
        return pieces.count == 1 ? render(pieces[0]) : pieces.map(render).joined()
    }
}
