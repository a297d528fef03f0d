import Foundation
import Testing
@testable import ScoutKit

/// Artwork as a service, offline: what it finds in the art cache, what it says when an image is not there,
/// and which images a lowered cap keeps.
@MainActor @Suite struct ArtServiceTests {
    nonisolated static let noon = Date(timeIntervalSince1970: 1_795_000_000)
    static let small = "https://is1-ssl.mzstatic.com/image/thumb/a/b/100x100bb.jpg"
    static let large = "https://is1-ssl.mzstatic.com/image/thumb/a/b/600x600bb.jpg"
    static let album = Item(id: "itunes:5", title: "Blue", fields: [.init("artwork", small)])
    static let poster = "https://m.media-amazon.com/images/M/heat.jpg"

    @Test func offlineTheCacheAnswersAndWhatItLacksIsSaidWithHowToGetIt() async throws {
        let folder = try TempFolder()
        let screen = RowsScreen([Self.album])
        let services = Services.made(in: folder, at: Self.noon, screen: screen, offline: true)
        let art = services.art
        _ = try services.favourites.add(try RangeSpec.parse("1"), tags: [])
        #expect(art.favouriteURLs() == [Self.small, Self.large])
        await #expect(
            throws: SourceError.notConfigured(
                "it is not in the art cache and scout is offline (fav add fetches a favourite's artwork again once "
                    + "online)")
        ) { try await art.bytes(Self.album.artworkURLs(large: true)) }
        await #expect(
            throws: SourceError.notConfigured(
                "it is not in the art cache and scout is offline (a favourite's artwork is kept when it is added)")
        ) { try await art.bytes([Self.poster]) }
        // The 600x600 asked for is not kept, the 100x100 is: that one is drawn.
        art.cache.keep(Data("small".utf8), for: Self.small, capBytes: 1 << 20, favourites: [])
        art.cache.keep(Data("other".utf8), for: Self.poster, capBytes: 1 << 20, favourites: [])
        #expect(try await art.bytes(Self.album.artworkURLs(large: true)) == Data("small".utf8))
        #expect(try await art.bytes([Self.poster]) == Data("other".utf8))
        withExtendedLifetime((screen, services)) {}
    }
}
