import FoundationEssentials

/// The rows of every CSV in an export (a folder, a zip or one file), file by file: `kind` reads each file's
/// header and says what the file is (nil: not one to read, and the rest of it is left unread); `row` gets
/// each row after it with that kind, the header's columns and the file's path. Blank rows are skipped.
/// Returns what stopped a file before its end (`file:line: why`).
enum ExportRows {
    static func each<Kind>(
        at url: URL, kind: (_ path: String, _ header: [String]) -> Kind?,
        row: (Kind, CSVColumns, CSVRow, _ path: String) throws -> Void
    ) throws -> [String] {
        var current: (path: String, kind: Kind, columns: CSVColumns)?
        let report = try ExportFiles.each(at: url) { file, next in
            if current?.path != file.path {
                current = nil
                guard let found = kind(file.path, next.fields) else { throw ExportSignal.skipFile }
                current = (file.path, found, CSVColumns(next.fields))
                return
            }
            guard let (path, kind, columns) = current, !next.fields.allSatisfy(\.isEmpty) else { return }
            try row(kind, columns, next, path)
        }
        return report.problems.map(\.description)
    }

    /// The rows of an export into an import: each row counted against its limit and given to `take`, and
    /// each file that stopped early named among the import's problems.
    static func each<Kind>(
        at url: URL, into result: inout LibraryImport, kind: (_ path: String, _ header: [String]) -> Kind?,
        take: (Kind, CSVColumns, CSVRow, _ path: String, inout LibraryImport) -> Void
    ) throws {
        let problems = try each(at: url, kind: kind) { kind, columns, row, path in
            try result.count(path)
            take(kind, columns, row, path, &result)
        }
        for problem in problems { result.problem(problem) }
    }
}
