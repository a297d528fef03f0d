import FoundationEssentials

/// Times as `yyyy-MM-dd HH:mm` in a time zone, as a `DateFormatter` with that format writes them, without
/// one: formatting thirty thousand history lines through ICU took longer than finding them. The zone's
/// offset is asked once a day (twice, to see that the day has one offset) and reused within it.
struct MinuteFormatter {
    let timeZone: LocalTime
    /// The offset of each day asked about, nil for a day on which the offset changes.
    private var offsets: [Int: Int?] = [:]

    init(timeZone: LocalTime) {
        self.timeZone = timeZone
    }

    mutating func string(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = LocalTime.day(ofSeconds: seconds)
        if offsets[day] == nil {
            let first = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(day * 86_400)))
            let last = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(day * 86_400 + 86_399)))
            offsets[day] = .some(first == last ? first : nil)
        }
        let local = seconds + ((offsets[day] ?? nil) ?? timeZone.secondsFromGMT(for: date))
        let localDay = LocalTime.day(ofSeconds: local)
        let (year, month, dayOfMonth) = Calendar.civil(daysSince1970: localDay)
        let minuteOfDay = (local - localDay * 86_400) / 60
        guard (0...9999).contains(year) else {
            let two = { (value: Int) in String(value).leftPadded(to: 2) }
            return "\(year)-\(two(month))-\(two(dayOfMonth)) \(two(minuteOfDay / 60)):\(two(minuteOfDay % 60))"
        }
        // Sixteen bytes written in place: history lists thousands of these.
        return String(unsafeUninitializedCapacity: 16) { bytes in
            func digits(_ value: Int, _ count: Int, at start: Int) {
                var value = value
                for index in (start..<start + count).reversed() {
                    bytes[index] = UInt8(0x30 + value % 10)
                    value /= 10
                }
            }
            digits(year, 4, at: 0)
            digits(month, 2, at: 5)
            digits(dayOfMonth, 2, at: 8)
            digits(minuteOfDay / 60, 2, at: 11)
            digits(minuteOfDay % 60, 2, at: 14)
            (bytes[4], bytes[7], bytes[10], bytes[13]) = (0x2D, 0x2D, 0x20, 0x3A)
            return 16
        }
    }
}
