import Foundation

/// One cached answer on disk: `$XDG_CACHE_HOME/scout/<hash>.json`.
struct CacheEntry: Codable, Equatable {
    var url: String
    var storedAt: Date
    var status: Int
    var body: Data
}
