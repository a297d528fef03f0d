import FoundationEssentials
import Glibc
/// The reading itself: an export's CSV files found (in a folder, a zip or alone), put in order and streamed
/// through the parser under the limits.
extension ExportFiles {
    enum Source {
        case file(String)
        case entry(ZipReader.Entry)
    }

    struct Candidate {
        var parts: [String]
        var source: Source
    }

    struct Reader {
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
                try readAll(Self.chosen(found, in: root), zip: nil)
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
            try readAll(Self.chosen(found, in: root), zip: zip)
        }

        /// The folders an export keeps beside its own files: what was removed, likes and lists.
        static let exportFolders: Set<String> = ["deleted", "orphaned", "likes", "lists"]

        /// The CSV files to read, in the order of their paths, outside `deleted` and `orphaned`, each path from
        /// the export's own folder (`letterboxd-me-2024-01-01/diary.csv` is `diary.csv`). An export is one
        /// account's: the folder whose CSV files and `exportFolders` it is, wherever it lies below `path`;
        /// CSV files in two such folders (a downloads folder holding a friend's export beside one's own) are
        /// two exports, and nothing is read.
        static func chosen(_ found: [Candidate], in path: String) throws -> [(ExportFile, Source)] {
            let csvs = found.filter { $0.parts.last?.lowercased().hasSuffix(".csv") == true }
            func home(_ parts: [String]) -> [String] {
                var folders = Array(parts.dropLast())
                while let last = folders.last, exportFolders.contains(last.lowercased()) { folders.removeLast() }
                return folders
            }
            let homes = Set(csvs.map { home($0.parts).joined(separator: "/") })
            guard homes.count <= 1 else {
                throw ExportError.severalExports(path: path, folders: homes.sorted())
            }
            let depth = csvs.first.map { home($0.parts).count } ?? 0
            return csvs.map { Candidate(parts: Array($0.parts.dropFirst(depth)), source: $0.source) }
                .filter { !$0.parts.dropLast().contains { ["deleted", "orphaned"].contains($0.lowercased()) } }
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
