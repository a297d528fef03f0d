/// A plain search for a short run of elements in a buffer, shared by the history's byte reader (a key in
/// a record's line) and the picker's matcher (a word in a folded line): both look for a few elements in a
/// line of a few dozen, where a plain loop beats anything that first studies the needle.
extension UnsafeBufferPointer where Element: Equatable {
    /// Where `needle` first stands wholly inside `range`, nil when nowhere or when `needle` is empty.
    func firstIndex(of needle: [Element], in range: Range<Int>) -> Int? {
        guard let first = needle.first, range.count >= needle.count else { return nil }
        var index = range.lowerBound
        let last = range.upperBound - needle.count
        while index <= last {
            if self[index] == first {
                var offset = 1
                while offset < needle.count, self[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
