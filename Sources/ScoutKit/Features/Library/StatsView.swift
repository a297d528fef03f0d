/// `stats` as a person reads it: entries a month as bars as wide as the window leaves, the ratings as
/// Letterboxd draws them, and the names counted most; and as `--json` gives them.
struct StatsView: OutputView {
    var stats: LibraryStats
    /// `#` and `0.5` for a terminal without block characters and ½ (TERM=dumb).
    var plainGlyphs: Bool

    func lines(fitting width: Int?) -> [StyledLine] {
        var lines: [StyledLine] = []
        // What each count counts: the chart diary entries (a film seen twice is two), the rest films.
        let (year, total) = (stats.year, stats.total)
        let period = year.map(String.init) ?? "The last 12 months"
        lines.append(StyledLine("\(period): \(total) diary entr\(total == 1 ? "y" : "ies")", .heading))
        if total > 0 {
            let monthLabels = stats.months.map { month in
                let name = Day.monthNames[(Int(month.suffix(2)) ?? 1) - 1].prefix(3)
                return year == nil ? "\(name) \(month.prefix(4))" : String(name)
            }
            let rows = zip(monthLabels, stats.months.map { stats.seen[$0] ?? 0 }).map { ($0, $1) }
            lines += bars(rows, width: width ?? 80).map { StyledLine($0) }
        } else if let years = stats.diaryYears {
            let span =
                years.lowerBound == years.upperBound
                ? "in \(years.upperBound)" : "from \(years.lowerBound) to \(years.upperBound)"
            let when = year.map { "in \($0)" } ?? "in the last 12 months"
            lines.append(
                StyledLine(
                    "None logged \(when): the diary has entries \(span); stats \(years.upperBound) shows that year."))
        } else {
            lines.append(
                StyledLine(
                    "The diary is empty: stats charts diary entries by the day watched, and a rating has no watch "
                        + "day (ratings lists them; seen N logs one)."))
        }
        // The films the rest counts (their ratings, genres, directors, sources), said once; none, nothing to chart.
        guard stats.films > 0 else { return lines }
        let rated = stats.histogram.reduce(0, +)
        let counted = "\(stats.films) film\(stats.films == 1 ? "" : "s")"
        lines.append(
            StyledLine(
                "Rated: \(rated) of \(counted) " + (year.map { "logged in \($0)" } ?? "logged or rated"), .heading))
        lines += columns(stats.histogram).map { StyledLine($0) }
        for (label, list) in [
            ("Top genres", stats.genres), ("Top directors", stats.directors), ("Sources", stats.sources),
        ] {
            let items = list.isEmpty ? ["none known"] : list.map { "\($0.name) \($0.count)" }
            lines += DisplayWidth.list("\(label): ", items, width: width).map { StyledLine($0) }
        }
        return lines
    }

    var json: [OutputField: JSONValue] {
        func counts(_ list: [LibraryStats.Count]) -> JSONValue {
            .array(list.map { .object(["name": .string($0.name), "count": .int($0.count)]) })
        }
        return [
            .months: .array(stats.months.map { .object(["month": .string($0), "seen": .int(stats.seen[$0] ?? 0)]) }),
            .ratings: .array(
                stats.histogram.enumerated().map {
                    .object(["stars": .double(Double($0.offset + 1) / 2), "count": .int($0.element)])
                }),
            .genres: counts(stats.genres), .directors: counts(stats.directors), .sources: counts(stats.sources),
        ]
    }

    /// The ratings as Letterboxd draws them: a column for each half star from ½ to 5, four lines high in
    /// eighths of a cell (or `#`), the stars under them and the counts under those.
    func columns(_ counts: [Int]) -> [String] {
        let height = 4
        let most = max(1, counts.max() ?? 0)
        let width = max(plainGlyphs ? 4 : 3, String(most).count + 1)
        func cell(_ text: String) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        let glyphs = Array(" ▁▂▃▄▅▆▇█")
        var lines: [String] = []
        for row in 0..<height {
            let floor = (height - 1 - row) * 8
            lines.append(
                counts.map { count in
                    var eighths = min(8, max(0, count * height * 8 / most - floor))
                    if count > 0, row == height - 1 { eighths = max(eighths, 1) }
                    let mark = plainGlyphs ? (eighths >= 4 ? "#" : " ") : String(glyphs[eighths])
                    return cell(String(repeating: mark, count: width - 1))
                }.joined())
        }
        let labels =
            plainGlyphs
            ? ["0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5"]
            : ["½", "1", "1½", "2", "2½", "3", "3½", "4", "4½", "5"]
        lines.append(labels.map(cell).joined())
        lines.append(counts.map { cell(String($0)) }.joined())
        // Trailing spaces dropped by hand: a regular expression would load ICU for it.
        return lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// A horizontal bar a row, labels aligned, the longest bar as wide as the window leaves (at most 80
    /// columns): block characters to an eighth of a cell, or `#` on a terminal without them (TERM=dumb).
    func bars(_ rows: [(label: String, count: Int)], width: Int) -> [String] {
        let labelWidth = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
        let countWidth = String(rows.map(\.count).max() ?? 0).count
        let most = max(1, rows.map(\.count).max() ?? 0)
        let room = max(5, min(width, 80) - labelWidth - countWidth - 3)
        return rows.map { row in
            let label = row.label + String(repeating: " ", count: labelWidth - DisplayWidth.of(row.label))
            let eighths = row.count * room * 8 / most
            var bar: String
            if plainGlyphs {
                bar = String(repeating: "#", count: (eighths + 4) / 8)
            } else {
                bar = String(repeating: "█", count: eighths / 8)
                if eighths % 8 > 0 { bar += String(Array("▏▎▍▌▋▊▉")[eighths % 8 - 1]) }
            }
            if bar.isEmpty && row.count > 0 { bar = plainGlyphs ? "#" : "▏" }
            let pad = String(repeating: " ", count: max(0, room - bar.count))
            return "\(label) \(bar)\(pad) \(String(row.count).leftPadded(to: countWidth, with: " "))"
        }
    }
}
