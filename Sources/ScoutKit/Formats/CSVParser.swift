import FoundationEssentials

/// One row of a CSV file: its fields, and the physical line (from 1) it starts on, so that a message can
/// say `diary.csv:12: …` even when an earlier field held quoted line breaks. A blank line is a row with
/// no field (`fields == []`); a line holding only `""` is a row of one empty field.
public struct CSVRow: Sendable, Equatable {
    public var fields: [String]
    public var line: Int

    public init(fields: [String], line: Int) {
        self.fields = fields
        self.line = line
    }
}

/// Why a CSV file stopped being read; each names the line its row starts on. The reader of a file reports
/// it and stops that file: after an error a parser reads no more.
public enum CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A field longer than the parser's `maxField` bytes.
    case tooLong(line: Int)
    /// A row of more than the parser's `maxFields` fields.
    case tooManyFields(line: Int)
    /// A quoted field the file ends inside.
    case unclosedQuote(line: Int)

    public var line: Int {
        switch self {
        case .tooLong(let line), .tooManyFields(let line), .unclosedQuote(let line): return line
        }
    }

    /// What went wrong, without the line: `FILE:LINE: reason`.
    public var reason: String {
        switch self {
        case .tooLong: return "a field too long to be CSV text (is this a CSV file?)"
        case .tooManyFields: return "a row with too many fields to be CSV text (is this a CSV file?)"
        case .unclosedQuote: return "a quote opened in this row is never closed"
        }
    }

    public var description: String { "line \(line): \(reason)" }
}

/// A streaming CSV reader for everything scout imports: bytes go in as they are read (`feed`, then
/// `finish`), rows come out through a callback, and memory stays bounded whatever the input.
///
/// RFC 4180, as spreadsheets write it: a quoted field may hold the separator, quotes (doubled) and line
/// breaks; CRLF, LF and a lone CR end a row (and count as one line each); a UTF-8 byte-order mark at the
/// start is dropped; a last line without a line break is a row. Lenient as spreadsheets are: a quote
/// inside an unquoted field is a character, and text after a closing quote joins the field (`"a"b` is
/// `ab`). A blank line is a row with no field, so a caller sees the blank line that ends a preamble.
///
/// Text: a field that is valid UTF-8 is read as UTF-8, any other as Windows-1252 (what Excel on Windows
/// saves), one field at a time. A whole file is not sniffed first, so that nothing needs to be held back:
/// a file mixing both reads each field as it best can (a field holding a byte that is not UTF-8 is read
/// whole as Windows-1252).
///
/// Limits: a field over `maxField` bytes and a row of more than `maxFields` fields throw, so that a
/// damaged or hostile file costs at most `maxField` × `maxFields` bytes of text at once.
public struct CSVParser: Sendable {
    public static let defaultMaxField = 1 << 20
    public static let defaultMaxFields = 512

    /// The byte between fields: `,` unless the file says otherwise (`;` or tab); never `"`, CR or LF.
    public let separator: UInt8
    /// The most bytes a field may hold.
    public let maxField: Int
    /// The most fields a row may hold.
    public let maxFields: Int

    private enum State {
        /// At the start of a field: nothing of it read yet.
        case fieldStart
        /// In a field that did not start with a quote (or after a quoted part of one).
        case unquoted
        /// Inside quotes.
        case quoted
        /// Just after a quote inside quotes: a doubled quote, or the end of the quoted part.
        case closing
    }

    private var state = State.fieldStart
    /// The field being read, as bytes (a String is made once, when it ends).
    private var field: [UInt8] = []
    private var fields: [String] = []
    /// The physical line being read, and the one the current row started on.
    private var line = 1
    private var rowLine = 1
    /// The last byte was a CR: an LF now is the rest of the same line break.
    private var afterCR = false
    /// How many bytes of a byte-order mark the input started with, while `atStart`.
    private var bomBytes = 0
    private var atStart = true

    private static let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    public init(
        separator: UInt8 = UInt8(ascii: ","), maxField: Int = CSVParser.defaultMaxField,
        maxFields: Int = CSVParser.defaultMaxFields
    ) {
        precondition(
            separator != Self.quote && separator != Self.cr && separator != Self.lf,
            "a CSV separator cannot be a quote or a line break")
        self.separator = separator
        self.maxField = maxField
        self.maxFields = maxFields
    }

    // MARK: Feeding

    /// Reads the next bytes of the input, calling `row` for each row they complete. An error thrown by
    /// `row` stops the reading and is thrown on.
    public mutating func feed(chunk: UnsafeRawBufferPointer, row: (CSVRow) throws -> Void) throws {
        var start = 0
        if atStart {
            while start < chunk.count, bomBytes < 3, chunk[start] == Self.bom[bomBytes] {
                bomBytes += 1
                start += 1
            }
            if bomBytes < 3 && start == chunk.count { return } // all of it may yet be a byte-order mark
            atStart = false
            if bomBytes < 3 { try scanPartialBOM(row: row) }
        }
        try scan(UnsafeRawBufferPointer(rebasing: chunk[start...]), row: row)
    }

    public mutating func feed(chunk: Data, row: (CSVRow) throws -> Void) throws {
        try chunk.withUnsafeBytes { try feed(chunk: $0, row: row) }
    }

    public mutating func feed(chunk: some Collection<UInt8>, row: (CSVRow) throws -> Void) throws {
        let done: Void? = try chunk.withContiguousStorageIfAvailable {
            try feed(chunk: UnsafeRawBufferPointer($0), row: row)
        }
        if done == nil { try Array(chunk).withUnsafeBytes { try feed(chunk: $0, row: row) } }
    }

    /// Ends the input: the last row, when the input does not end with a line break. Throws
    /// `.unclosedQuote` when it ends inside quotes. The parser can then read another input.
    public mutating func finish(row: (CSVRow) throws -> Void) throws {
        if atStart {
            atStart = false
            try scanPartialBOM(row: row)
        }
        if state == .quoted { throw CSVError.unclosedQuote(line: rowLine) }
        if state != .fieldStart || !fields.isEmpty { try endRow(row) }
        self = CSVParser(separator: separator, maxField: maxField, maxFields: maxFields)
    }

    /// The first bytes of a byte-order mark that the input did not go on with: they are text.
    private mutating func scanPartialBOM(row: (CSVRow) throws -> Void) throws {
        guard bomBytes > 0 else { return }
        try Self.bom.prefix(bomBytes).withUnsafeBytes { try scan($0, row: row) }
    }

    // MARK: Scanning

    private mutating func scan(_ bytes: UnsafeRawBufferPointer, row: (CSVRow) throws -> Void) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let p = base.assumingMemoryBound(to: UInt8.self)
        let n = bytes.count
        let separator = separator
        var i = 0
        while i < n {
            let byte = p[i]
            if afterCR {
                afterCR = false
                if byte == Self.lf {
                    // The LF of a CRLF: the line was counted (and any row ended) at the CR.
                    if state == .quoted { try append(p + i, 1) }
                    i += 1
                    continue
                }
            }
            switch state {
            case .quoted:
                var end = i
                while end < n, p[end] != Self.quote, p[end] != Self.cr, p[end] != Self.lf { end += 1 }
                if end > i {
                    try append(p + i, end - i)
                    i = end
                } else if byte == Self.quote {
                    state = .closing
                    i += 1
                } else {
                    try append(p + i, 1)
                    line += 1
                    afterCR = byte == Self.cr
                    i += 1
                }
            case .closing:
                if byte == Self.quote {
                    try append(p + i, 1)
                    state = .quoted
                    i += 1
                } else {
                    state = .unquoted // the byte is read again, outside quotes
                }
            case .fieldStart, .unquoted:
                if byte == separator {
                    try endField()
                    state = .fieldStart
                    i += 1
                } else if byte == Self.cr || byte == Self.lf {
                    try endRow(row)
                    line += 1
                    rowLine = line
                    afterCR = byte == Self.cr
                    i += 1
                } else if byte == Self.quote && state == .fieldStart {
                    state = .quoted
                    i += 1
                } else {
                    var end = i + 1
                    while end < n, p[end] != separator, p[end] != Self.cr, p[end] != Self.lf { end += 1 }
                    try append(p + i, end - i)
                    state = .unquoted
                    i = end
                }
            }
        }
    }

    private mutating func append(_ bytes: UnsafePointer<UInt8>, _ count: Int) throws {
        guard count <= maxField - field.count else { throw CSVError.tooLong(line: rowLine) }
        field.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    private mutating func endField() throws {
        guard fields.count < maxFields else { throw CSVError.tooManyFields(line: rowLine) }
        fields.append(Self.text(field))
        field.removeAll(keepingCapacity: true)
    }

    private mutating func endRow(_ row: (CSVRow) throws -> Void) throws {
        if state != .fieldStart || !fields.isEmpty { try endField() }
        let done = CSVRow(fields: fields, line: rowLine)
        fields = []
        state = .fieldStart
        try row(done)
    }

    // MARK: Text

    /// A field's text: its bytes as UTF-8 when they are, else as Windows-1252.
    static func text(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for byte in bytes {
            scalars.append(
                byte & 0xE0 == 0x80 ? windows1252[Int(byte & 0x1F)] : Unicode.Scalar(byte))
        }
        return String(scalars)
    }

    /// Windows-1252's characters for the bytes 0x80 to 0x9F (as the WHATWG encoding standard maps them:
    /// the five it leaves unassigned are the C1 controls of the same number); the others are Latin-1's.
    static let windows1252: [Unicode.Scalar] = [
        "\u{20AC}", "\u{81}", "\u{201A}", "\u{192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{2C6}", "\u{2030}", "\u{160}", "\u{2039}", "\u{152}", "\u{8D}", "\u{17D}", "\u{8F}",
        "\u{90}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{2DC}", "\u{2122}", "\u{161}", "\u{203A}", "\u{153}", "\u{9D}", "\u{17E}", "\u{178}",
    ]
}
