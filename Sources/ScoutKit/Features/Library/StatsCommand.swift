/// `stats [YEAR]`: films seen a month as a bar chart, ratings as a histogram of columns, and the top genres,
/// directors and sources.
struct StatsCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "stats",
        usage: "stats [YEAR]",
        summary: "films seen a month, your ratings, top genres, directors and sources",
        example: "stats 2025",
        topic: .library,
        details: .table(
            """
            YEAR     its twelve months, and the films logged in it; without YEAR, the last twelve months and
                     every film rated or logged
            """))

    var year: Int?

    init(year: Int?) { self.year = year }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        year = try args.year()
    }

    static let top = 5

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        let shelf = try library.store.shelf()
        // The months charted, oldest first: YEAR's, or the twelve up to this one.
        let months: [String]
        if let year {
            months = (1...12).map { Day.format(year: year, month: $0, day: 1).prefix(7) }.map(String.init)
        } else {
            let today = Day.of(library.wiring.context.now())
            let (y, m) = (Int(today.prefix(4)) ?? 1970, Int(today.dropFirst(5).prefix(2)) ?? 1)
            months = (0..<12).reversed().map { back in
                let index = y * 12 + (m - 1) - back
                return String(Day.format(year: index / 12, month: index % 12 + 1, day: 1).prefix(7))
            }
        }
        var seen: [String: Int] = [:]
        var logged = [Bool](repeating: false, count: shelf.filmCount)
        let first = LibraryShelf.day(months[0] + "-01") / 100, last = LibraryShelf.day(months[11] + "-01") / 100
        var perMonth: [Int32: Int] = [:]
        // The years the diary has entries in, for a chart that has none.
        var (firstYear, lastYear) = (Int.max, Int.min)
        for entry in 0..<shelf.diaryCount {
            let month = shelf.entryDay(entry) / 100
            if month >= first, month <= last { perMonth[month, default: 0] += 1 }
            if year.map({ month / 100 == $0 }) ?? true { logged[shelf.entryFilm(entry)] = true }
            (firstYear, lastYear) = (min(firstYear, Int(month / 100)), max(lastYear, Int(month / 100)))
        }
        for (month, count) in perMonth { seen[String(LibraryShelf.date(month * 100 + 1).prefix(7))] = count }
        // The films counted: those logged in YEAR, or every film logged or rated.
        let films = (0..<shelf.filmCount).filter { logged[$0] || (year == nil && shelf.halves($0) > 0) }
        var histogram = [Int](repeating: 0, count: 10)
        for film in films where shelf.halves(film) > 0 { histogram[shelf.halves(film) - 1] += 1 }
        /// The names counted most, from counts by name that `fill` makes.
        func ranked(_ fill: (inout [Int]) -> Void) -> [(name: String, count: Int)] {
            var counts = [Int](repeating: 0, count: shelf.nameCount)
            fill(&counts)
            // By count, then by name among those that tie with the last kept: names are read for those alone.
            let byCount = counts.indices.filter { counts[$0] > 0 }.sorted { counts[$0] > counts[$1] }
            guard byCount.count > Self.top else {
                return byCount.map { (shelf.name(Int32($0)), counts[$0]) }.sorted {
                    ($1.count, $0.name) < ($0.count, $1.name)
                }
            }
            let floor = counts[byCount[Self.top - 1]]
            return byCount.prefix { counts[$0] >= floor }.map { (name: shelf.name(Int32($0)), count: counts[$0]) }
                .sorted { ($1.count, $0.name) < ($0.count, $1.name) }.prefix(Self.top).map { $0 }
        }
        let genres = ranked { counts in for film in films { for n in shelf.genres(of: film) { counts[Int(n)] += 1 } } }
        let directors = ranked { counts in
            for film in films { for n in shelf.directors(of: film) { counts[Int(n)] += 1 } }
        }
        let sources = ranked { counts in for film in films { counts[Int(shelf.origin(film))] += 1 } }

        var output = Output()
        // What each count counts: the chart diary entries (a film seen twice is two), the rest films.
        let total = months.reduce(0) { $0 + (seen[$1] ?? 0) }
        let period = year.map(String.init) ?? "The last 12 months"
        output.say(StyledLine("\(period): \(total) diary entr\(total == 1 ? "y" : "ies")", .heading))
        if total > 0 {
            let monthLabels = months.map { month in
                let name = DiaryCommand.monthNames[(Int(month.suffix(2)) ?? 1) - 1].prefix(3)
                return year == nil ? "\(name) \(month.prefix(4))" : String(name)
            }
            for line in bars(zip(monthLabels, months.map { seen[$0] ?? 0 }).map { ($0, $1) }, library) {
                output.say(line)
            }
        } else if shelf.diaryCount > 0 {
            let span = firstYear == lastYear ? "in \(lastYear)" : "from \(firstYear) to \(lastYear)"
            let when = year.map { "in \($0)" } ?? "in the last 12 months"
            output.say(
                "None logged \(when): the diary has entries \(span); stats \(lastYear) shows that year.")
        } else {
            output.say(
                "The diary is empty: stats charts diary entries by the day watched, and a rating has no watch "
                    + "day (ratings lists them; seen N logs one).")
        }
        // The films the rest counts (their ratings, genres, directors, sources), said once; none, nothing to chart.
        if !films.isEmpty {
            let rated = histogram.reduce(0, +)
            let counted = "\(films.count) film\(films.count == 1 ? "" : "s")"
            output.say(
                StyledLine(
                    "Rated: \(rated) of \(counted) " + (year.map { "logged in \($0)" } ?? "logged or rated"), .heading
                ))
            for line in columns(histogram, library) { output.say(line) }
            for (label, list) in [("Top genres", genres), ("Top directors", directors), ("Sources", sources)] {
                let items = list.isEmpty ? ["none known"] : list.map { "\($0.name) \($0.count)" }
                for line in DisplayWidth.list("\(label): ", items, width: library.wiring.proseWidth) {
                    output.say(line)
                }
            }
        }
        let histogramJSON = histogram
        let seenJSON = seen
        output.addJSON {
            func counts(_ list: [(name: String, count: Int)]) -> JSONValue {
                .array(list.map { .object(["name": .string($0.name), "count": .int($0.count)]) })
            }
            return [
                .months: .array(months.map { .object(["month": .string($0), "seen": .int(seenJSON[$0] ?? 0)]) }),
                .ratings: .array(
                    histogramJSON.enumerated().map {
                        .object(["stars": .double(Double($0.offset + 1) / 2), "count": .int($0.element)])
                    }),
                .genres: counts(genres), .directors: counts(directors), .sources: counts(sources),
            ]
        }
        return output
    }

    /// The ratings as Letterboxd draws them: a column for each half star from ½ to 5, four lines high in
    /// eighths of a cell (or `#`), the stars under them and the counts under those.
    @MainActor func columns(_ counts: [Int], _ library: LibraryService) -> [String] {
        let height = 4
        let most = max(1, counts.max() ?? 0)
        let width = max(library.plainGlyphs ? 4 : 3, String(most).count + 1)
        func cell(_ text: String) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        let glyphs = Array(" ▁▂▃▄▅▆▇█")
        var lines: [String] = []
        for row in 0..<height {
            let floor = (height - 1 - row) * 8
            lines.append(
                counts.map { count in
                    var eighths = min(8, max(0, count * height * 8 / most - floor))
                    if count > 0, row == height - 1 { eighths = max(eighths, 1) }
                    let mark = library.plainGlyphs ? (eighths >= 4 ? "#" : " ") : String(glyphs[eighths])
                    return cell(String(repeating: mark, count: width - 1))
                }.joined())
        }
        let labels =
            library.plainGlyphs
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

    /// A horizontal bar a row, labels aligned, the longest bar as wide as the window leaves: block
    /// characters to an eighth of a cell, or `#` on a terminal without them (TERM=dumb).
    @MainActor func bars(_ rows: [(label: String, count: Int)], _ library: LibraryService) -> [String] {
        let labelWidth = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
        let countWidth = String(rows.map(\.count).max() ?? 0).count
        let most = max(1, rows.map(\.count).max() ?? 0)
        let room = max(5, min(library.wiring.width(), 80) - labelWidth - countWidth - 3)
        return rows.map { row in
            let label = row.label + String(repeating: " ", count: labelWidth - DisplayWidth.of(row.label))
            let eighths = row.count * room * 8 / most
            var bar: String
            if library.plainGlyphs {
                bar = String(repeating: "#", count: (eighths + 4) / 8)
            } else {
                bar = String(repeating: "█", count: eighths / 8)
                if eighths % 8 > 0 { bar += String(Array("▏▎▍▌▋▊▉")[eighths % 8 - 1]) }
            }
            if bar.isEmpty && row.count > 0 { bar = library.plainGlyphs ? "#" : "▏" }
            let pad = String(repeating: " ", count: max(0, room - bar.count))
            return "\(label) \(bar)\(pad) \(String(row.count).leftPadded(to: countWidth, with: " "))"
        }
    }
}
