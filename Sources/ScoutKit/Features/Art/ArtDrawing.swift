import CScoutImage

#if canImport(Glibc)
    import Glibc
#endif

/// The window as `TIOCGWINSZ` gives it: cells, and pixels when the terminal says (0 when it does not).
public struct ArtWindow: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        (self.columns, self.rows, self.pixelWidth, self.pixelHeight) = (columns, rows, pixelWidth, pixelHeight)
    }

    /// One cell's size in pixels: from the window's pixels, or 10 x 20 (a 1:2 cell) when they are unknown.
    public var cell: (width: Int, height: Int) {
        guard pixelWidth > 0, pixelHeight > 0, columns > 0, rows > 0 else { return (10, 20) }
        return (max(1, pixelWidth / columns), max(1, pixelHeight / rows))
    }
}

/// Where an image goes, relative to the text just printed above the cursor.
public enum ArtPlacement: Sendable, Equatable {
    /// To the right of the text's `lines` lines, from `column` (1-based).
    case beside(column: Int, lines: Int)
    /// Above the text's `lines` lines, which move down to make room.
    case above(lines: Int)
    /// On its own, under what is on screen.
    case alone
}

/// An image drawn by libchafa into a box of cells, as the terminal's bytes.
public struct ArtDrawing: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    /// For symbols, the rows of cells, each a line without its newline; for a pixel protocol, one element:
    /// the sequence that draws the whole image.
    public var pieces: [[UInt8]]

    /// The largest box of at most `columns` x `rows` cells that keeps the image's shape.
    public static func fit(_ image: ArtImage, columns: Int, rows: Int, cell: (width: Int, height: Int)) -> (
        columns: Int, rows: Int
    ) {
        var (fitColumns, fitRows) = (Int32(max(1, columns)), Int32(max(1, rows)))
        scout_image_fit(
            Int32(image.width), Int32(image.height), Int32(cell.width), Int32(cell.height), &fitColumns, &fitRows)
        return (Int(fitColumns), Int(fitRows))
    }

    /// `image` drawn for `terminal` within `columns` x `rows` cells of `cell` pixels.
    public static func draw(
        _ image: ArtImage, for terminal: ArtTerminal, columns: Int, rows: Int, cell: (width: Int, height: Int)
    ) -> ArtDrawing {
        let box = fit(image, columns: columns, rows: rows, cell: cell)
        var cell = cell
        if terminal.passthrough && terminal.drawing == .iterm {
            // tmux drops a passthrough sequence over 1 MB, and iTerm2's cannot be cut in pieces: fewer pixels.
            let bytes = Double(box.columns * cell.width * box.rows * cell.height) * 4 * 4 / 3
            let scale = min(1, (900_000 / bytes).squareRoot())
            cell = (max(1, Int(Double(cell.width) * scale)), max(1, Int(Double(cell.height) * scale)))
        }
        let mode: Int32 =
            switch terminal.drawing {
            case .kitty: Int32(SCOUT_DRAW_KITTY)
            case .iterm: Int32(SCOUT_DRAW_ITERM)
            case .sixel: Int32(SCOUT_DRAW_SIXELS)
            case .symbols: Int32(SCOUT_DRAW_SYMBOLS)
            }
        let colours: Int32 =
            switch terminal.colours {
            case .truecolor: Int32(SCOUT_COLOURS_24BIT)
            case .indexed256: Int32(SCOUT_COLOURS_256)
            case .indexed16: Int32(SCOUT_COLOURS_16)
            }
        var length = 0
        let printed = image.pixels.withUnsafeBufferPointer { pixels in
            scout_image_draw(
                pixels.baseAddress, Int32(image.width), Int32(image.height), mode, colours, Int32(box.columns),
                Int32(box.rows), Int32(cell.width), Int32(cell.height), &length)
        }
        var bytes: [UInt8] = []
        if let printed {
            bytes = Array(UnsafeRawBufferPointer(start: printed, count: length))
            free(printed)
        }
        if terminal.passthrough { bytes = ArtTerminal.wrapForTmux(bytes) }
        guard terminal.drawing == .symbols else {
            return ArtDrawing(columns: box.columns, rows: box.rows, pieces: [bytes])
        }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        return ArtDrawing(
            columns: box.columns, rows: box.rows,
            pieces: Array(lines.prefix { !$0.isEmpty || lines.count == 1 }.prefix(box.rows)))
    }

    /// The bytes that put this drawing at `placement`: room is made under the cursor first (so that nothing
    /// scrolls while it draws), the cursor is saved, the image drawn, and the cursor put back on the line
    /// after, where the prompt comes.
    public func placed(_ placement: ArtPlacement) -> [UInt8] {
        var out = ""
        let column: Int
        switch placement {
        case .beside(let at, let lines):
            out += String(repeating: "\n", count: max(0, rows - lines))
            out += "\u{1B}7\u{1B}[\(max(rows, lines))A"
            column = at
        case .above(let lines):
            // Room under the text, then the text moved down into it by inserting lines at its top.
            out += String(repeating: "\n", count: rows)
            out += "\u{1B}7\u{1B}[\(rows + lines)A\u{1B}[\(rows)L"
            column = 1
        case .alone:
            out += String(repeating: "\n", count: rows) + "\u{1B}7\u{1B}[\(rows)A"
            column = 1
        }
        var bytes = Array(out.utf8)
        for (index, piece) in pieces.enumerated() {
            if index > 0 { bytes += Array("\u{1B}[1B".utf8) }
            bytes += Array("\u{1B}[\(column)G".utf8) + piece
        }
        bytes += Array("\u{1B}8".utf8)
        return bytes
    }
}
