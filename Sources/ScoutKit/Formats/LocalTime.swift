import FoundationEssentials
import Glibc

/// The user's time zone as the C library reads it (`TZ`, else /etc/localtime), which is what `date` and `ls`
/// show. Without ICU, which scout does not link, FoundationEssentials' `TimeZone.current` is GMT whatever the
/// machine says; a `TimeZone` given by a test (UTC, or a named zone where Foundation is linked) is used as it is.
public struct LocalTime: Sendable {
    private let zone: TimeZone?

    /// The process's own time zone, through `localtime_r`.
    public static let system = LocalTime(zone: nil)

    public init(_ zone: TimeZone) { self.zone = zone }
    private init(zone: TimeZone?) { self.zone = zone }

    public func secondsFromGMT(for date: Date) -> Int {
        if let zone { return zone.secondsFromGMT(for: date) }
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return parts.tm_gmtoff
    }

    /// The local time as seconds since 1970-01-01 00:00 of the same wall clock.
    func wallSeconds(_ date: Date) -> Int {
        Int(date.timeIntervalSince1970.rounded(.down)) + secondsFromGMT(for: date)
    }

    /// The local date, as days since 1970-01-01.
    func day(of date: Date) -> Int { Self.day(ofSeconds: wallSeconds(date)) }

    /// The day a count of seconds since 1970-01-01 falls in (rounded down, before 1970 too).
    static func day(ofSeconds seconds: Int) -> Int {
        seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    }
}
