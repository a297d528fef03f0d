import CScoutImage
import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#endif

/// An image decoded to RGBA pixels, 8 bits a channel, rows of `width * 4` bytes.
public struct ArtImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        (self.width, self.height, self.pixels) = (width, height, pixels)
    }

    /// The bytes as JPEG (libjpeg-turbo, scaled down while decoding when a JPEG is much larger than
    /// `fitting`, in pixels) or PNG (libpng). Anything else, or damaged data, is an `ArtError` in a few words.
    public static func decode(_ bytes: Data, fitting: (width: Int, height: Int)? = nil) throws(ArtError) -> ArtImage {
        let format = try ArtFormat.of(bytes)
        var decoded = scout_image()
        bytes.withUnsafeBytes { raw in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            switch format {
            case .jpeg:
                scout_jpeg_decode(
                    base, raw.count, Int32(clamping: fitting?.width ?? 0), Int32(clamping: fitting?.height ?? 0),
                    &decoded)
            case .png: scout_png_decode(base, raw.count, &decoded)
            }
        }
        defer { scout_image_free(&decoded) }
        guard let pixels = decoded.pixels else {
            let message = withUnsafeBytes(of: decoded.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw .damaged(format: format, reason: message)
        }
        let (width, height) = (Int(decoded.width), Int(decoded.height))
        return ArtImage(
            width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
    }
}

/// The image formats scout draws, told by their first bytes (never by a server's Content-Type).
public enum ArtFormat: String, Sendable {
    case jpeg = "JPEG", png = "PNG"

    static func of(_ bytes: Data) throws(ArtError) -> ArtFormat {
        let head = Array(bytes.prefix(16))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        throw .notAnImage(what: describe(bytes))
    }

    /// What bytes that are not a JPEG or a PNG look like, in a few words.
    static func describe(_ bytes: Data) -> String {
        if bytes.isEmpty { return "nothing (an empty answer)" }
        let head = Array(bytes.prefix(512))
        if head.starts(with: Array("GIF8".utf8)) { return "a GIF image (scout draws JPEG and PNG)" }
        if head.count >= 12, head[0..<4] == ArraySlice("RIFF".utf8), head[8..<12] == ArraySlice("WEBP".utf8) {
            return "a WebP image (scout draws JPEG and PNG)"
        }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        if text.contains("<html") || text.contains("<!doctype html") { return "an HTML page" }
        if text.hasPrefix("{") || text.hasPrefix("[") { return "JSON text" }
        if head.allSatisfy({ $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20..<0x7F).contains($0) || $0 >= 0x80 }) {
            return "text"
        }
        return "bytes of an unknown kind"
    }
}

/// Why an image was not drawn, said in one line.
public enum ArtError: Error, Sendable, Equatable, CustomStringConvertible {
    case notAnImage(what: String)
    case damaged(format: ArtFormat, reason: String)

    public var description: String {
        switch self {
        case .notAnImage(let what): "it is not an image but \(what)"
        case .damaged(let format, let reason): "the \(format.rawValue) is damaged or too large (\(reason))"
        }
    }
}

/// Test images made with libjpeg and libpng: the fixtures, the fuzz seeds and the benchmarks' art.
public enum ArtSample {
    /// RGB pixels as a JPEG at `quality`.
    public static func jpeg(rgb: [UInt8], width: Int, height: Int, quality: Int = 90) -> Data? {
        var length = 0
        guard let bytes = scout_jpeg_encode(rgb, Int32(width), Int32(height), Int32(quality), &length) else {
            return nil
        }
        defer { free(bytes) }
        return Data(bytes: bytes, count: length)
    }

    /// A flat grey JPEG of any size, encoded a row at a time: the huge images tests need.
    public static func flatJPEG(width: Int, height: Int, grey: UInt8 = 128, progressive: Bool = false) -> Data? {
        var length = 0
        guard let bytes = scout_jpeg_encode_flat(Int32(width), Int32(height), Int32(grey), progressive ? 1 : 0, &length)
        else { return nil }
        defer { free(bytes) }
        return Data(bytes: bytes, count: length)
    }

    /// RGBA pixels as a PNG.
    public static func png(rgba: [UInt8], width: Int, height: Int) -> Data? {
        var length = 0
        guard let bytes = scout_png_encode(rgba, Int32(width), Int32(height), &length) else { return nil }
        defer { free(bytes) }
        return Data(bytes: bytes, count: length)
    }

    /// Four flat quadrants, red, green, blue and yellow from the top left, as RGB.
    public static func quadrants(width: Int, height: Int) -> [UInt8] {
        let colours: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0]]
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width { rgb += colours[(y >= height / 2 ? 2 : 0) + (x >= width / 2 ? 1 : 0)] }
        }
        return rgb
    }

    /// A poster-like picture: a dusk gradient with a sun and a horizon, as RGB.
    public static func poster(width: Int, height: Int) -> [UInt8] {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        let (sunX, sunY, sunR) = (Double(width) * 0.5, Double(height) * 0.55, Double(min(width, height)) * 0.18)
        for y in 0..<height {
            let t = Double(y) / Double(max(1, height - 1))
            for x in 0..<width {
                let dx = Double(x) - sunX, dy = Double(y) - sunY
                if t > 0.7 {
                    rgb += [UInt8(20 + 30 * (1 - t)), UInt8(30 + 40 * (1 - t)), UInt8(60 + 80 * (1 - t))]
                } else if dx * dx + dy * dy < sunR * sunR {
                    rgb += [255, UInt8(200 - 100 * t), 60]
                } else {
                    rgb += [UInt8(40 + 200 * t), UInt8(20 + 80 * t), UInt8(120 - 60 * t)]
                }
            }
        }
        return rgb
    }
}
