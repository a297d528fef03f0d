import Foundation
import Testing
@testable import ScoutKit

/// The fields a `--json` line may hold are declared once, in `OutputField`; the shipped schema's properties
/// are exactly those, each of the kind declared.
@Suite struct OutputFieldTests {
    static let schemaFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Schemas/scout-output.v1.json")

    /// The schema's top-level properties, and its shapes by name.
    static func schema() throws -> (properties: [String: [String: Any]], shapes: [String: Any]) {
        let object = try #require(
            try JSONSerialization.jsonObject(with: try Data(contentsOf: schemaFile)) as? [String: Any])
        let properties = try #require(object["properties"] as? [String: [String: Any]])
        return (properties, try #require(object["$defs"] as? [String: Any]))
    }

    /// A property's kind, read from the schema as `JSONKind` declares kinds.
    static func kind(_ property: [String: Any]) -> JSONKind? {
        // JSONSerialization reads `true` as a number too; its type tells them apart.
        if let value = property["const"], "\(type(of: value))".contains("Boolean") {
            return value as? Bool == true ? .alwaysTrue : nil
        }
        if let value = property["const"] as? Int { return .constant(value) }
        if let ref = property["$ref"] as? String { return .shape(shapeName(ref)) }
        if let words = property["enum"] as? [String] { return .words(words) }
        if let choices = property["oneOf"] as? [[String: Any]] {
            // A shape or null, an object or null; anything else is one of several shapes.
            let null = choices.filter { $0["type"] as? String == "null" }
            let other = choices.filter { $0["type"] as? String != "null" }
            guard choices.count == 2, null.count == 1, let one = other.first else { return .either }
            if let ref = one["$ref"] as? String { return .shapeOrNull(shapeName(ref)) }
            return one["type"] as? String == "object" ? .objectOrNull : .either
        }
        if let types = property["type"] as? [String], types.count == 2, types[1] == "null" {
            return ["integer": .integerOrNull, "number": .numberOrNull, "string": .stringOrNull][types[0]]
        }
        return (property["type"] as? String).flatMap {
            [
                "integer": .integer, "number": .number, "string": .string, "boolean": .boolean, "array": .array,
                "object": .object,
            ][$0]
        }
    }

    /// `#/$defs/item` is `item`.
    static func shapeName(_ ref: String) -> String { String(ref.split(separator: "/").last ?? "") }

    @Test func theSchemaListsEveryDeclaredFieldAndNoOther() throws {
        let (properties, _) = try Self.schema()
        let declared = Set(OutputField.allCases.map(\.rawValue))
        #expect(Set(properties.keys).subtracting(declared).sorted() == [], "in the schema, not declared")
        #expect(declared.subtracting(properties.keys).sorted() == [], "declared, not in the schema")
    }

    @Test func eachFieldIsOfTheKindDeclared() throws {
        let (properties, shapes) = try Self.schema()
        for field in OutputField.allCases {
            let property = try #require(properties[field.rawValue])
            #expect(Self.kind(property) == field.kind, "\(field.rawValue)")
            if case .shape(let name) = field.kind { #expect(shapes[name] != nil, "\(field.rawValue): $defs/\(name)") }
        }
    }

    /// A listing's kind and a sync's transport are Swift enums; the schema's words are theirs.
    @Test func wordsComeFromTheirSwiftEnums() throws {
        #expect(
            OutputField.listing.kind
                == .words([
                    "results", "favourites", "history", "denied", "sessions",
                    "sources", "picked", "diary", "ratings", "watchlist", "saved", "devices", "offers",
                ]))
        #expect(OutputField.transport.kind == .words(["git", "folder"]))
        #expect(OutputField.schema.kind == .constant(1))
    }

    /// A line is written with the declared names, whatever the view or command set them.
    @Test func aLineCarriesTheDeclaredNames() throws {
        var output = Output()
        output.command = "fav"
        output.json[.added] = .int(2)
        output.json[.new] = .bool(true)
        output.addJSON { [.listing: .string("favourites"), .items: .array([]), .total: .int(0)] }
        #expect(
            output.jsonLine()
                == #"{"added":2,"command":"fav","items":[],"listing":"favourites","new":true,"ok":true,"#
                + #""schema":1,"total":0}"#
        )
    }
}
