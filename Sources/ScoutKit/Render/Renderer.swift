/// Lays out listings, details and items as lines of text, within a terminal's width.
public struct Renderer: Sendable {
    public var width: Int

    public init(width: Int = 80) {
        self.width = max(40, width)
    }

    /// A listing's heading: `parts` joined by ` · `, fitted to `width`. Where they do not fit, the `dropping`
    /// parts go first, in that order, and what is left is cut with … rather than wrapped.
    static func heading(_ parts: [String], dropping droppable: [String], width: Int) -> String {
        var parts = parts
        var line = parts.joined(separator: " · ")
        for part in droppable where DisplayWidth.of(line) > width {
            parts.removeAll { $0 == part }
            line = parts.joined(separator: " · ")
        }
        return DisplayWidth.truncate(line, to: width)
    }

    /// One page of a result list: a row each, numbered across the whole list, with marks
    /// (`*` selected, `♥` favourite) and group headings. Its numbers and columns are as wide as `sizedBy`
    /// (every row of the result set) needs, so that they stay put from page to page: `next` moves nothing.
    public func page(
        _ rows: ArraySlice<Item>, firstRow: Int, columns: [String], groupBy: String?,
        selected: Set<String>, favourites: Set<String>, sizedBy all: ArraySlice<Item>? = nil
    ) -> [StyledLine] {
        let sizing = all ?? rows
        let numberWidth = String(max(firstRow + rows.count - 1, sizing.count)).count
        // Each column as wide as its widest value in the result set (24 cells at most). Columns are kept, left
        // to right, while a title of 20 cells still fits beside them; the first that does not fit whole is
        // narrowed to the room left (values cut with …) when that is 10 cells or more, and ends them.
        var columnWidths: [Int] = []
        var fixed = numberWidth + 5
        for name in columns {
            let wanted = min(24, sizing.lazy.map { DisplayWidth.of($0[field: name] ?? "") }.max() ?? 0)
            if wanted == 0 || fixed + wanted + 2 + 20 <= width {
                columnWidths.append(wanted)
                fixed += wanted > 0 ? wanted + 2 : 0
                continue
            }
            let narrowed = width - fixed - 20 - 2
            if narrowed >= 10 {
                columnWidths.append(narrowed)
                fixed += narrowed + 2
            }
            break
        }
        let titleWidth = max(12, min(40, width - fixed))
        var lines: [StyledLine] = []
        var lastGroup: String?
        for (offset, item) in rows.enumerated() {
            if let groupBy {
                let group = Self.groupKey(item, groupBy)
                if group != lastGroup {
                    lines.append(StyledLine("── \(DisplayWidth.truncate(group, to: width - 6)) ──", .heading))
                    lastGroup = group
                }
            }
            let number = String(firstRow + offset).leftPadded(to: numberWidth, with: " ")
            var line = selected.contains(item.id) ? StyledLine("*", .selected) : StyledLine(" ")
            line += favourites.contains(item.id) ? StyledLine("♥", .favourite) : StyledLine(" ")
            line += StyledLine(" \(number)  ") + StyledLine(DisplayWidth.pad(item.title, to: titleWidth), .title)
            for (name, columnWidth) in zip(columns, columnWidths) where columnWidth > 0 {
                let value = item[field: name] ?? ""
                // Years start in one column whatever their form (1979, 1989–1990, 2021–); other numbers align right.
                let numeric = Double(value) != nil && name != "year"
                line +=
                    StyledLine("  ")
                    + StyledLine(DisplayWidth.pad(value, to: columnWidth, right: numeric), name == "year" ? .year : nil)
            }
            lines.append(line.trimmed())
        }
        return lines
    }

    /// The heading of a section in a grouped listing.
    public static func groupKey(_ item: Item, _ field: String) -> String {
        if field == "year" { return item.year.map(String.init) ?? "unknown year" }
        return item[field: field] ?? "other"
    }

    /// The detail view of one item: title, id, every field, web page, marks, then `more` (what the library
    /// holds of it), every value in one column.
    public func detail(
        _ item: Item, selected: Bool, favourite: Bool, more: [(label: String, value: String)] = []
    ) -> [StyledLine] {
        var lines: [StyledLine] = [
            StyledLine(item.title, .title),
            StyledLine(String(repeating: "─", count: min(width, max(1, DisplayWidth.of(item.title))))),
        ]
        let labelWidth = max(8, (item.fields.map { $0.name.count }.max() ?? 0) + 1, more.map(\.label.count).max() ?? 0)
        for field in item.fields {
            let value = StyledLine(field.value, field.name.lowercased() == "year" ? .year : nil)
            lines.append(StyledLine(DisplayWidth.pad(Self.label(field.name) + ":", to: labelWidth + 1) + " ") + value)
        }
        if let url = item.url { lines.append(StyledLine(DisplayWidth.pad("Web:", to: labelWidth + 1) + " " + url)) }
        lines.append(StyledLine(DisplayWidth.pad("Id:", to: labelWidth + 1) + " " + item.id))
        switch (selected, favourite) {
        case (true, true):
            lines.append(
                StyledLine("* selected", .selected) + StyledLine("   ") + StyledLine("♥ favourite", .favourite))
        case (true, false): lines.append(StyledLine("* selected", .selected))
        case (false, true): lines.append(StyledLine("♥ favourite", .favourite))
        case (false, false): break
        }
        for (label, value) in more {
            lines.append(StyledLine(DisplayWidth.pad(label + ":", to: labelWidth + 1) + " " + value))
        }
        return lines
    }

    /// One line naming an item: title and its first three fields that read as words (never a link such
    /// as OMDb's poster).
    public static func summary(_ item: Item) -> String {
        let details = item.fields.map(\.value).filter { !$0.isEmpty && !$0.contains("://") }.prefix(3)
        return details.isEmpty ? item.title : "\(item.title) (\(details.joined(separator: ", ")))"
    }

    static func label(_ name: String) -> String {
        if name == "imdb" { return "IMDb" }
        return name.prefix(1).uppercased() + name.dropFirst().replacing("_", with: " ")
    }
}
