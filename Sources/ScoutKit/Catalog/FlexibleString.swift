/// A JSON string or number read as text: ids, years and ratings come as either.
struct FlexibleString: Decodable, Hashable {
    var value: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
            value = String(int)
        } else if let double = try? container.decode(Double.self) {
            value = String(double)
        } else {
            value = try container.decode(String.self)
        }
    }
}
