import Foundation

/// A strict JSON reader over bytes for the shapes scout writes; every method returns nil or false at the
/// first byte that is not what it expects.
struct JSONBytes {
    let bytes: UnsafeRawBufferPointer
    var at = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var atEnd: Bool {
        mutating get {
            space()
            return at == bytes.count
        }
    }

    mutating func space() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    /// Consumes `byte` (after white space) if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        space()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    mutating func null() -> Bool {
        space()
        guard at + 4 <= bytes.count, bytes[at] == 0x6E, bytes[at + 1] == 0x75, bytes[at + 2] == 0x6C, bytes[at + 3] == 0x6C else { return false }
        at += 4
        return true
    }

    /// The next member of `{ "key": value, … }` (`first` just after the `{` was taken): its key, read up to
    /// the colon so that the caller reads the value, or the end of the object, or damage.
    enum Member {
        case key(UnsafeRawBufferPointer)
        case end
        case bad
    }

    mutating func member(first: Bool) -> Member {
        if first {
            if take(0x7D) { return .end }
        } else if !take(0x2C) {
            return take(0x7D) ? .end : .bad
        }
        guard let key = plainString(), take(0x3A) else { return .bad }
        return .key(key)
    }

    /// Whether another element of `[ value, … ]` follows (`first` just after the `[` was taken); nil for damage.
    mutating func another(first: Bool) -> Bool? {
        if first { return take(0x5D) ? false : true }
        if take(0x2C) { return true }
        return take(0x5D) ? false : nil
    }

    /// A string without escapes, as its bytes.
    mutating func plainString() -> UnsafeRawBufferPointer? {
        guard take(0x22) else { return nil }
        let start = at
        while at < bytes.count {
            let byte = bytes[at]
            if byte == 0x22 {
                at += 1
                return UnsafeRawBufferPointer(rebasing: bytes[start..<(at - 1)])
            }
            if byte == 0x5C || byte < 0x20 { return nil }
            at += 1
        }
        return nil
    }

    /// A string: valid UTF-8, no raw control character, escapes as JSON has them.
    mutating func string() -> String? {
        guard take(0x22) else { return nil }
        let start = at
        var end = at, high: UInt8 = 0
        while end < bytes.count, bytes[end] != 0x22, bytes[end] != 0x5C, bytes[end] >= 0x20 {
            high |= bytes[end]
            end += 1
        }
        guard end < bytes.count else { return nil }
        if bytes[end] == 0x22 {
            at = end + 1
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<end]).assumingMemoryBound(to: UInt8.self)
            // ASCII needs no check (and the generic check costs more than the rest of the reading).
            return high < 0x80 ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
        }
        // Escapes: unescape into a buffer.
        var text = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        at = end
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case 0x22:
                return String(validating: text, as: UTF8.self)
            case 0x5C:
                guard at < bytes.count else { return nil }
                let escape = bytes[at]
                at += 1
                switch escape {
                case 0x22, 0x5C, 0x2F: text.append(escape)
                case 0x62: text.append(0x08)
                case 0x66: text.append(0x0C)
                case 0x6E: text.append(0x0A)
                case 0x72: text.append(0x0D)
                case 0x74: text.append(0x09)
                case 0x75:
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard take(0x5C), at < bytes.count, bytes[at] == 0x75 else { return nil }
                        at += 1
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        return nil
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    text.append(contentsOf: String(Character(unicode)).utf8)
                default: return nil
                }
            case 0..<0x20: return nil
            default: text.append(byte)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }

    /// A whole number of up to nine digits, without sign, fraction or exponent.
    mutating func smallInteger() -> Int? {
        space()
        var value = 0, digits = 0
        while at < bytes.count, (0x30...0x39).contains(bytes[at]), digits < 9 {
            value = value * 10 + Int(bytes[at] - 0x30)
            digits += 1
            at += 1
        }
        guard digits > 0, !(digits > 1 && bytes[at - digits] == 0x30) else { return nil }
        if at < bytes.count, bytes[at] == 0x2E || bytes[at] | 0x20 == 0x65 || (0x30...0x39).contains(bytes[at]) { return nil }
        return value
    }

    /// A date as `YYYY-MM-DDTHH:MM:SSZ`, between the years 1970 and 9999.
    mutating func date() -> Date? {
        guard let text = plainString(), text.count == 20 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in from..<(from + count) {
                guard (0x30...0x39).contains(text[index]) else { return nil }
                value = value * 10 + Int(text[index] - 0x30)
            }
            return value
        }
        guard text[4] == 0x2D, text[7] == 0x2D, text[10] == 0x54, text[13] == 0x3A, text[16] == 0x3A, text[19] == 0x5A,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              year >= 1970, (1...12).contains(month), day >= 1, day <= Calendar.daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        let days = Calendar.daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    /// `[ value, … ]`, each value read by `read`; nil at the first that does not read.
    mutating func elements<Value>(_ read: (inout JSONBytes) -> Value?) -> [Value]? {
        guard take(0x5B) else { return nil }
        var list: [Value] = []
        var more = another(first: true)
        while more == true {
            guard let value = read(&self) else { return nil }
            list.append(value)
            more = another(first: false)
        }
        return more == false ? list : nil
    }

    /// `{"first": "…", "second": "…"}`, the two keys in either order, both there and nothing else.
    mutating func stringPair(_ first: StaticString, _ second: StaticString) -> (String, String)? {
        var one: String?, two: String?
        guard take(0x7B) else { return nil }
        var step = member(first: true)
        while case .key(let key) = step {
            if Self.same(key, first), one == nil {
                guard let value = string() else { return nil }
                one = value
            } else if Self.same(key, second), two == nil {
                guard let value = string() else { return nil }
                two = value
            } else {
                return nil
            }
            step = member(first: false)
        }
        guard case .end = step, let one, let two else { return nil }
        return (one, two)
    }

    static func same(_ key: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount, let base = key.baseAddress else { return key.count == name.utf8CodeUnitCount }
        return memcmp(base, name.utf8Start, key.count) == 0
    }
}

/// JSON as `JSONEncoder.scout` writes it: two-space indents, `"key" : value`, slashes as they are.
struct JSONWriter {
    var bytes: [UInt8] = []

    mutating func open(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
    }

    mutating func close(_ bracket: Unicode.Scalar, level: Int) {
        newline(level)
        bytes.append(UInt8(ascii: bracket))
    }

    mutating func comma() {
        bytes.append(0x2C)
    }

    mutating func newline(_ level: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: level * 2))
    }

    mutating func key(_ key: StaticString, level: Int) {
        newline(level)
        bytes.append(0x22)
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: "\" : ".utf8)
    }

    mutating func array<Element>(_ elements: [Element], level: Int, _ write: (inout JSONWriter, Element, Int) -> Void) {
        open("[")
        if elements.isEmpty {
            newline(0)
            close("]", level: level)
            return
        }
        for (index, element) in elements.enumerated() {
            if index > 0 { comma() }
            newline(level + 1)
            write(&self, element, level + 1)
        }
        close("]", level: level)
    }

    mutating func string(_ text: String) {
        bytes.append(0x22)
        // Most text needs no escape: copy it whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(0x22)
            return
        }
        for byte in text.utf8 {
            switch byte {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
            case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
            case 0x08: bytes.append(contentsOf: [0x5C, 0x62])
            case 0x0C: bytes.append(contentsOf: [0x5C, 0x66])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    mutating func date(_ date: Date) {
        bytes.append(0x22)
        ISODate.append(date, to: &bytes)
        bytes.append(0x22)
    }
}

/// Dates as `YYYY-MM-DDTHH:MM:SSZ`, the second they fall in: what `JSONEncoder`'s `.iso8601` writes,
/// without a formatter (each costs as much as formatting hundreds of dates, and formatting goes through ICU).
enum ISODate {
    static func string(_ date: Date) -> String {
        var bytes: [UInt8] = []
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
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
        return "\(String(year).leftPadded(to: 4, with: "0"))-\(two(month))-\(two(dayOfMonth)) \(two(minuteOfDay / 60)):\(two(minuteOfDay % 60))"
    }
}
