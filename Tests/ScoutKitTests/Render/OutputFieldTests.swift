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

    /// A property's kind, read from the schema as `OutputField.Kind` declares kinds.
    static func kind(_ property: [String: Any]) -> OutputField.Kind? {
        if let value = property["const"] as? Int { return .constant(value) }
        if let ref = property["$ref"] as? String { return .shape(String(ref.split(separator: "/").last ?? "")) }
        if let words = property["enum"] as? [String] { return .words(words) }
        if property["oneOf"] != nil { return .either }
        if let types = property["type"] as? [String], types.count == 2, types[1] == "null" {
            return ["integer": .integerOrNull, "string": .stringOrNull][types[0]]
        }
        return (property["type"] as? String).flatMap {
            ["integer": .integer, "string": .string, "boolean": .boolean, "array": .array, "object": .object][$0]
        }
    }

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
                    "sources", "picked", "diary", "ratings", "watchlist", "saved", "devices",
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
