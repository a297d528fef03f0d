import FoundationEssentials
import Glibc

/// Dates as `YYYY-MM-DDTHH:MM:SSZ`, the second they fall in: what `JSONEncoder`'s `.iso8601` writes,
/// without a formatter (each costs as much as formatting hundreds of dates, and formatting goes through ICU).
public enum ISODate {
    static func string(_ date: Date) -> String {
        var bytes: [UInt8] = []
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` read back, between the years 1970 and 9999; nil for anything else.
    public static func date(_ text: String) -> Date? { date(Array(text.utf8)) }

    static func date<Bytes: RandomAccessCollection<UInt8>>(_ text: Bytes) -> Date? where Bytes.Index == Int {
        guard text.count == 20 else { return nil }
        let start = text.startIndex
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in (start + from)..<(start + from + count) {
                guard (0x30...0x39).contains(text[index]) else { return nil }
                value = value * 10 + Int(text[index] - 0x30)
            }
            return value
        }
        guard text[start + 4] == 0x2D, text[start + 7] == 0x2D, text[start + 10] == 0x54, text[start + 13] == 0x3A,
            text[start + 16] == 0x3A, text[start + 19] == 0x5A,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            year >= 1970, (1...12).contains(month), day >= 1, day <= Calendar.daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = Calendar.daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    static func append(_ date: Date, to bytes: inout [UInt8]) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int32, _ count: Int, then separator: UInt8) {
            var divisor: Int32 = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                bytes.append(0x30 + UInt8((value / divisor) % 10))
                divisor /= 10
            }
            bytes.append(separator)
        }
        digits(parts.tm_year + 1900, 4, then: 0x2D)
        digits(parts.tm_mon + 1, 2, then: 0x2D)
        digits(parts.tm_mday, 2, then: 0x54)
        digits(parts.tm_hour, 2, then: 0x3A)
        digits(parts.tm_min, 2, then: 0x3A)
        digits(parts.tm_sec, 2, then: 0x5A)
    }
}

extension Calendar {
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of the proleptic Gregorian calendar that is `days` from 1970-01-01 (Hinnant's civil_from_days).
    static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
