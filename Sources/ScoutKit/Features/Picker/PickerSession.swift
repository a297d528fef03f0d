/// One opening of the picker, without the terminal: the query typed, the matches ranked for the window,
/// the cursor and the marks, what each key does, and the lines the window shows (fzf's `--reverse`
/// layout: the query line, the count, then the best match first). The executable reads the keys and
/// draws the lines; `scripts/bench` drives this the way a keystroke does.
public final class PickerSession {
    public enum Key: Equatable, Sendable {
        case text(String)
        case backspace, clearLine, deleteWord
        case up, down, pageUp, pageDown
        case tab, enter, cancel
    }

    public enum Outcome: Equatable, Sendable { case accept([String]), cancel }

    public let matcher: PickerMatcher
    public let multiple: Bool
    public let title: String
    public private(set) var query: String
    /// The matches in the window (the best `rows` of them) and how many match in all.
    public private(set) var shown: [PickerMatcher.Match] = []
    public private(set) var matched = 0
    /// The cursor's row in the window, and how many better matches are above the window (scrolled past).
    public private(set) var cursor = 0
    public private(set) var top = 0
    public private(set) var marked: [Int] = []
    /// The window's height in lines (query and count included) and width in columns.
    public var height: Int { didSet { refresh() } }
    public var width: Int

    public init(_ request: PickerRequest, height: Int, width: Int) {
        matcher = PickerMatcher(request.corpus)
        multiple = request.multiple
        title = request.title
        query = request.query
        self.height = max(3, height)
        self.width = max(10, width)
        refresh()
    }

    var rows: Int { max(1, height - 2) }

    /// Ranks again for the query as it is now (a key that changes it, or scrolls, calls this): the best
    /// `top + rows`, of which the window shows the last `rows`.
    func refresh() {
        let ranked = matcher.rank(PickerQuery(query), limit: top + rows)
        matched = ranked.total
        top = max(0, min(top, ranked.matches.count - rows))
        shown = Array(ranked.matches.dropFirst(top).prefix(rows))
        cursor = min(cursor, max(0, shown.count - 1))
    }

    /// Moves the cursor to the match at `position` in the ranking (from 0), scrolling the window to it.
    func move(to position: Int) {
        let position = max(0, min(position, matched - 1))
        if position < top { top = position } else if position >= top + rows { top = position - rows + 1 }
        cursor = position - top
        refresh()
    }

    /// What `key` does; an outcome when the picker closes.
    public func handle(_ key: Key) -> Outcome? {
        switch key {
        case .text(let text):
            query += text
            (cursor, top) = (0, 0)
            refresh()
        case .backspace:
            guard !query.isEmpty else { return nil }
            query.removeLast()
            (cursor, top) = (0, 0)
            refresh()
        case .clearLine:
            query = ""
            (cursor, top) = (0, 0)
            refresh()
        case .deleteWord:
            while query.last == " " { query.removeLast() }
            while let last = query.last, last != " " { query.removeLast() }
            (cursor, top) = (0, 0)
            refresh()
        case .up: move(to: top + cursor - 1)
        case .down: move(to: top + cursor + 1)
        case .pageUp: move(to: top + cursor - rows)
        case .pageDown: move(to: top + cursor + rows)
        case .tab:
            guard multiple, cursor < shown.count else { return nil }
            let index = shown[cursor].index
            if let at = marked.firstIndex(of: index) { marked.remove(at: at) } else { marked.append(index) }
            move(to: top + cursor + 1)
        case .enter:
            if !marked.isEmpty { return .accept(marked.map { matcher.corpus.value($0) }) }
            guard cursor < shown.count else { return .cancel }
            return .accept([matcher.corpus.value(shown[cursor].index)])
        case .cancel:
            return .cancel
        }
        return nil
    }

    /// The window's lines, each cut to the width: the query, the count, then the matches.
    public var lines: [String] {
        var lines = [DisplayWidth.truncate("\(title)> \(query)", to: width)]
        let marks = marked.isEmpty ? "" : "  (\(marked.count) marked)"
        lines.append(DisplayWidth.truncate("  \(matched)/\(matcher.count)\(marks)", to: width))
        for (row, match) in shown.enumerated() {
            let pointer = row == cursor ? ">" : " "
            let mark = marked.contains(match.index) ? "*" : " "
            lines.append(DisplayWidth.truncate("\(pointer)\(mark)\(matcher.corpus.text(match.index))", to: width))
        }
        return lines
    }

    /// The column the cursor stands at on the query line.
    public var queryColumn: Int { min(width - 1, DisplayWidth.of("\(title)> \(query)")) }
}
