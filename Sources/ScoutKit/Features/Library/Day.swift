import FoundationEssentials
import Glibc

/// Days as the library keeps them, `YYYY-MM-DD`, read from what exports and people write.
enum Day {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    /// The weekday of 1 January 1970 first, as `Calendar.daysSince1970` counts.
    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

    /// The day `date` falls on where the user is (`TZ`).
    static func of(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return format(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    static func format(year: Int, month: Int, day: Int) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// A day from `2024-01-22` (Letterboxd, IMDb), `1/22/2024` (a spreadsheet's re-save, month first),
    /// `Thu Aug 14 16:20:52 2014` (IMDb before 2017) or `2024-01-22T10:00:00Z`; nil for anything else or a
    /// day that does not exist.
    static func parse(_ text: String) -> String? {
        let text = text.trimmedSpaces()
        var parts: (year: Int, month: Int, day: Int)?
        let dashed = text.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
        if dashed.count == 3, dashed[0].count == 4, let y = Int(dashed[0]), let m = Int(dashed[1]),
            let d = Int(dashed[2]),
            text.count == 10 || text.dropFirst(10).first == "T" || text.dropFirst(10).first == " "
        {
            parts = (y, m, d)
        } else if case let slashed = text.split(separator: " ").first?.split(separator: "/") ?? [], slashed.count == 3,
            let m = Int(slashed[0]), let d = Int(slashed[1]), let y = Int(slashed[2]), slashed[2].count == 4
        {
            parts = (y, m, d)
        } else {
            let words = text.split(separator: " ")
            if words.count == 5, let m = months.firstIndex(of: words[1].lowercased()), let d = Int(words[2]),
                let y = Int(words[4])
            {
                parts = (y, m + 1, d)
            }
        }
        guard let (y, m, d) = parts, (1870...9999).contains(y), (1...12).contains(m),
            (1...Calendar.daysIn(month: m, year: y)).contains(d)
        else { return nil }
        return format(year: y, month: m, day: d)
    }

    /// A day as `seen` and `diary edit` take it: `2026-11-22`, `today` or `yesterday`, as typed (read against
    /// the clock when the command runs).
    static func word(_ text: String) throws(UsageError) -> String {
        let word = text.lowercased()
        guard word == "today" || word == "yesterday" || parse(word) != nil, word.count <= 10 else {
            throw UsageError("\"\(Text.brief(text))\" is not a day: give 2026-11-22, today or yesterday")
        }
        return word
    }

    /// The day a `word` names on the day of `now`; not in the future.
    static func resolved(_ word: String?, now: Date) throws(UsageError) -> String {
        let today = of(now)
        let day: String =
            switch word {
            case nil, "today"?: today
            case "yesterday"?: of(now.addingTimeInterval(-86_400))
            case let text?: parse(text) ?? today
            }
        guard day <= today else {
            throw UsageError("\(day) is in the future: the diary keeps what you have seen, up to today")
        }
        return day
    }
}
