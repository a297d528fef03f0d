/// What a `--json` field holds, as the schema types it.
enum JSONKind: Equatable, Sendable {
    case integer, number, string, boolean, array, object, integerOrNull, numberOrNull, stringOrNull, objectOrNull
    /// One value only (`schema`: the version).
    case constant(Int)
    /// `true` or absent (`albumOnly`).
    case alwaysTrue
    /// One of these words.
    case words([String])
    /// The schema's shape of that name (`$defs`).
    case shape(String)
    /// That shape, or null.
    case shapeOrNull(String)
    /// One of several shapes (`removed`: a count, or what the deny list dropped).
    case either
}

/// The fields of one kind of `--json` object (a favourite, a diary entry), declared once: each with the JSON
/// it holds and whether every object of the kind has it. Rows are built as a `JSONObject` of their shape, so
/// that no row can hold a field its shape does not declare; `OutputShapeTests` checks that the schema's
/// `$defs` are exactly these.
protocol JSONShape: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    /// Its name among the schema's `$defs`.
    static var schemaName: String { get }
    /// The shape whose fields it has too (a favourite is an item), as the schema's `$ref`.
    static var extends: String? { get }
    var kind: JSONKind { get }
    /// Whether every object of the shape has the field (the schema's `required`).
    var required: Bool { get }
}

extension JSONShape {
    static var extends: String? { nil }
}

/// A shape that is the row of a listing: `TypedJSON.listing` names the listing from it.
protocol JSONRowShape: JSONShape {
    static var listing: TypedJSON.Listing { get }
}

/// One object of a shape, keyed by its declared fields.
struct JSONObject<Shape: JSONShape>: Sendable {
    private(set) var fields: [String: JSONValue] = [:]

    init(_ fields: KeyValuePairs<Shape, JSONValue> = [:]) {
        for (field, value) in fields { self[field] = value }
    }

    /// An object with the fields of the shape it extends (a favourite made from its item).
    init<Base: JSONShape>(extending base: JSONObject<Base>, _ fields: KeyValuePairs<Shape, JSONValue> = [:]) {
        self.init(fields)
        self.fields.merge(base.fields) { own, _ in own }
    }

    subscript(field: Shape) -> JSONValue? {
        get { fields[field.rawValue] }
        set { fields[field.rawValue] = newValue }
    }

    var value: JSONValue { .object(fields) }
}

extension JSONObject where Shape == ItemField {
    /// A field of the item's source that the shape does not type (`director`, `genre`): a string.
    mutating func sourceField(_ name: String, _ value: String) {
        if fields[name] == nil { fields[name] = .string(value) }
    }
}
