/// Stars, as `rate` and `ratings --min` read them.
enum Stars {
    /// Stars as `rate` and `ratings --min` take them: 0.5 to 5 in halves (`4`, `3.5`, `4,5`, `★★★½`).
    static func parse(_ text: String) throws(UsageError) -> Double {
        let glyphs = text.filter { $0 == "★" || $0 == "½" }
        let value: Double? =
            !glyphs.isEmpty && glyphs.count == text.count
            ? Double(glyphs.filter { $0 == "★" }.count) + (glyphs.contains("½") ? 0.5 : 0)
            : Double(text.replacing(",", with: "."))
        guard let value, value >= 0.5, value <= 5, (value * 2).rounded() == value * 2 else {
            throw UsageError("\"\(Text.brief(text))\" is not a rating: give 0.5 to 5 stars in halves, such as 3.5")
        }
        return value
    }
}
