/// How much of an export scout reads before it stops: every limit holds whatever the files say of
/// themselves (a zip's sizes are counted as its entries unpack, not taken from its directory).
public struct ExportLimits: Sendable, Equatable {
    /// The most bytes one CSV file may hold (unpacked, for a zip entry).
    public var maxFileBytes: Int
    /// The most bytes all of an export's CSV files may hold together.
    public var maxTotalBytes: Int
    /// The most entries a zip, or files and folders a folder, may hold.
    public var maxEntries: Int
    /// The CSV parser's limits: the most bytes in a field, and fields in a row.
    public var maxField: Int
    public var maxFields: Int

    public init(
        maxFileBytes: Int = 64 << 20, maxTotalBytes: Int = 256 << 20, maxEntries: Int = 10_000,
        maxField: Int = CSVParser.defaultMaxField, maxFields: Int = CSVParser.defaultMaxFields
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxEntries = maxEntries
        self.maxField = maxField
        self.maxFields = maxFields
    }

    public static let `default` = ExportLimits()
}

/// One CSV file of an export.
public struct ExportFile: Sendable, Hashable {
    /// Its path inside the export, `/`-separated: `diary.csv`, `lists/noir.csv`; for an export given as one
    /// CSV file, that file's name.
    public var path: String

    public init(path: String) { self.path = path }

    /// The last part of the path: `noir.csv`.
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }
}

/// Thrown from a row callback: stop reading this file (its header said it is not one the reader wants)
/// and go on with the next.
public enum ExportSignal: Error, Sendable {
    case skipFile
}

/// A file of an export that was not read, or not to its end, while the others were.
public struct ExportProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file's path inside the export (for a name scout refused, the name as the zip holds it).
    public var path: String
    /// The line of the row it stopped at, when it stopped inside the file.
    public var line: Int?
    public var reason: String

    public init(path: String, line: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `lists/noir.csv:12: a quote opened in this row is never closed; the rest of the file was not read`
    public var description: String { line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)" }
}

/// What reading an export found: the CSV files read (whole, skipped after their header, or stopped by a
/// problem), in the order read, and the problems.
public struct ExportReport: Sendable, Equatable {
    public var files: [String] = []
    public var problems: [ExportProblem] = []
}

/// Why an export could not be read at all, or stopped: one line saying what to do.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is at the path.
    case notFound(path: String)
    /// The path cannot be opened or read.
    case unreadable(path: String, reason: String)
    /// The path is not a folder, a zip, or a CSV file (a picture, a program, a device).
    case notAnExport(path: String)
    /// The file is UTF-16 text, which a spreadsheet saves as "Unicode text".
    case utf16(path: String)
    /// A zip whose directory cannot be read.
    case damagedZip(path: String, reason: String)
    /// A CSV file (a zip entry, unpacked) over `ExportLimits.maxFileBytes`; `path` is inside the export.
    case tooLarge(path: String, limit: Int)
    /// The export's CSV files together over `ExportLimits.maxTotalBytes`.
    case tooLargeInAll(path: String, limit: Int)
    /// A zip or folder of more than `ExportLimits.maxEntries` entries.
    case tooManyEntries(path: String, limit: Int)
    /// A folder or zip holding more than one export (CSV files in more than one folder), by the folders
    /// they are in, inside `path` (empty: its own files).
    case severalExports(path: String, folders: [String])

    public var description: String {
        let give = "give the export's folder, its .zip, or one of its .csv files"
        switch self {
        case .notFound(let path):
            return "\(path) does not exist: \(give)"
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .notAnExport(let path):
            return "\(path) is not a folder, a zip or a CSV file: \(give)"
        case .utf16(let path):
            return "\(path) is UTF-16 text: save it as CSV UTF-8 (in Excel: Save As, CSV UTF-8) and import it again"
        case .damagedZip(let path, let reason):
            return "\(path) is a damaged zip (\(reason)): download the export again, or unzip it and import the folder"
        case .tooLarge(let path, let limit):
            return "\(path) holds over \(Self.size(limit)), more than scout reads from one file of an export; "
                + "the import stopped there"
        case .tooLargeInAll(let path, let limit):
            return "\(path) holds over \(Self.size(limit)) of CSV, more than scout reads from an export; "
                + "the import stopped there"
        case .tooManyEntries(let path, let limit):
            return "\(path) holds over \(limit) files, more than an export has; nothing was read from it"
        case .severalExports(let path, let folders):
            // Four named at most, the rest counted as the last of the list: `a, b, c and 2 more`.
            var named = folders.prefix(folders.count > 4 ? 3 : 4).map {
                $0.isEmpty ? "its own files" : ExportFiles.shown(SafeText.clean($0)) + "/"
            }
            if folders.count > 4 { named.append("\(folders.count - 3) more") }
            let one = folders.first { !$0.isEmpty }.map { " (\(path)/\(ExportFiles.shown(SafeText.clean($0))))" } ?? ""
            return "\(path) holds \(folders.count) exports, in \(Text.sentence(named)): an export is one "
                + "account's, so give the folder of one\(one); nothing was imported"
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
