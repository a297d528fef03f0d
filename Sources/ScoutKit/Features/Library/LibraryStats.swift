/// What `stats [YEAR]` counts, from the library's shelf: diary entries a month (a film seen twice is two), and
/// of the films logged (in YEAR) or rated, the ratings as half stars and the names counted most.
struct LibraryStats: Sendable {
    typealias Count = (name: String, count: Int)
    /// YEAR, or nil for the last twelve months and every film logged or rated.
    var year: Int?
    /// The months charted, oldest first (`2026-11`), and the entries logged in each.
    var months: [String]
    var seen: [String: Int]
    /// The diary's entries, and the years they were watched in (nil: none).
    var diaryCount: Int
    var diaryYears: ClosedRange<Int>?
    /// The films the rest counts, how many of them are rated at each half star, and the names counted most.
    var films: Int
    var histogram: [Int]
    var genres, directors, sources: [Count]

    /// How many names a ranking keeps (more where the last ones tie).
    static let top = 5

    /// The entries in the months charted.
    var total: Int { months.reduce(0) { $0 + (seen[$1] ?? 0) } }
}

extension LibraryService {
    /// `stats [YEAR]`: the counts, as `StatsView` shows them.
    func stats(year: Int?) throws -> LibraryStats {
        let shelf = try store.shelf()
        // The months charted, oldest first: YEAR's, or the twelve up to this one.
        let months: [String]
        if let year {
            months = (1...12).map { Day.format(year: year, month: $0, day: 1).prefix(7) }.map(String.init)
        } else {
            let today = Day.of(wiring.context.now())
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
        func ranked(_ fill: (inout [Int]) -> Void) -> [LibraryStats.Count] {
            var counts = [Int](repeating: 0, count: shelf.nameCount)
            fill(&counts)
            // By count, then by name among those that tie with the last kept: names are read for those alone.
            let byCount = counts.indices.filter { counts[$0] > 0 }.sorted { counts[$0] > counts[$1] }
            guard byCount.count > LibraryStats.top else {
                return byCount.map { (shelf.name(Int32($0)), counts[$0]) }.sorted {
                    ($1.count, $0.name) < ($0.count, $1.name)
                }
            }
            let floor = counts[byCount[LibraryStats.top - 1]]
            return byCount.prefix { counts[$0] >= floor }.map { (name: shelf.name(Int32($0)), count: counts[$0]) }
                .sorted { ($1.count, $0.name) < ($0.count, $1.name) }.prefix(LibraryStats.top).map { $0 }
        }
        return LibraryStats(
            year: year, months: months, seen: seen, diaryCount: shelf.diaryCount,
            diaryYears: firstYear <= lastYear ? firstYear...lastYear : nil, films: films.count, histogram: histogram,
            genres: ranked { counts in for film in films { for n in shelf.genres(of: film) { counts[Int(n)] += 1 } } },
            directors: ranked { counts in
                for film in films { for n in shelf.directors(of: film) { counts[Int(n)] += 1 } }
            },
            sources: ranked { counts in for film in films { counts[Int(shelf.origin(film))] += 1 } })
    }
}
