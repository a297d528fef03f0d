import Foundation

/// Times as `yyyy-MM-dd HH:mm` in a time zone, as a `DateFormatter` with that format writes them, without
/// one: formatting thirty thousand history lines through ICU took longer than finding them. The zone's
/// offset is asked once a day (twice, to see that the day has one offset) and reused within it.
struct MinuteFormatter {
    let timeZone: TimeZone
    /// The offset of each day asked about, nil for a day on which the offset changes.
    private var offsets: [Int: Int?] = [:]

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    mutating func string(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        if offsets[day] == nil {
            let first = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(day * 86_400)))
            let last = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(day * 86_400 + 86_399)))
            offsets[day] = .some(first == last ? first : nil)
        }
        let local = seconds + ((offsets[day] ?? nil) ?? timeZone.secondsFromGMT(for: date))
        let localDay = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let (year, month, dayOfMonth) = Calendar.civil(daysSince1970: localDay)
        let minuteOfDay = (local - localDay * 86_400) / 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return
            "\(String(year).leftPadded(to: 4, with: "0"))-\(two(month))-\(two(dayOfMonth)) "
            + "\(two(minuteOfDay / 60)):\(two(minuteOfDay % 60))"
    }
}
