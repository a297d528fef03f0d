import Foundation
import Testing
@testable import ScoutKit

/// The shapes of `--json`'s rows and objects are declared once, as `JSONShape`s; the shipped schema's
/// `$defs` are exactly those, each field of the kind declared, and each listing's rows are of the shape that
/// names the listing.
@Suite struct OutputShapeTests {
    /// Every shape `--json` writes.
    static let shapes: [any JSONShape.Type] = [
        ItemField.self, PriceField.self, FavouriteField.self, HistoryEntryField.self, DeniedField.self,
        SavedSessionField.self, SourceRowField.self, PickedField.self, DeviceField.self, LibraryFilmField.self,
        DiaryEntryField.self, RatingRowField.self, WantedRowField.self, SavedSearchField.self,
        CheckedSearchField.self, WatchOfferField.self,
    ]

    /// A shape's fields as (name, kind, required), read from the declaration.
    static func declared<Shape: JSONShape>(_ shape: Shape.Type) -> [String: (JSONKind, Bool)] {
        Dictionary(uniqueKeysWithValues: Shape.allCases.map { ($0.rawValue, ($0.kind, $0.required)) })
    }

    /// The shape a `$defs` entry is, following an entry that only names another (`item` is `itemFields`).
    static func resolve(_ name: String, in shapes: [String: Any]) -> String {
        guard let shape = shapes[name] as? [String: Any], shape["properties"] == nil,
            let ref = shape["$ref"] as? String
        else { return name }
        return resolve(OutputFieldTests.shapeName(ref), in: shapes)
    }

    @Test func everyShapeIsInTheSchemaWithExactlyItsFieldsOfTheirKinds() throws {
        let (_, shapes) = try OutputFieldTests.schema()
        for shape in Self.shapes {
            let schema = try #require(shapes[shape.schemaName] as? [String: Any], "$defs/\(shape.schemaName)")
            let properties = try #require(schema["properties"] as? [String: [String: Any]], "\(shape.schemaName)")
            let required = Set(schema["required"] as? [String] ?? [])
            let declared = Self.declared(shape)
            #expect(Set(properties.keys) == Set(declared.keys), "\(shape.schemaName): its fields")
            for (name, (kind, isRequired)) in declared {
                let property = try #require(properties[name], "\(shape.schemaName).\(name)")
                #expect(OutputFieldTests.kind(property) == kind, "\(shape.schemaName).\(name)")
                #expect(required.contains(name) == isRequired, "\(shape.schemaName).\(name) required")
                for case .shape(let ref) in [kind] {
                    #expect(shapes[ref] != nil, "\(shape.schemaName).\(name): $defs/\(ref)")
                }
            }
            #expect((schema["$ref"] as? String).map(OutputFieldTests.shapeName) == shape.extends, "\(shape.schemaName)")
        }
    }

    /// No `$defs` entry is left without a declaration, but the value types (a date, a day, stars) and names
    /// for another shape (`item`, `deniedEntry`).
    @Test func everySchemaShapeWithFieldsIsDeclared() throws {
        let (_, shapes) = try OutputFieldTests.schema()
        let withFields = shapes.filter { ($0.value as? [String: Any])?["properties"] != nil }.map(\.key)
        #expect(Set(withFields) == Set(Self.shapes.map { $0.schemaName }))
    }

    /// The schema says which shape each listing's rows are; it is the shape that names that listing.
    @Test func eachListingsRowsAreOfTheShapeThatNamesIt() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: try Data(contentsOf: OutputFieldTests.schemaFile))
                as? [String: Any])
        let (_, shapes) = try OutputFieldTests.schema()
        var inSchema: [String: String] = [:]
        for rule in object["allOf"] as? [[String: Any]] ?? [] {
            let condition = (rule["if"] as? [String: Any])?["properties"] as? [String: [String: Any]]
            guard let listing = condition?["listing"]?["const"] as? String,
                let then = (rule["then"] as? [String: Any])?["properties"] as? [String: [String: Any]],
                let ref = (then["items"]?["items"] as? [String: Any])?["$ref"] as? String
            else { continue }
            inSchema[listing] = Self.resolve(OutputFieldTests.shapeName(ref), in: shapes)
        }
        var declared: [String: String] = [:]
        for case let row as any JSONRowShape.Type in Self.shapes { declared[row.listing.rawValue] = row.schemaName }
        #expect(inSchema == declared)
        #expect(Set(declared.keys) == Set(TypedJSON.Listing.allCases.map(\.rawValue)), "a shape for every listing")
    }

    /// A row is written with its shape's names, and an item keeps its source's other fields as strings.
    @Test func aRowCarriesItsShapesNames() throws {
        let item = Item(
            id: "itunes:1", title: "Blue",
            fields: [
                .init("year", "1971"), .init("price", "album only"),
                .init("genre", "Folk"), .init("url", "not the url"),
            ], url: "https://example.com/blue")
        let favourite = JSONObject<FavouriteField>(
            extending: TypedJSON.item(item),
            [.n: .int(1), .addedAt: .string("2026-11-22T19:14:00Z"), .tags: .array([])])
        let data = try JSONEncoder.scoutLine.encode(favourite.value)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"addedAt":"2026-11-22T19:14:00Z","albumOnly":true,"genre":"Folk","id":"itunes:1","n":1,"#
                + #""price":null,"source":"itunes","tags":[],"title":"Blue","url":"https://example.com/blue","#
                + #""year":1971}"#)
    }
}
