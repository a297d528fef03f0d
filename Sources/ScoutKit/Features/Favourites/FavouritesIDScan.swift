import FoundationEssentials
/// The favourites' ids read from the file's bytes without decoding it (`fav add` and the `★` column need
/// only these).
extension FavouritesStore {
    /// The `id` of each favourite (the key at the third level of `{"favourites": [{…}]}`), when the file
    /// closes every string and bracket and no id holds an escape; nil otherwise.
    static func scanIDs(_ data: Data) -> Set<String>? {
        data.withUnsafeBytes { raw -> Set<String>? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var ids: Set<String> = []
            var depth = 0, index = 0
            var keyIsID = false, afterKey = false
            var inFavourites = false, afterTopKey = false
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x22:
                    // A string: find its end; note escapes.
                    var end = index + 1, escaped = false
                    while end < bytes.count, bytes[end] != 0x22 {
                        if bytes[end] == 0x5C {
                            escaped = true
                            end += 1
                        }
                        end += 1
                    }
                    guard end < bytes.count else { return nil }
                    if depth == 1 {
                        if !afterTopKey {
                            inFavourites = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]).elementsEqual(
                                "favourites".utf8)
                        }
                        afterTopKey = false
                    }
                    if depth == 3 && inFavourites {
                        let text = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
                        if afterKey {
                            if keyIsID {
                                guard !escaped else { return nil }
                                ids.insert(String(decoding: text, as: UTF8.self))
                            }
                            afterKey = false
                            keyIsID = false
                        } else {
                            keyIsID = text.elementsEqual("id".utf8)
                        }
                    }
                    index = end
                case 0x3A:
                    if depth == 3 { afterKey = true }
                    if depth == 1 { afterTopKey = true }
                case 0x2C:
                    if depth == 3 {
                        afterKey = false
                        keyIsID = false
                    }
                    if depth == 1 { afterTopKey = false }
                case 0x7B, 0x5B:
                    depth += 1
                    afterKey = false
                case 0x7D, 0x5D:
                    depth -= 1
                    guard depth >= 0 else { return nil }
                default: break
                }
                index += 1
            }
            return depth == 0 ? ids : nil
        }
    }
}
