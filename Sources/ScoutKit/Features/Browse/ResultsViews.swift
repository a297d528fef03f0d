import FoundationEssentials

/// A page of results: its heading, its rows with their marks, and what `--json` says of the list.
struct ResultsPage: OutputView {
    var heading: String
    /// The page's rows, numbered from `firstRow`, with the columns beside their titles; their widths are
    /// those every row of the result set (`sizedBy`) needs.
    var rows: ArraySlice<Item>
    var sizedBy: ArraySlice<Item>
    var firstRow: Int
    var columns: [String]
    var groupBy: String?
    /// The ids marked `*` and `♥`.
    var selected, favourites: Set<String>
    var width: Int
    /// What an empty page says, and the line under the rows that says how to go on.
    var empty: String
    var footer: String?
    /// What `--json` says of the list: the page, the pages known, whether more may come, the rows
    /// loaded, the total (nil where the source does not say) and the source.
    var page, pages: Int
    var more: Bool
    var loaded: Int
    var total: Int?
    var source: String
    /// At most this many lines (the restored page under the welcome lines): the rows that fit, then a line
    /// that says `list` shows the rest.
    var maxLines: Int?

    func lines(fitting _: Int?) -> [StyledLine] {
        var lines = [StyledLine(heading)]
        if rows.isEmpty { return lines + [StyledLine(empty)] }
        lines += Renderer(width: width).page(
            rows, firstRow: firstRow, columns: columns, groupBy: groupBy,
            selected: selected, favourites: favourites, sizedBy: sizedBy)
        if let footer { lines.append(StyledLine(footer)) }
        if let maxLines, lines.count > maxLines {
            var kept = Array(lines.prefix(max(2, maxLines - 1)))
            // A group heading whose rows did not fit goes with them.
            while kept.count > 1, kept.last?.plain.hasPrefix("──") == true { kept.removeLast() }
            // The heading and group headings (`── 1979 ──`) are not rows.
            let shown = kept.dropFirst().count { !$0.plain.hasPrefix("──") }
            lines = kept
            if shown < rows.count {
                // One line whatever the width: a wrapped one would push the welcome off the screen again.
                lines.append(
                    StyledLine(
                        DisplayWidth.truncate("(\(rows.count - shown) more: list shows the whole page)", to: width)))
            }
        }
        return lines
    }

    var json: [OutputField: JSONValue] {
        var json = TypedJSON.listing(
            rows.enumerated().map { offset, item in
                TypedJSON.row(
                    item, row: firstRow + offset, selected: selected.contains(item.id),
                    favourite: favourites.contains(item.id))
            }, total: total)
        json[.page] = .int(page)
        json[.pages] = .int(pages)
        json[.more] = .bool(more)
        json[.loaded] = .int(loaded)
        json[.source] = .string(source)
        return json
    }
}

/// Items that are not rows of the list (the selection, the chosen), as `--json` lists them.
struct ItemRows: OutputView {
    var items: [Item]
    var selected: Set<String>
    var favourites: Set<String>

    func lines(fitting _: Int?) -> [StyledLine] { [] }

    var json: [OutputField: JSONValue] {
        TypedJSON.listing(
            items.map {
                TypedJSON.row($0, selected: selected.contains($0.id), favourite: favourites.contains($0.id))
            }, total: items.count)
    }
}

/// One item in full: title, every field, web page, marks.
struct ItemDetail: OutputView {
    var item: Item
    var selected: Bool
    var favourite: Bool
    var width: Int
    /// The width its lines are broken at here, when it is narrower than the window (artwork beside it).
    var wrapWidth: Int?
    /// Whether it is fitted to the window (a terminal): its lines broken at `wrapWidth` or `width`, a web address
    /// too long cut at the edge (whole on a pipe, in `--json` and to `open`).
    var fits = false
    /// What the library holds of it (`You rated: ★★★★½`), under the fields, its values in their column.
    var mine: [(label: String, value: String)] = []
    /// The same for `--json`, as `rate` gives it; nil when the library does not know the item.
    var library: [OutputField: JSONValue]?

    func lines(fitting _: Int?) -> [StyledLine] {
        let lines =
            Renderer(width: width).detail(item, selected: selected, favourite: favourite, more: mine)
        guard let at = wrapWidth ?? (fits ? width : nil) else { return lines }
        return lines.flatMap { $0.wrapped(to: at, cutting: true) }
    }
    var json: [OutputField: JSONValue] {
        var json: [OutputField: JSONValue] = [
            .item: TypedJSON.row(item, selected: selected, favourite: favourite).value
        ]
        if let library { json[.library] = library[.library] }
        return json
    }
}
