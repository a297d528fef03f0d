import Foundation

/// Reads fields out of an untyped JSON object the way the live APIs need: a field that is missing,
/// `null`, `"N/A"` or of an unexpected type is absent, never a failure of the whole item.
struct JSONFields {
    let object: [String: Any]

    init?(_ value: Any) {
        guard let object = value as? [String: Any] else { return nil }
        self.object = object
    }

    /// A text value: strings as they are, numbers written out; `""` and `"N/A"` are absent.
    func text(_ key: String) -> String? {
        switch object[key] {
        case let string as String:
            let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty || trimmed == "N/A" ? nil : trimmed
        case let number as NSNumber:
            return Self.format(number)
        default:
            return nil
        }
    }

    /// A number: JSON numbers, or strings such as `"7.9"` and `"1,234"`.
    func number(_ key: String) -> Double? {
        switch object[key] {
        case let number as NSNumber: return number.doubleValue
        case let string as String: return Double(string.replacingOccurrences(of: ",", with: ""))
        default: return nil
        }
    }

    /// An id: integers of any size (iTunes ids pass 2^31), or their text.
    func id(_ key: String) -> String? {
        switch object[key] {
        case let number as NSNumber:
            let value = number.int64Value
            return value > 0 ? String(value) : nil
        case let string as String:
            let trimmed = string.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : trimmed
        default: return nil
        }
    }

    /// Strings from an array of strings or of objects with a `name` (iTunes genres come as either).
    func names(_ key: String) -> [String] {
        guard let array = object[key] as? [Any] else { return [] }
        return array.compactMap { element in
            if let string = element as? String { return string }
            return JSONFields(element)?.text("name")
        }
    }

    /// Parses a body as JSON, or says in a few words what came instead (a web page, nothing, a cut-short body).
    static func parse(_ body: Data, from service: String) throws(SourceError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
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

    static func format(_ number: NSNumber) -> String {
        let value = number.doubleValue
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

extension Item {
    /// Adds a field when it has a value.
    mutating func add(_ name: String, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        fields.append(Field(name, value))
    }
}
