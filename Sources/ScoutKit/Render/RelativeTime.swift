import Foundation

/// "just now", "5 minutes ago", "yesterday", "3 days ago", with the date beside it.
public enum RelativeTime {
    public static func describe(_ then: Date, now: Date, calendar: Calendar) -> String {
        let seconds = Int(now.timeIntervalSince(then))
        if seconds < 60 { return "just now" }
        if seconds < 3600 { return plural(seconds / 60, "minute") + " ago" }
        let days =
            calendar.dateComponents([.day], from: calendar.startOfDay(for: then), to: calendar.startOfDay(for: now)).day
            ?? 0
        if days == 0 { return plural(seconds / 3600, "hour") + " ago" }
        if days == 1 { return "yesterday" }
        if days < 14 { return "\(days) days ago" }
        if days < 60 { return plural(days / 7, "week") + " ago" }
        if days < 730 { return plural(days / 30, "month") + " ago" }
        return plural(days / 365, "year") + " ago"
    }

    public static func date(_ date: Date, calendar: Calendar) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "EEE d MMM yyyy, HH:mm"
        return formatter.string(from: date)
    }

    static func plural(_ n: Int, _ unit: String) -> String {
        n == 1 ? "1 \(unit)" : "\(n) \(unit)s"
    }
}
