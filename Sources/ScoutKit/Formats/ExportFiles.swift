import FoundationEssentials
import Glibc

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
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}

/// An export read as what it was given as: a folder (its CSV files, in the folders under it), a zip (the
/// same, unpacked as it is read, never onto the disk), or one CSV file. Every CSV file's rows are streamed
/// through `CSVParser`, one callback a row, with the file's path inside the export.
///
/// Read: files whose names end in `.csv` (any case), in the order of their paths. Not read: anything under
/// a folder named `deleted` or `orphaned` (Letterboxd's records of what was removed), hidden files and
/// folders (`.DS_Store`, `__MACOSX`'s resource forks), and for safety (each reported in the report's
/// problems) symbolic links, and zip entries whose names are absolute or climb out with `..`. A zip whose
/// every file is in one folder is read from inside that folder, so `letterboxd-me-2024-01-01/diary.csv`
/// is `diary.csv`. A zip is known by its first bytes, not its name.
///
/// Per file, a CSV error, a damaged or encrypted zip entry, or an unreadable file is a problem in the report:
/// the file stops and the next is read. What concerns the whole export throws an `ExportError`: it is not
/// there or is something else, a zip's directory is damaged, or a limit is passed (`ExportLimits`: a zip
/// bomb stops at `maxFileBytes` unpacked, its memory bounded by 64 KiB buffers and the parser's limits).
public enum ExportFiles {
    /// Reads the export at `url`: `row` gets every row of every CSV file (throw `ExportSignal.skipFile` from
    /// it to leave the rest of a file unread), and `endOfFile` each file as it ends, with the problem that
    /// stopped it, if one did. An error `row` or `endOfFile` throws stops the reading and is thrown on.
    @discardableResult
    public static func each(
        at url: URL, limits: ExportLimits = .default,
        row: (_ file: ExportFile, _ row: CSVRow) throws -> Void,
        endOfFile: (_ file: ExportFile, _ problem: ExportProblem?) throws -> Void = { _, _ in }
    ) throws -> ExportReport {
        try withoutActuallyEscaping(row) { row in
            try withoutActuallyEscaping(endOfFile) { endOfFile in
                var reader = Reader(limits: limits, root: url.path, row: row, endOfFile: endOfFile)
                try reader.read()
                return reader.report
            }
        }
    }

    /// The parts of a zip entry's name, `.` and empty parts left out; nil for a name that is absolute
    /// (`/x`, `C:x`), climbs (`..`), holds a NUL or is too long to be an export's (over 1,024 bytes).
    static func components(_ name: String) -> [String]? {
        let scalars = Array(name.unicodeScalars.prefix(2))
        guard !name.hasPrefix("/"), !(scalars.count == 2 && scalars[1] == ":"), !name.contains("\0"),
            name.utf8.count <= 1_024
        else { return nil }
        let parts = name.split(separator: "/").filter { $0 != "." }
        guard !parts.contains("..") else { return nil }
        return parts.map(String.init)
    }

    /// A zip entry's name as a problem shows it: cut after 200 characters, so that a zip of hostile names
    /// cannot fill the report.
    static func shown(_ name: String) -> String { name.count > 200 ? name.prefix(200) + "…" : name }

    /// Whether a part of a path keeps a file from being read, without a word: hidden, or macOS's forks.
    static func isHidden(_ part: String) -> Bool { part.hasPrefix(".") || part == "__MACOSX" }

    private enum Source {
        case file(String)
        case entry(ZipReader.Entry)
    }

    private struct Candidate {
        var parts: [String]
        var source: Source
    }

    private struct Reader {
        let limits: ExportLimits
        let root: String
        let row: (ExportFile, CSVRow) throws -> Void
        let endOfFile: (ExportFile, ExportProblem?) throws -> Void
        var report = ExportReport()
        var total = 0
        var seen = 0

        init(
            limits: ExportLimits, root: String, row: @escaping (ExportFile, CSVRow) throws -> Void,
            endOfFile: @escaping (ExportFile, ExportProblem?) throws -> Void
        ) {
            self.limits = limits
            self.root = root
            self.row = row
            self.endOfFile = endOfFile
        }

        mutating func read() throws {
            var info = stat()
            guard stat(root, &info) == 0 else {
                if errno == ENOENT || errno == ENOTDIR { throw ExportError.notFound(path: root) }
                throw ExportError.unreadable(path: root, reason: ReadOnlyFile.errnoText())
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                var found: [Candidate] = []
                try walk(root, parts: [], into: &found)
                try readAll(Self.chosen(found), zip: nil)
                return
            }
            let opened: ReadOnlyFile?
            do {
                opened = try ReadOnlyFile(path: root)
            } catch let problem as FileProblem {
                throw ExportError.unreadable(path: root, reason: problem.reason)
            }
            guard let file = opened else { throw ExportError.notAnExport(path: root) }
            var head = [UInt8](repeating: 0, count: 4_096)
            do {
                head.removeLast(head.count - (try head.withUnsafeMutableBytes { try file.read(at: 0, into: $0) }))
            } catch let problem as FileProblem {
                throw ExportError.unreadable(path: root, reason: problem.reason)
            }
            if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
                try readZip(file)
            } else if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
                throw ExportError.utf16(path: root)
            } else if head.contains(0) {
                throw ExportError.notAnExport(path: root)
            } else {
                let name = URL(fileURLWithPath: root).lastPathComponent
                try readAll([(ExportFile(path: name), .file(root))], zip: nil, opened: file)
            }
        }

        // MARK: Folders and zips

        /// The regular files under a folder, links reported and not followed, hidden ones left out.
        mutating func walk(_ folder: String, parts: [String], into found: inout [Candidate]) throws {
            let names: [String]
            do {
                names = try Self.list(folder, atMost: limits.maxEntries - seen + 1)
            } catch let problem as FileProblem {
                guard !parts.isEmpty else { throw ExportError.unreadable(path: root, reason: problem.reason) }
                report.problems.append(
                    ExportProblem(path: parts.joined(separator: "/"), reason: "not read: \(problem.reason)"))
                return
            }
            seen += names.count
            guard seen <= limits.maxEntries else {
                throw ExportError.tooManyEntries(path: root, limit: limits.maxEntries)
            }
            for name in names.sorted() where !ExportFiles.isHidden(name) {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: try walk(path, parts: parts + [name], into: &found)
                case S_IFREG: found.append(Candidate(parts: parts + [name], source: .file(path)))
                case S_IFLNK:
                    report.problems.append(
                        ExportProblem(
                            path: (parts + [name]).joined(separator: "/"), reason: "not read: it is a symbolic link"))
                default: continue
                }
            }
        }

        /// A folder's entries' names, `.` and `..` aside; no more than `atMost` of them.
        static func list(_ folder: String, atMost: Int) throws -> [String] {
            guard let directory = opendir(folder) else { throw FileProblem(reason: ReadOnlyFile.errnoText()) }
            defer { closedir(directory) }
            var names: [String] = []
            while names.count < atMost, let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            return names
        }

        mutating func readZip(_ file: ReadOnlyFile) throws {
            let zip: ZipReader
            var found: [Candidate] = []
            do {
                zip = try ZipReader(
                    file: file, maxEntries: limits.maxEntries,
                    tooMany: ExportError.tooManyEntries(path: root, limit: limits.maxEntries))
                try zip.entries { entry in
                    guard !entry.isDirectory else { return }
                    guard let parts = ExportFiles.components(entry.name) else {
                        report.problems.append(
                            ExportProblem(
                                path: ExportFiles.shown(entry.name),
                                reason: "not read: its name leads outside the export"
                            ))
                        return
                    }
                    guard !parts.isEmpty, !parts.contains(where: ExportFiles.isHidden) else { return }
                    guard !entry.isSymlink else {
                        report.problems.append(
                            ExportProblem(
                                path: ExportFiles.shown(entry.name), reason: "not read: it is a symbolic link"))
                        return
                    }
                    found.append(Candidate(parts: parts, source: .entry(entry)))
                }
            } catch let problem as FileProblem {
                throw ExportError.damagedZip(path: root, reason: problem.reason)
            }
            // One folder holding every file is the export's own folder.
            if let top = found.first?.parts.first, found.allSatisfy({ $0.parts.count > 1 && $0.parts[0] == top }) {
                for index in found.indices { found[index].parts.removeFirst() }
            }
            try readAll(Self.chosen(found), zip: zip)
        }

        /// The CSV files to read, in the order of their paths, outside `deleted` and `orphaned`.
        static func chosen(_ found: [Candidate]) -> [(ExportFile, Source)] {
            found.filter { candidate in
                candidate.parts.last?.lowercased().hasSuffix(".csv") == true
                    && !candidate.parts.dropLast().contains { ["deleted", "orphaned"].contains($0.lowercased()) }
            }
            .map { (ExportFile(path: $0.parts.joined(separator: "/")), $0.source) }
            .sorted { $0.0.path < $1.0.path }
        }

        // MARK: Files

        mutating func readAll(_ files: [(ExportFile, Source)], zip: ZipReader?, opened: ReadOnlyFile? = nil) throws {
            for (file, source) in files {
                switch source {
                case .file(let path):
                    try readFile(file, path: path, opened: opened)
                case .entry(let entry):
                    guard let zip else { continue }
                    if entry.isEncrypted {
                        try stop(file, ExportProblem(path: file.path, reason: "not read: it is encrypted"))
                        continue
                    }
                    try readCSV(file, declared: entry.size) { consumer in try zip.read(entry, consumer) }
                }
            }
        }

        mutating func readFile(_ file: ExportFile, path: String, opened: ReadOnlyFile?) throws {
            let handle: ReadOnlyFile
            do {
                // A file found in a folder is opened without following a link put in its place since.
                guard let found = try opened ?? ReadOnlyFile(path: path, following: false) else { return }
                handle = found
            } catch let problem as FileProblem {
                try stop(file, ExportProblem(path: file.path, reason: "not read: \(problem.reason)"))
                return
            }
            try readCSV(file, declared: handle.size) { consumer in
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ZipReader.chunk, alignment: 1)
                defer { buffer.deallocate() }
                var offset: UInt64 = 0
                while true {
                    let count = try handle.read(at: offset, into: buffer)
                    if count == 0 { return }
                    offset += UInt64(count)
                    try consumer(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                }
            }
        }

        /// Streams one file's bytes (as `source` hands them over) through a parser into `row`, within the
        /// limits; a problem of the file's own ends it and is reported, a limit passed throws.
        mutating func readCSV(
            _ file: ExportFile, declared: UInt64,
            _ source: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
        ) throws {
            if declared > UInt64(limits.maxFileBytes) {
                throw ExportError.tooLarge(path: file.path, limit: limits.maxFileBytes)
            }
            report.files.append(file.path)
            var parser = CSVParser(maxField: limits.maxField, maxFields: limits.maxFields)
            var bytes = 0
            var problem: ExportProblem?
            let (limits, root, row) = (limits, root, row)
            do {
                try source { piece in
                    bytes += piece.count
                    total += piece.count
                    guard bytes <= limits.maxFileBytes else {
                        throw ExportError.tooLarge(path: file.path, limit: limits.maxFileBytes)
                    }
                    guard total <= limits.maxTotalBytes else {
                        throw ExportError.tooLargeInAll(path: root, limit: limits.maxTotalBytes)
                    }
                    try parser.feed(chunk: piece) { try row(file, $0) }
                }
                try parser.finish { try row(file, $0) }
            } catch ExportSignal.skipFile {
            } catch let error as CSVError {
                problem = ExportProblem(
                    path: file.path, line: error.line, reason: "\(error.reason); the rest of the file was not read")
            } catch let error as FileProblem {
                problem = ExportProblem(path: file.path, reason: "\(error.reason); the rest of it was not read")
            }
            if let problem { report.problems.append(problem) }
            try endOfFile(file, problem)
        }

        mutating func stop(_ file: ExportFile, _ problem: ExportProblem) throws {
            report.files.append(file.path)
            report.problems.append(problem)
            try endOfFile(file, problem)
        }
    }
}
