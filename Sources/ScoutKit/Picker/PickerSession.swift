import FoundationEssentials

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
    public private(set) var cursor = 0
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

    /// Ranks again for the query as it is now (a key that changes it calls this).
    func refresh() {
        let ranked = matcher.rank(PickerQuery(query), limit: rows)
        shown = ranked.matches
        matched = ranked.total
        cursor = min(cursor, max(0, shown.count - 1))
    }

    /// What `key` does; an outcome when the picker closes.
    public func handle(_ key: Key) -> Outcome? {
        switch key {
        case .text(let text):
            query += text
            cursor = 0
            refresh()
        case .backspace:
            guard !query.isEmpty else { return nil }
            query.removeLast()
            cursor = 0
            refresh()
        case .clearLine:
            query = ""
            cursor = 0
            refresh()
        case .deleteWord:
            while query.last == " " { query.removeLast() }
            while let last = query.last, last != " " { query.removeLast() }
            cursor = 0
            refresh()
        case .up: cursor = max(0, cursor - 1)
        case .down: cursor = min(max(0, shown.count - 1), cursor + 1)
        case .pageUp: cursor = max(0, cursor - rows)
        case .pageDown: cursor = min(max(0, shown.count - 1), cursor + rows)
        case .tab:
            guard multiple, cursor < shown.count else { return nil }
            let index = shown[cursor].index
            if let at = marked.firstIndex(of: index) { marked.remove(at: at) } else { marked.append(index) }
            cursor = min(max(0, shown.count - 1), cursor + 1)
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
