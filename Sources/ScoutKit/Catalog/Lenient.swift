/// A value that decodes to nil instead of failing its whole array.
struct Lenient<Value: Decodable>: Decodable {
    var value: Value?
    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
