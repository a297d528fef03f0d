import FoundationEssentials

/// What `import` reads: a Letterboxd export (its folder, zip or a CSV) or an IMDb one.
enum ImportFormat: String, CaseIterable, Equatable, Sendable {
    case letterboxd, imdb

    /// What to give instead, said where a path is not an export, in the words of the guide's steps.
    var what: String {
        switch self {
        case .letterboxd:
            "the folder or zip of Letterboxd's Settings → Data → Export your data, or one of its CSVs"
        case .imdb: "the ratings.csv, watchlist or list that IMDb's Export gave you"
        }
    }
}

/// `import letterboxd|imdb PATH`: the library from an export, idempotently, in one batch that a cut write
/// cannot half-apply.
extension LibraryService {
    /// Bad rows named one a line, up to this many; the rest counted.
    private static let shownImportProblems = 20

    /// Reads the export at `path` into the library: says what it added, what it passed over and the bad rows.
    func importExport(_ format: ImportFormat, at path: String) throws -> Output {
        let context = wiring.context
        let url = context.resolve(path)
        // A file of an export's deleted/ or orphaned/ folder (one beside the export's own files), named on its own.
        let folder = url.deletingLastPathComponent()
        let removed = folder.lastPathComponent.lowercased()
        if removed == "deleted" || removed == "orphaned",
            ["diary.csv", "watched.csv", "ratings.csv"].contains(where: {
                context.fileStore.exists(folder.deletingLastPathComponent().appendingPathComponent($0))
            })
        {
            throw UsageError(
                "\(path) is in \(removed)/, where Letterboxd keeps what you removed: scout never imports it")
        }
        guard context.fileStore.exists(url) else {
            throw UsageError.notFound("there is no \(path): give \(format.what); nothing was imported")
        }
        var result: LibraryImport?
        try store.update { library, device in
            var work = LibraryImport(
                library: library, via: format.rawValue, device: device, now: context.now())
            let read =
                switch format {
                case .letterboxd: try Self.letterboxd(url, into: &work)
                case .imdb: try Self.imdb(url, into: &work)
                }
            if !read, format == .letterboxd, work.passed.keys.contains(LetterboxdReader.listReason) {
                throw UsageError(
                    "\(path) is a Letterboxd list, and scout keeps no lists: import the export's folder or zip for "
                        + "the diary, ratings and watchlist")
            }
            guard read else {
                throw UsageError(
                    "\(path) is not \(format == .imdb ? "an IMDb" : "a Letterboxd") export: give \(format.what); "
                        + "nothing was imported")
            }
            result = work
            return work.events
        }
        var output = Output()
        guard let result else { return output }
        for problem in result.problems.prefix(Self.shownImportProblems) { output.warn(problem) }
        if result.problems.count > Self.shownImportProblems {
            output.warn("and \(result.problems.count - Self.shownImportProblems) more bad rows")
        }
        output.say(result.summary)
        output.json[.imported] = .int(result.diaryEntries + result.ratings + result.wanted)
        output.json[.diary] = .int(result.diaryEntries)
        output.json[.ratings] = .int(result.ratings)
        output.json[.watchlist] = .int(result.wanted)
        output.json[.reviews] = .int(result.reviews)
        output.json[.seenUndated] = .int(result.watched)
        output.json[.skipped] = .int(result.problems.count + result.passed.values.reduce(0, +))
        output.json[.known] = .int(result.known)
        output.json[.repeated] = .int(result.repeated)
        output.json[.older] = .int(result.older)
        return output
    }

    /// Reads a Letterboxd export twice (what names films, then the rows); false when nothing in it is one.
    static func letterboxd(_ url: URL, into result: inout LibraryImport) throws -> Bool {
        var reader = LetterboxdReader()
        var recognised = false
        _ = try ExportRows.each(at: url) { path, header in
            LetterboxdReader.kind(path: path, header: header).flatMap { $0.isOther ? nil : $0 }
        } row: { kind, columns, row, _ in
            reader.learn(kind, columns, row.fields)
        }
        var lists = 0
        try ExportRows.each(at: url, into: &result) { path, header in
            switch LetterboxdReader.kind(path: path, header: header) {
            case .other(let what)?:
                if what == "lists" { lists += 1 }
                return nil
            case let kind:
                recognised = recognised || kind != nil
                return kind
            }
        } take: { kind, columns, row, path, result in
            reader.take(kind, columns, row.fields, at: (path, row.line), into: &result)
        }
        for _ in 0..<lists { result.pass(LetterboxdReader.listReason) }
        return recognised
    }

    static func imdb(_ url: URL, into result: inout LibraryImport) throws -> Bool {
        var recognised = false
        try ExportRows.each(at: url, into: &result) { path, header in
            let kind = IMDbReader.kind(path: path, header: header)
            if kind != nil { recognised = true }
            return kind
        } take: { kind, columns, row, path, result in
            IMDbReader.take(kind, columns, row.fields, at: (path, row.line), into: &result)
        }
        return recognised
    }
}

extension LetterboxdReader.Kind {
    var isOther: Bool {
        if case .other = self { return true }
        return false
    }
}
