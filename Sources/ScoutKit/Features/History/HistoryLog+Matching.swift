import FoundationEssentials

/// `history search`: the searches whose source and terms contain a text, found through the index's folded
/// text when there is one, else by reading each search's fields from its bytes.
extension HistoryLog {
    /// The numbers of the searches whose source and terms, folded, contain `text` folded.
    public func matching(_ text: String) -> [Int] {
        let needle = Text.fold(text)
        guard !needle.isEmpty else { return [] }
        guard case .scanned(let searches, _) = storage else {
            guard case .indexed(let index) = storage else { return [] }
            return index.matching(Array(needle.utf8))
        }
        // An ASCII needle with no space can be compared with ASCII fields byte by byte: it lies within the
        // source or within one word of the terms. Other fields are folded as strings, as a decoded record would be.
        let bytewise = needle.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        let lowered = Array(needle.utf8)
        var found: [Int] = []
        // People search the same things again and again: fold each distinct text once.
        var folded: [String: Bool] = [:]
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for (index, line) in searches.enumerated() {
                let matches: Bool
                if let (source, terms) = Self.fieldsFromEnd(bytes, line)
                    ?? Self.stringValue(bytes, line, key: Self.sourceKey).flatMap({ source in
                        Self.stringValue(bytes, line, key: Self.termsKey).map { (source, $0) }
                    })
                {
                    if bytewise, Self.isASCII(bytes, source), Self.isASCII(bytes, terms) {
                        matches = Self.contains(bytes, source, lowered) || Self.contains(bytes, terms, lowered)
                    } else {
                        let text =
                            String(decoding: UnsafeBufferPointer(rebasing: bytes[source]), as: UTF8.self) + " "
                            + String(decoding: UnsafeBufferPointer(rebasing: bytes[terms]), as: UTF8.self)
                        if let known = folded[text] {
                            matches = known
                        } else {
                            matches = Text.fold(text).contains(needle)
                            folded[text] = matches
                        }
                    }
                } else if let record = decode(line) {
                    matches = Text.fold("\(record.source ?? SourceRegistry.defaultSource) \(record.terms ?? "")")
                        .contains(needle)
                } else {
                    matches = false
                }
                if matches { found.append(index + 1) }
            }
        }
        return found
    }
}
