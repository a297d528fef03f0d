import FoundationEssentials

/// A JSON value as a live API sends it, read by `JSONBytes.answer` (or, for what that does not read,
/// `JSONDecoder` through `init(from:)`). Integers are kept exactly: iTunes ids pass 2^31, and a `Double`
/// would print `1.0e+15` where the source wrote `1000000000000000`.
enum JSONAnswer: Decodable, Equatable {
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONAnswer])
    case object([String: JSONAnswer])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode([String: JSONAnswer].self) {
            self = .object(value)
        } else {
            self = .array(try container.decode([JSONAnswer].self))
        }
    }
}

/// Reads fields out of an untyped JSON object the way the live APIs need: a field that is missing,
/// `null`, `"N/A"` or of an unexpected type is absent, never a failure of the whole item.
struct JSONFields {
    /// The members read: an object's every member, or the ones a reader names (`JSONRecord`).
    private let object: [String: JSONAnswer]
    private let record: JSONRecord?

    init?(_ value: JSONAnswer) {
        guard case .object(let object) = value else { return nil }
        (self.object, self.record) = (object, nil)
    }

    init(_ record: JSONRecord) {
        (self.object, self.record) = ([:], record)
    }

    private subscript(key: String) -> JSONAnswer? {
        guard let record else { return object[key] }
        return record[key]
    }

    /// A text value: strings as they are, numbers written out; `""` and `"N/A"` are absent.
    func text(_ key: String) -> String? {
        switch self[key] {
        case .string(let string):
            let trimmed = string.trimmed()
            return trimmed.isEmpty || trimmed == "N/A" ? nil : trimmed
        case .integer(let value): return String(value)
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        default:
            return nil
        }
    }

    /// A number: JSON numbers, or strings such as `"7.9"` and `"1,234"`.
    func number(_ key: String) -> Double? {
        switch self[key] {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        case .string(let string): return Double(string.replacing(",", with: ""))
        default: return nil
        }
    }

    /// An id: integers of any size (iTunes ids pass 2^31), or their text.
    func id(_ key: String) -> String? {
        switch self[key] {
        case .integer(let value): return value > 0 ? String(value) : nil
        case .number(let value): return value >= 1 && value < 9e18 ? String(Int64(value)) : nil
        case .string(let string):
            let trimmed = string.trimmedSpaces()
            return trimmed.isEmpty ? nil : trimmed
        default: return nil
        }
    }

    /// The elements of an array; absent when the key holds something else.
    func array(_ key: String) -> [JSONAnswer]? {
        guard case .array(let array) = self[key] else { return nil }
        return array
    }

    /// The members of an object member; absent when the key holds something else.
    func object(_ key: String) -> JSONFields? {
        self[key].flatMap(JSONFields.init)
    }

    /// Strings from an array of strings or of objects with a `name` (iTunes genres come as either).
    func names(_ key: String) -> [String] {
        (array(key) ?? []).compactMap { element in
            if case .string(let string) = element { return string }
            return JSONFields(element)?.text("name")
        }
    }

    /// Parses a body as JSON, or says in a few words what came instead (a web page, nothing, a cut-short body).
    /// Scout's byte reader reads what the APIs send; `JSONDecoder`, ten times slower on an answer of fifty
    /// songs (each value tried as each type in turn), reads what it does not (a key with an escape).
    static func parse(_ body: Data, from service: String) throws(SourceError) -> JSONAnswer {
        if let answer = JSONBytes.whole(body, { $0.answer(depth: 0) }) { return answer }
        do {
            return try JSONDecoder().decode(JSONAnswer.self, from: body)
        } catch {
            let start = String(decoding: body.prefix(200), as: UTF8.self).lowercased()
            if start.contains("<html") || start.contains("<!doctype") {
                throw .undecodable(what: "\(service)'s answer", reason: "a web page came back instead of JSON")
            }
            throw .undecodable(
                what: "\(service)'s answer", reason: body.isEmpty ? "it was empty" : "not valid JSON, perhaps cut short"
            )
        }
    }
}

/// The members of a JSON object that a reader names, read from their bytes into a table by name: no
/// dictionary is built, and the values of the other members are passed over unbuilt (an iTunes song comes with
/// 35 members, of which an item reads 15).
struct JSONRecord {
    /// The names a reader reads, by length, each with its place in `values`.
    final class Names: Sendable {
        let places: [String: Int]
        private let byLength: [[(bytes: [UInt8], place: Int)]]

        init(_ names: [String]) {
            places = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            let longest = names.map(\.utf8.count).max() ?? 0
            var byLength = [[(bytes: [UInt8], place: Int)]](repeating: [], count: longest + 1)
            for (place, name) in names.enumerated() { byLength[name.utf8.count].append((Array(name.utf8), place)) }
            self.byLength = byLength
        }

        /// The place of a member's key, read as its bytes; nil for a member not read.
        func place(of key: UnsafeRawBufferPointer) -> Int? {
            guard key.count < byLength.count else { return nil }
            for candidate in byLength[key.count] where candidate.bytes.elementsEqual(key) { return candidate.place }
            return nil
        }
    }

    let names: Names
    var values: [JSONAnswer?]

    subscript(name: String) -> JSONAnswer? {
        guard let place = names.places[name] else { return nil }
        return values[place]
    }
}

extension JSONBytes {
    /// An object as a `JSONRecord` of `names`; the other members' values are checked and passed over. Nil
    /// where `answer` would give nil (but for escapes and UTF-8 in what is passed over), or for a key with an
    /// escape; the same member twice keeps the last, as a dictionary does.
    mutating func record(_ names: JSONRecord.Names, depth: Int) -> JSONRecord? {
        guard depth < 100, take(0x7B) else { return nil }
        var record = JSONRecord(names: names, values: Array(repeating: nil, count: names.places.count))
        var step = member(first: true)
        while case .key(let key) = step {
            if let place = names.place(of: key) {
                guard let value = answer(depth: depth + 1) else { return nil }
                record.values[place] = value
            } else {
                guard skip(depth: depth + 1) else { return nil }
            }
            step = member(first: false)
        }
        guard case .end = step else { return nil }
        return record
    }

    /// The records of the array under `key` in the root object (`{"results": [{…}, …], …}`), the root's other
    /// members passed over; nil where the byte reader does not read it, or the key is not there.
    mutating func records(under key: StaticString, _ names: JSONRecord.Names) -> [JSONRecord]? {
        guard take(0x7B) else { return nil }
        var found: [JSONRecord]?
        var step = member(first: true)
        while case .key(let name) = step {
            if Self.same(name, key) {
                guard let list = elements({ $0.record(names, depth: 2) }) else { return nil }
                found = list
            } else {
                guard skip(depth: 1) else { return nil }
            }
            step = member(first: false)
        }
        guard case .end = step else { return nil }
        return found
    }
}

extension Item {
    /// Adds a field when it has a value.
    mutating func add(_ name: String, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        fields.append(Field(name, value))
    }
}

extension JSONBytes {
    /// Any JSON value as a `JSONAnswer`, at most 100 arrays and objects deep (a hostile answer cannot
    /// exhaust the stack); nil at the first byte that does not read, or for an object key with an escape.
    mutating func answer(depth: Int) -> JSONAnswer? {
        guard depth < 100 else { return nil }
        space()
        guard at < bytes.count else { return nil }
        switch bytes[at] {
        case 0x22: return string().map(JSONAnswer.string)
        case 0x7B:
            at += 1
            var object: [String: JSONAnswer] = [:]
            var step = member(first: true)
            while case .key(let key) = step {
                guard let value = answer(depth: depth + 1) else { return nil }
                object[String(decoding: key, as: UTF8.self)] = value
                step = member(first: false)
            }
            guard case .end = step else { return nil }
            return .object(object)
        case 0x5B: return elements { $0.answer(depth: depth + 1) }.map(JSONAnswer.array)
        case 0x74: return literal("true") ? .bool(true) : nil
        case 0x66: return literal("false") ? .bool(false) : nil
        case 0x6E: return null() ? .null : nil
        default: return number()
        }
    }

    /// Passes over a value as `answer` would read it, without building it: false where `answer` gives nil
    /// (but for a string's escapes and UTF-8, which are not checked).
    mutating func skip(depth: Int) -> Bool {
        guard depth < 100 else { return false }
        space()
        guard at < bytes.count else { return false }
        switch bytes[at] {
        case 0x22:
            at += 1
            while at < bytes.count {
                switch bytes[at] {
                case 0x22:
                    at += 1
                    return true
                case 0x5C: at += 2
                case 0..<0x20: return false
                default: at += 1
                }
            }
            return false
        case 0x7B:
            at += 1
            var step = member(first: true)
            while case .key = step {
                guard skip(depth: depth + 1) else { return false }
                step = member(first: false)
            }
            guard case .end = step else { return false }
            return true
        case 0x5B:
            at += 1
            var more = another(first: true)
            while more == true {
                guard skip(depth: depth + 1) else { return false }
                more = another(first: false)
            }
            return more == false
        case 0x74: return literal("true")
        case 0x66: return literal("false")
        case 0x6E: return null()
        default: return number() != nil
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        guard at + word.utf8CodeUnitCount <= bytes.count,
            Self.same(UnsafeRawBufferPointer(rebasing: bytes[at..<at + word.utf8CodeUnitCount]), word)
        else { return false }
        at += word.utf8CodeUnitCount
        return true
    }

    /// A JSON number: an integer that fits 64 bits exactly, else a double.
    private mutating func number() -> JSONAnswer? {
        let start = at
        var whole = true
        scan: while at < bytes.count {
            switch bytes[at] {
            case 0x30...0x39, 0x2D: break
            case 0x2B, 0x2E, 0x45, 0x65: whole = false
            default: break scan
            }
            at += 1
        }
        guard at > start, at - start <= 64 else { return nil }
        // What Swift's own parsers take of it: `Int64` an integer that fits, else `Double`.
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        if whole, let integer = Int64(text) { return .integer(integer) }
        return Double(text).map(JSONAnswer.number)
    }
}
