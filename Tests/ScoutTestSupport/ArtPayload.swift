import CScoutZlib
import Foundation

/// Reads back what scout sends a terminal to draw an image: kitty's graphics protocol, iTerm2's inline
/// file (a TIFF, as chafa writes it), and symbols' colours, so a test compares pixels, not bytes.
public enum ArtPayload {
    public struct Pixels: Sendable {
        public var width: Int
        public var height: Int
        /// RGBA, 8 bits a channel.
        public var rgba: [UInt8]

        public init(width: Int, height: Int, rgba: [UInt8]) {
            (self.width, self.height, self.rgba) = (width, height, rgba)
        }

        public func colour(x: Int, y: Int) -> [UInt8] {
            let offset = (y * width + x) * 4
            return Array(rgba[offset..<offset + 3])
        }
    }

    /// The kitty image in `bytes`: its `a=T,f=32,s=W,v=H` header and the base64 of its chunks
    /// (`ESC _G m=1;… ESC \`), inflated when it says `o=z`, unwrapped from tmux's passthrough first when it
    /// is there.
    public static func kitty(_ bytes: [UInt8]) -> Pixels? {
        let text = String(decoding: unwrapTmux(bytes), as: UTF8.self)
        var width = 0, height = 0, format = 0, compressed = false
        var data = Data()
        for sequence in text.components(separatedBy: "\u{1B}_G").dropFirst() {
            guard let end = sequence.range(of: "\u{1B}\\") else { continue }
            let body = sequence[..<end.lowerBound]
            let (control, payload) =
                body.firstIndex(of: ";").map { (body[..<$0], body[body.index(after: $0)...]) } ?? (body, "")
            for pair in control.split(separator: ",") {
                if pair == "o=z" { compressed = true }
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let value = Int(parts[1]) else { continue }
                switch parts[0] {
                case "s": width = value
                case "v": height = value
                case "f": format = value
                default: break
                }
            }
            // Each chunk is base64 of its own, padded.
            guard let chunk = Data(base64Encoded: String(payload)) else { return nil }
            data += chunk
        }
        if compressed {
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            var length = uLongf(pixels.count)
            let status = data.withUnsafeBytes { packed in
                uncompress(&pixels, &length, packed.bindMemory(to: Bytef.self).baseAddress, uLong(packed.count))
            }
            guard status == Z_OK else { return nil }
            data = Data(pixels.prefix(Int(length)))
        }
        guard format == 32, width > 0, height > 0, data.count == width * height * 4
        else { return nil }
        return Pixels(width: width, height: height, rgba: Array(data))
    }

    /// The iTerm2 inline image in `bytes` (`ESC ]1337;File=inline=1;…:BASE64 BEL`), its file decoded: chafa
    /// sends an uncompressed RGBA TIFF.
    public static func iterm(_ bytes: [UInt8]) -> Pixels? {
        let text = String(decoding: unwrapTmux(bytes), as: UTF8.self)
        guard let start = text.range(of: "\u{1B}]1337;File=inline=1;"),
            let colon = text[start.upperBound...].firstIndex(of: ":"),
            let bell = text[colon...].firstIndex(of: "\u{07}"),
            let file = Data(base64Encoded: String(text[text.index(after: colon)..<bell]))
        else { return nil }
        return tiff(Array(file))
    }

    /// A little-endian, uncompressed, 8-bit RGB or RGBA TIFF.
    static func tiff(_ bytes: [UInt8]) -> Pixels? {
        guard bytes.count > 8, bytes[0] == 0x49, bytes[1] == 0x49 else { return nil }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        let ifd = u32(4)
        var tags: [Int: (type: Int, count: Int, field: Int)] = [:]
        for index in 0..<u16(ifd) {
            let entry = ifd + 2 + index * 12
            tags[u16(entry)] = (u16(entry + 2), u32(entry + 4), entry + 8)
        }
        func values(_ tag: Int) -> [Int] {
            guard let (type, count, field) = tags[tag] else { return [] }
            let size = type == 3 ? 2 : 4
            let base = count * size > 4 ? u32(field) : field
            return (0..<count).map { size == 2 ? u16(base + $0 * 2) : u32(base + $0 * 4) }
        }
        guard let width = values(256).first, let height = values(257).first, values(259).first ?? 1 == 1 else {
            return nil
        }
        let samples = values(277).first ?? 1
        let offsets = values(273), counts = values(279)
        var data: [UInt8] = []
        for (offset, count) in zip(offsets, counts) where offset + count <= bytes.count {
            data += bytes[offset..<offset + count]
        }
        guard samples >= 3, data.count >= width * height * samples else { return nil }
        var rgba: [UInt8] = []
        for pixel in 0..<width * height {
            let at = pixel * samples
            rgba += [data[at], data[at + 1], data[at + 2], samples == 4 ? data[at + 3] : 255]
        }
        return Pixels(width: width, height: height, rgba: rgba)
    }

    /// One cell of a symbols drawing: its character and the colours it shows.
    public struct Cell: Sendable, Equatable {
        public var character: Character
        public var foreground: [UInt8]?
        public var background: [UInt8]?

        /// The colours a person sees in the cell: the background for a space, the foreground for a full block,
        /// both for anything else.
        public var visible: [[UInt8]] {
            switch character {
            case " ": [background].compactMap { $0 }
            case "█": [foreground].compactMap { $0 }
            default: [foreground, background].compactMap { $0 }
            }
        }
    }

    /// The cells of one line of symbols, with the colours its SGR sequences set (24-bit, 256 or 16; 7 swaps).
    public static func cells(_ line: String) -> [Cell] {
        var cells: [Cell] = []
        var foreground: [UInt8]?, background: [UInt8]?, inverted = false
        var scalars = Array(line.unicodeScalars)[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "\u{1B}", scalars.first == "[" {
                let body = scalars.dropFirst().prefix { !("@"..."~").contains($0) }
                scalars = scalars.dropFirst(body.count + 2)
                var codes = String(String.UnicodeScalarView(body)).split(separator: ";").map { Int($0) ?? 0 }[...]
                if codes.isEmpty { codes = [0] }
                while let code = codes.first {
                    codes = codes.dropFirst()
                    switch code {
                    case 0: (foreground, background, inverted) = (nil, nil, false)
                    case 7: inverted = true
                    case 38, 48:
                        var colour: [UInt8]?
                        if codes.first == 2, codes.count >= 4 {
                            colour = codes.dropFirst().prefix(3).map { UInt8(clamping: $0) }
                            codes = codes.dropFirst(4)
                        } else if codes.first == 5, codes.count >= 2 {
                            colour = palette(codes.dropFirst().first ?? 0)
                            codes = codes.dropFirst(2)
                        }
                        if code == 38 { foreground = colour } else { background = colour }
                    case 30...37, 90...97: foreground = palette(code >= 90 ? code - 82 : code - 30)
                    case 40...47, 100...107: background = palette(code >= 100 ? code - 92 : code - 40)
                    default: break
                    }
                }
                continue
            }
            let cell = Cell(character: Character(scalar), foreground: foreground, background: background)
            cells.append(
                inverted ? Cell(character: cell.character, foreground: background, background: foreground) : cell)
        }
        return cells
    }

    /// xterm's 256 colours: the 16 system colours, the 6x6x6 cube and the greys.
    public static func palette(_ index: Int) -> [UInt8] {
        let system: [[UInt8]] = [
            [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205],
            [229, 229, 229], [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255],
            [255, 0, 255], [0, 255, 255], [255, 255, 255],
        ]
        if index < 16 { return system[max(0, index)] }
        if index < 232 {
            let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return [levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6]]
        }
        let grey = UInt8(8 + (index - 232) * 10)
        return [grey, grey, grey]
    }

    /// The bytes with tmux's passthrough wrapping (`ESC Ptmux;` … `ESC \`, inner ESCs doubled) taken off.
    public static func unwrapTmux(_ bytes: [UInt8]) -> [UInt8] {
        let opener = Array("\u{1B}Ptmux;".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: opener) {
                index += opener.count
                while index < bytes.count {
                    if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x1B {
                        out.append(0x1B)
                        index += 2
                    } else if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5C {
                        index += 2
                        break
                    } else {
                        out.append(bytes[index])
                        index += 1
                    }
                }
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// Whether two colours are within `tolerance` in each channel.
    public static func near(_ a: [UInt8], _ b: [UInt8], within tolerance: Int = 24) -> Bool {
        a.count == 3 && b.count == 3 && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }
}
