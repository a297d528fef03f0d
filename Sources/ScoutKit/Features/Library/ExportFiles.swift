import FoundationEssentials
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
}
