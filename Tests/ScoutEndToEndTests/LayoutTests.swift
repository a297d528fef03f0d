import FoundationEssentials
import Foundation
import ScoutTestSupport
import Testing

/// Architecture 4's rule that a feature's store is private to its folder: the other features, the shell and
/// sync ask the feature's service (`favourites.all()`, `history.recordSearch`), never its store. Swift has no
/// access level for a folder, so this reads the library's sources as a reviewer would.
@Suite struct LayoutTests {
    static let library = ScenarioRunner.repository.appendingPathComponent("Sources/ScoutKit")
    static let features = library.appendingPathComponent("Features")

    /// Every Swift file under `folder`, as paths relative to the library's folder.
    static func swiftFiles(under folder: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appendingPathComponent($0).path.replacing(library.path + "/", with: "") }
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: library.appendingPathComponent(path)), as: UTF8.self)
    }

    /// Each feature's stores (a type named `…Store` declared in its folder), with the folder that owns it.
    static func stores() throws -> [(type: String, folder: String)] {
        var stores: [(String, String)] = []
        let declaration = /(?:final class|class|struct|actor) ([A-Z][A-Za-z]*Store)\b/
        for path in try swiftFiles(under: features) {
            let folder = path.split(separator: "/").prefix(2).joined(separator: "/")
            for match in try text(path).matches(of: declaration) { stores.append((String(match.1), folder)) }
        }
        return stores
    }

    @Test func eachFeatureDeclaresItsStores() throws {
        let owners = Dictionary(try Self.stores().map { ($0.type, $0.folder) }) { first, _ in first }
        #expect(owners["FavouritesStore"] == "Features/Favourites")
        #expect(owners["HistoryStore"] == "Features/History")
        #expect(owners["LibraryStore"] == "Features/Library")
        #expect(owners["SavedSearchStore"] == "Features/Saved")
        #expect(owners["DenyListStore"] == "Features/Deny")
    }

    /// No file outside a feature's folder names its store's type or reaches a service's `store`.
    @Test func aFeatureStoreIsReachedOnlyFromItsFolder() throws {
        let stores = try Self.stores()
        var reaches: [String] = []
        for path in try Self.swiftFiles(under: Self.library) {
            let text = try Self.text(path)
            for (type, folder) in stores where !path.hasPrefix(folder + "/") {
                if text.contains(try Regex("\\b\(type)\\b").wordBoundaryKind(.simple)) {
                    reaches.append("\(path) names \(type)")
                }
            }
            // A service's store, reached from outside: `services.history.store`, `favourites.store.all()`.
            // Simple word boundaries: Unicode's take `services.history.store` for one word.
            let reach = /\b(favourites|history|library|saved|deny)\.store\b/.wordBoundaryKind(.simple)
            for match in text.matches(of: reach) {
                let owner =
                    [
                        "favourites": "Favourites", "history": "History", "library": "Library", "saved": "Saved",
                        "deny": "Deny",
                    ][String(match.1)] ?? ""
                if !path.hasPrefix("Features/\(owner)/") { reaches.append("\(path) reaches \(match.0)") }
            }
        }
        #expect(reaches == [])
    }
}
