import Foundation
import ScoutTestSupport
import Testing

@testable import ScoutKit

/// Decoding (libjpeg-turbo, libpng) and drawing (libchafa), read back: the pixels kitty and iTerm2 are sent,
/// and the colours symbols show, are the source image's.
@Suite struct ArtImageTests {
    static let red: [UInt8] = [255, 0, 0], green: [UInt8] = [0, 255, 0]
    static let blue: [UInt8] = [0, 0, 255], yellow: [UInt8] = [255, 255, 0]
    /// The quadrants, top left, top right, bottom left, bottom right.
    static let quadrantColours = [red, green, blue, yellow]

    /// Four flat quadrants as RGBA, 64 x 64.
    static var quadrants: ArtImage {
        let rgb = ArtSample.quadrants(width: 64, height: 64)
        var rgba: [UInt8] = []
        for pixel in 0..<64 * 64 { rgba += rgb[pixel * 3..<pixel * 3 + 3] + [255] }
        return ArtImage(width: 64, height: 64, pixels: rgba)
    }

    /// The colour at the centre of each quadrant of `pixels`.
    static func quadrantCentres(_ pixels: ArtPayload.Pixels) -> [[UInt8]] {
        let (w, h) = (pixels.width, pixels.height)
        return [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)].map {
            pixels.colour(x: $0.0, y: $0.1)
        }
    }

    @Test func jpegAndPngDecodeToTheirPixels() throws {
        let rgb = ArtSample.quadrants(width: 64, height: 64)
        let jpeg = try #require(ArtSample.jpeg(rgb: rgb, width: 64, height: 64))
        let decoded = try ArtImage.decode(jpeg)
        #expect((decoded.width, decoded.height) == (64, 64))
        let pixels = ArtPayload.Pixels(width: 64, height: 64, rgba: decoded.pixels)
        for (centre, colour) in zip(Self.quadrantCentres(pixels), Self.quadrantColours) {
            #expect(ArtPayload.near(centre, colour), "JPEG centre \(centre), expected \(colour)")
        }
        let png = try #require(ArtSample.png(rgba: Self.quadrants.pixels, width: 64, height: 64))
        #expect(try ArtImage.decode(png) == Self.quadrants) // lossless: exactly
    }

    @Test func aLargeJpegIsScaledDownWhileDecoding() throws {
        let jpeg = try #require(
            ArtSample.jpeg(rgb: ArtSample.poster(width: 1600, height: 2400), width: 1600, height: 2400))
        // Covering 300 x 400 allows 1/4 (400 x 600), not 1/8 (200 x 300).
        let scaled = try ArtImage.decode(jpeg, fitting: (300, 400))
        #expect((scaled.width, scaled.height) == (400, 600))
        #expect(scaled.pixels.count == 400 * 600 * 4)
        let whole = try ArtImage.decode(jpeg)
        #expect((whole.width, whole.height) == (1600, 2400))
    }

    @Test func badImagesAreOneLineEach() throws {
        let jpeg = try #require(ArtSample.jpeg(rgb: ArtSample.poster(width: 300, height: 445), width: 300, height: 445))
        #expect(throws: ArtError.damaged(format: .jpeg, reason: "Premature end of JPEG file")) {
            try ArtImage.decode(jpeg.prefix(jpeg.count / 2))
        }
        let html = Data("<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head></html>".utf8)
        #expect(throws: ArtError.notAnImage(what: "an HTML page")) { try ArtImage.decode(html) }
        #expect(throws: ArtError.notAnImage(what: "a GIF image (scout draws JPEG and PNG)")) {
            try ArtImage.decode(Data("GIF89a\u{1}\u{0}".utf8))
        }
        #expect(throws: ArtError.notAnImage(what: "nothing (an empty answer)")) { try ArtImage.decode(Data()) }
        let error = try #require(throws: ArtError.self) { try ArtImage.decode(jpeg.prefix(jpeg.count / 2)) }
        #expect(error.description == "the JPEG is damaged or too large (Premature end of JPEG file)")
        // A PNG past the pixel cap is refused before its pixels are allocated.
        var header = Array(try #require(ArtSample.png(rgba: [0, 0, 0, 255], width: 1, height: 1)))
        header.replaceSubrange(16..<24, with: [0, 0, 0x2E, 0xE0, 0, 0, 0x2E, 0xE0]) // 12,000 x 12,000
        #expect(throws: ArtError.self) { try ArtImage.decode(Data(header)) }
    }

    @Test func hugeJpegsAreScaledOrRefusedWithinMemory() throws {
        // Baseline: decoded at 1/8, 1500 x 1500, whatever the target.
        let baseline = try #require(ArtSample.flatJPEG(width: 12_000, height: 12_000))
        let scaled = try ArtImage.decode(baseline, fitting: (1200, 760))
        #expect((scaled.width, scaled.height) == (1500, 1500))
        #expect(scaled.pixels[0..<3] == [128, 128, 128])
        // Progressive: its coefficients would take about 290 MB; libjpeg is held to 96 MB and stops.
        let progressive = try #require(ArtSample.flatJPEG(width: 12_000, height: 12_000, progressive: true))
        let error = try #require(throws: ArtError.self) { try ArtImage.decode(progressive, fitting: (1200, 760)) }
        #expect(
            error.description
                == "the JPEG is damaged or too large (12000 x 12000 pixels, progressive, need more memory than scout "
                + "gives an image)")
    }

    @Test func kittyPayloadDecodesToTheSourcePixels() throws {
        let terminal = ArtTerminal(drawing: .kitty, colours: .truecolor)
        let drawing = ArtDrawing.draw(Self.quadrants, for: terminal, columns: 8, rows: 4, cell: (8, 16))
        #expect((drawing.columns, drawing.rows) == (8, 4))
        let bytes = try #require(drawing.pieces.first)
        // Compressed (o=z): the same pixels in fewer bytes than chafa's plain base64 of them.
        #expect(bytes.starts(with: Array("\u{1B}_Ga=T,f=32,o=z,s=64,v=64,c=8,r=4,m=".utf8)))
        #expect(bytes.count < 64 * 64 * 4 * 4 / 3)
        let pixels = try #require(ArtPayload.kitty(bytes))
        #expect((pixels.width, pixels.height) == (64, 64))
        #expect(Self.quadrantCentres(pixels) == Self.quadrantColours)
        // Chunks of at most 4096 bytes of base64.
        let text = String(decoding: bytes, as: UTF8.self)
        for chunk in text.components(separatedBy: "\u{1B}_G").dropFirst() {
            let payload = chunk.split(separator: ";", maxSplits: 1).dropFirst().first ?? ""
            #expect(payload.prefix { $0 != "\u{1B}" }.count <= 4096)
        }
    }

    @Test func itermPayloadDecodesToTheSourcePixels() throws {
        let terminal = ArtTerminal(drawing: .iterm, colours: .truecolor)
        let drawing = ArtDrawing.draw(Self.quadrants, for: terminal, columns: 8, rows: 4, cell: (8, 16))
        let bytes = try #require(drawing.pieces.first)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("\u{1B}]1337;File=inline=1;width=8;height=4;"))
        #expect(bytes.last == 0x07)
        let pixels = try #require(ArtPayload.iterm(bytes))
        #expect(Self.quadrantCentres(pixels) == Self.quadrantColours)
    }

    @Test func symbolsShowEachQuadrantsColourAtEveryDepth() throws {
        // 24-bit exactly; 256 and 16 colours as the nearest the palette has.
        let expected: [ArtTerminal.Colours: [[UInt8]]] = [
            .truecolor: Self.quadrantColours,
            .indexed256: Self.quadrantColours,
            .indexed16: [[255, 0, 0], [0, 255, 0], [92, 92, 255], [255, 255, 0]],
        ]
        for (depth, colours) in expected {
            let terminal = ArtTerminal(drawing: .symbols, colours: depth)
            let drawing = ArtDrawing.draw(Self.quadrants, for: terminal, columns: 8, rows: 4, cell: (10, 20))
            #expect((drawing.columns, drawing.rows) == (8, 4))
            #expect(drawing.pieces.count == 4)
            let rows = drawing.pieces.map { ArtPayload.cells(String(decoding: $0, as: UTF8.self)) }
            for (row, cells) in rows.enumerated() {
                #expect(cells.count == 8, "\(depth) row \(row): \(cells.count) cells")
                for (column, cell) in cells.enumerated() {
                    let quadrant = (row >= 2 ? 2 : 0) + (column >= 4 ? 1 : 0)
                    #expect(
                        !cell.visible.isEmpty && cell.visible.allSatisfy { $0 == colours[quadrant] },
                        "\(depth) cell \(column),\(row) shows \(cell.visible), expected \(colours[quadrant])")
                }
            }
        }
    }

    @Test func anImageKeepsItsShapeInTheBox() {
        let poster = ArtImage(width: 300, height: 445, pixels: [UInt8](repeating: 0, count: 300 * 445 * 4))
        // 1:2 cells: 40 columns of a 300 x 445 poster are 29.7 rows, 29 whole; 20 rows allow 26.97 columns, 26.
        #expect(ArtDrawing.fit(poster, columns: 40, rows: 100, cell: (10, 20)) == (40, 29))
        #expect(ArtDrawing.fit(poster, columns: 40, rows: 20, cell: (10, 20)) == (26, 20))
        let square = ArtImage(width: 600, height: 600, pixels: [UInt8](repeating: 0, count: 600 * 600 * 4))
        #expect(ArtDrawing.fit(square, columns: 40, rows: 38, cell: (10, 20)) == (40, 20))
        // Square cells (a terminal that gives its pixels): as many rows as columns.
        #expect(ArtDrawing.fit(square, columns: 40, rows: 38, cell: (9, 9)) == (38, 38))
    }
}
