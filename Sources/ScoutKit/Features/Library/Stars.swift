/// Stars, as `rate` and `ratings --min` read them.
enum Stars {
    /// Stars as `rate` and `ratings --min` take them: 0.5 to 5 in halves (`4`, `3.5`, `4,5`, `★★★½`).
    static func parse(_ text: String) throws(UsageError) -> Double {
        if let points = outOfTen(text) { return Double(points) / 2 }
        let glyphs = text.filter { $0 == "★" || $0 == "½" }
        let value: Double? =
            !glyphs.isEmpty && glyphs.count == text.count
            ? Double(glyphs.filter { $0 == "★" }.count) + (glyphs.contains("½") ? 0.5 : 0)
            : Double(text.replacing(",", with: "."))
        guard let value, value >= 0.5, value <= 5, (value * 2).rounded() == value * 2 else {
            throw UsageError(
                "\"\(Text.brief(text))\" is not a rating: give 0.5 to 5 stars in halves, such as 3.5, or 1/10 to 10/10")
        }
        return value
    }

    /// IMDb's points out of ten as its users write them (`8/10`), 1 to 10: half as many stars.
    static func outOfTen(_ text: String) -> Int? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].trimmedSpaces() == "10", let points = Int(parts[0].trimmedSpaces()),
            (1...10).contains(points)
        else { return nil }
        return points
    }

    /// `4 stars`, `3.5 stars`, `1 star`.
    static func count(_ stars: Double) -> String {
        let number = stars == stars.rounded() ? String(Int(stars)) : String(stars)
        return number + (stars == 1 ? " star" : " stars")
    }
}
