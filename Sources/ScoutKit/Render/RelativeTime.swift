import FoundationEssentials

/// "just now", "5 minutes ago", "yesterday", "3 days ago", with the date beside it.
public enum RelativeTime {
    public static func describe(_ then: Date, now: Date, in time: LocalTime) -> String {
        let seconds = Int(now.timeIntervalSince(then))
        if seconds < 60 { return "just now" }
        if seconds < 3600 { return plural(seconds / 60, "minute") + " ago" }
        let days = time.day(of: now) - time.day(of: then)
        if days == 0 { return plural(seconds / 3600, "hour") + " ago" }
        if days == 1 { return "yesterday" }
        if days < 14 { return "\(days) days ago" }
        if days < 60 { return plural(days / 7, "week") + " ago" }
        if days < 730 { return plural(days / 30, "month") + " ago" }
        return plural(days / 365, "year") + " ago"
    }

    /// `Thu 26 Nov 2026, 09:05`, in the user's time zone.
    public static func date(_ date: Date, in time: LocalTime) -> String {
        let wall = time.wallSeconds(date)
        let day = LocalTime.day(ofSeconds: wall)
        let (year, month, dayOfMonth) = Calendar.civil(daysSince1970: day)
        let minute = (wall - day * 86_400) / 60
        let two = { (value: Int) in String(value).leftPadded(to: 2) }
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((day % 7) + 7) % 7]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekday) \(dayOfMonth) \(months[month - 1]) \(year), \(two(minute / 60)):\(two(minute % 60))"
    }

    static func plural(_ n: Int, _ unit: String) -> String {
        n == 1 ? "1 \(unit)" : "\(n) \(unit)s"
    }
}
