// libFuzzer targets for everything scout reads from outside: the command line a user types, the answers
// of the catalog server, iTunes and OMDb, and its own state files. `scripts/fuzz` builds this with
// `-sanitize=fuzzer -DSCOUT_FUZZ` and runs each target for a set time; `SCOUT_FUZZ_TARGET` picks one.
// Built without SCOUT_FUZZ (as `swift build` does), it is a stub that says how to build it.

#if SCOUT_FUZZ
    import CScoutNet
    import Foundation
    @testable import ScoutKit

    /// Completion's view of a scout with a little of everything, for the parser target.
    func completionData() -> CompletionData {
        var data = CompletionData()
        data.sources = ["movies", "restaurants", "songs", "omdb"]
        data.favourites = { [.init(id: "movies:1", title: "Alien"), .init(id: "restaurants:2", title: "東京")] }
        data.tags = { ["weekend"] }
        data.historyCount = { 1_234 }
        data.historyLabel = { "\($0)  movies \"alien\"" }
        data.sessions = { ["work"] }
        data.deniedTerms = { _ in ["spoilers"] }
        data.rows = { ["Alien", "Aliens"] }
        data.files = { _ in ["favs.json"] }
        return data
    }

    /// The rows a parser reads from `bytes` fed in pieces of the sizes given (the rest at once), and the error
    /// that stopped it, if one did.
    func csvRows(_ bytes: [UInt8], _ parser: CSVParser, pieces: [Int]) -> (rows: [CSVRow], error: CSVError?) {
        var parser = parser
        var rows: [CSVRow] = []
        var start = 0
        do {
            for size in pieces + [bytes.count] where start < bytes.count {
                let end = min(bytes.count, start + size)
                try parser.feed(chunk: bytes[start..<end]) { rows.append($0) }
                start = end
            }
            try parser.finish { rows.append($0) }
        } catch {
            return (rows, error as? CSVError)
        }
        return (rows, nil)
    }

    /// Where the zip target writes its bytes: one file per process, rewritten for each input (named .csv, so
    /// that bytes that are not a zip are read as the one CSV file of an export, as a user could give them).
    let zipPath = FileManager.default.temporaryDirectory.appendingPathComponent("scout-fuzz-\(getpid()).csv")

    /// The targets by name; each gets the fuzzer's bytes and must return without crashing or hanging.
    let targets: [String: @Sendable (Data) -> Void] = [
        "parser": { data in
            let line = String(decoding: data, as: UTF8.self)
            for words in (try? Tokenizer.commands(line)) ?? [] { _ = try? CommandTable.parse(words) }
            _ = Tokenizer.partial(line)
            _ = Completion.complete(line, data: completionData())
        },
        "ranges": { data in _ = try? RangeSpec.parse(String(decoding: data, as: UTF8.self)) },
        "itunes": { data in _ = try? ITunesSource.decode(data) },
        "omdb": { data in
            _ = try? OMDbSource.decodeSearch(data)
            if let root = try? OMDbSource.parse(data) {
                _ = try? OMDbSource.checkError(root, status: 200)
                _ = JSONFields(root).flatMap(OMDbSource.detail)
            }
        },
        "catalog": { data in
            _ = try? CatalogDecoder.decode(.movies, from: data)
            _ = try? CatalogDecoder.decode(.restaurants, from: data)
        },
        "session": { data in _ = try? JSONDecoder.scout.decode(SessionModel.self, from: data) },
        "favourites": { data in
            // The id scan behind a listing's marks must find every id the decoder reads (duplicate keys aside, the
            // same).
            let file = try? JSONDecoder.scout.decode(FavouritesFile.self, from: data)
            if let decoded = file.map({ Set($0.favourites.map(\.id)) }), let scanned = FavouritesStore.scanIDs(data) {
                precondition(decoded.isSubset(of: scanned), "the id scan missed an id")
            }
            // The quick reader reads only what Foundation's reads, and reads it the same; its writer writes the same
            // bytes.
            if let fast = FavouritesCodec.decode(data) {
                precondition(fast == file, "the quick reader read what JSONDecoder did not")
                precondition(
                    fast.favourites.map(\.addID) == file?.favourites.map(\.addID),
                    "the quick reader read another add id")
                precondition(
                    FavouritesCodec.encode(fast) == (try? JSONEncoder.scout.encode(fast)),
                    "the quick writer wrote other bytes")
                let extra = Favourite(item: Item(id: "fuzz:1", title: "Fuzz"), addedAt: Date(timeIntervalSince1970: 0))
                if let longer = FavouritesCodec.appending([extra], to: data) {
                    precondition(
                        FavouritesCodec.decode(longer) == FavouritesFile(favourites: fast.favourites + [extra]),
                        "an append in place lost or changed a favourite")
                }
            }
        },
        "library": { data in
            // A library line read from its bytes reads as JSONDecoder reads it; the fold takes any events.
            var events: [LibraryEvent] = []
            for line in data.split(separator: 0x0A) {
                let fast: LibraryEvent? = line.withUnsafeBytes { raw in
                    var reader = JSONBytes(raw)
                    return reader.libraryEvent().flatMap { reader.atEnd ? $0 : nil }
                }
                if let fast {
                    precondition(
                        (try? JSONDecoder.scout.decode(LibraryEvent.self, from: line)) == fast,
                        "the quick reader read what JSONDecoder did not")
                    events.append(fast)
                }
            }
            let library = Library(events)
            _ = library.diary.map { library.label($0.film) }
        },
        "shelf": { data in
            // The listings' kept shelf: whatever a damaged file holds, it is refused or every row reads.
            let header = data.withByteReader { $0.words(5) } ?? []
            guard let shelf = LibraryShelf.decoded(data, header: header) else { return }
            for film in 0..<shelf.filmCount {
                _ = (shelf.label(film), shelf.id(film), shelf.stars(film), shelf.origin(film))
                _ = (shelf.genres(of: film).map(shelf.name), shelf.directors(of: film).map(shelf.name))
            }
            for entry in 0..<shelf.diaryCount {
                _ = (shelf.entryDate(entry), shelf.entryTags(entry), shelf.entryReview(entry), shelf.entryFilm(entry))
            }
            for n in 0..<shelf.watchCount { _ = shelf.id(shelf.wanted(n).film) }
            for film in shelf.ratings { _ = shelf.label(Int(film)) }
        },
        "headers": { data in
            // An answer's header lines as libcurl hands them over, one at a time: whatever they hold, the two kept
            // are whole C strings of at most their lines' length.
            var result = scout_http_result()
            defer { scout_http_result_free(&result) }
            let bytes = [UInt8](data)
            for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
                let line = Array(line) + [0x0A]
                line.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        scout_http_take_header(&result, $0.baseAddress, $0.count)
                    }
                }
            }
            for kept in [result.retry_after, result.cache_control] {
                if let kept { precondition(strlen(kept) <= bytes.count + 1) }
            }
        },
        "settings": { data in _ = try? JSONDecoder.scout.decode(Settings.self, from: data) },
        "saved": { data in
            // The saved searches' file, then each as `saved` shows it and `run` fills it; and the bytes as terms:
            // `$$` keeps any text as it is, and empty arguments never make it longer.
            let file = try? JSONDecoder.scout.decode(SavedSearchesFile.self, from: data)
            for search in file?.searches ?? [] {
                _ = search.commandLine
                _ = try? search.filled(with: (0..<search.parameterCount).map { "$\($0 + 1)x" })
            }
            let text = String(decoding: data.prefix(4096), as: UTF8.self)
            let count = SavedSearch.highestParameter(text)
            let escaped = SavedSearch.escaped(text)
            precondition(SavedSearch.highestParameter(escaped) == 0, "an escaped text has a parameter")
            precondition(SavedSearch.substitute(escaped, ["x"]) == text, "an escaped text did not come back")
            let filled = SavedSearch.substitute(text, (0..<count).map { _ in "" })
            precondition(filled.count <= text.count, "empty arguments made the text longer")
        },
        "sync": { data in
            // Another device's log (remote bytes): every line that reads is folded, twice and in reverse, to the
            // same state; the state's files and digest are made without a fault.
            let read = SyncOp.read(data)
            var fold = SyncFold()
            for entry in read.ops { fold.apply(entry.op) }
            let digest = fold.digest
            var again = SyncFold()
            for entry in read.ops.reversed() { again.apply(entry.op) }
            for entry in read.ops { again.apply(entry.op) }
            precondition(again.canonicalLines == fold.canonicalLines, "the order or a repeat changed the state")
            precondition(again.digest == digest, "the digest changed")
            _ = fold.view
            _ = fold.favouriteOrder
            _ = fold.libraryLines
            for entry in read.ops {
                let back = Data(entry.op.line.dropLast()).withUnsafeBytes { SyncOp.parse($0) }
                precondition(back == entry.op, "an operation written again does not read back the same")
            }
        },
        "cache": { data in _ = CacheEntry(data) },
        "history": { data in
            let log = HistoryLog(data)
            _ = log.matching("kubrick")
            _ = log.matching("café")
            for n in 0...log.count + 1 { _ = log.entry(n) }
        },
        "lines": { data in
            // The picker's kept history lines: a file that reads as one shows every line and matches without a fault.
            guard let kept = HistoryLines.read(data) else { return }
            for index in 0..<kept.corpus.count { _ = kept.corpus.text(index) }
            let matcher = PickerMatcher(kept.corpus)
            for query in ["kubrick", "K", "^s !x", "'heat$ | a"] { _ = matcher.rank(PickerQuery(query), limit: 10) }
            _ = kept.corpus.merging(typed: ["search heat --in movies", "fav"])
        },
        "denylist": { data in
            _ = DenyListStore.terms(in: data)
            _ = DenyIndex(data: data)?.offsets(of: FNV.hash("star wars"))
        },
        "indexes": { data in
            // Every binary index's reader over the same bytes (seeds in Fuzz/corpus/indexes, one a format): each
            // reads a file of its format or refuses it, and never reads past the bytes it was given.
            let stamp = FileStamp(inode: 1, size: 2, modified: timespec(tv_sec: 3, tv_nsec: 4))
            if let set = StampedHashSet(data: data, for: stamp) { _ = set.contains(FNV.hash("movies:1")) }
            if let deny = DenyIndex(data: data) { _ = deny.offsets(of: FNV.hash("spoilers")) }
            if let kept = HistoryLines.read(data) {
                precondition(
                    HistoryLines.read(kept.corpus.encoded(header: kept.header)) != nil,
                    "the picker's lines did not read back")
            }
            // The history's three files as one: the header's counts must fit each, and (as `HistoryIndex.current`
            // checks against the history it maps) it covers no more than the history holds.
            if let index = HistoryIndex(entries: data, text: data, dones: data), index.covered <= data.count {
                let log = HistoryLog(data, index: index)
                for line in index.lines() {
                    precondition(line.upperBound <= index.covered, "an entry names a line past the history")
                }
                _ = log.entries(Array(0...(min(log.count, 64) + 1)))
                _ = log.matching("kubrick")
                _ = log.searchLines()
            }
            // The reader itself, driven by the bytes: each read inside them or nil, the offset never past the end.
            data.withByteReader { reader in
                var steps = 0
                while let op = reader.read(UInt8.self), steps < 1_000 {
                    steps += 1
                    let n = Int(Int8(bitPattern: reader.read(UInt8.self) ?? 0))
                    switch op % 6 {
                    case 0: _ = reader.word()
                    case 1: _ = reader.read(UInt32.self)
                    case 2: _ = reader.skip(n)
                    case 3: _ = reader.read(n, of: UInt16.self)
                    case 4: _ = reader.word(at: reader.offset + n)
                    default: _ = reader.words(n)
                    }
                    precondition(reader.offset >= 0 && reader.offset <= reader.count, "the reader left its bytes")
                }
            }
        },
        "csv": { data in
            // The rows must not depend on how the bytes are cut: piece sizes (0 to 16) come from the bytes' hash.
            let bytes = [UInt8](data)
            var seed = bytes.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
            let pieces = (0..<bytes.count).map { _ in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int(seed >> 60)
            }
            for parser in [CSVParser(), CSVParser(separator: UInt8(ascii: ";"), maxField: 8, maxFields: 4)] {
                let whole = csvRows(bytes, parser, pieces: [])
                precondition(
                    csvRows(bytes, parser, pieces: pieces) == whole, "rows fed in pieces differ from rows fed at once")
                precondition(
                    zip(whole.rows, whole.rows.dropFirst()).allSatisfy { $0.line < $1.line },
                    "a row starts on a line before the last")
                precondition(
                    whole.rows.allSatisfy { $0.fields.count <= parser.maxFields },
                    "a row holds more fields than allowed")
            }
        },
        "zip": { data in
            // Anything ExportFiles is given (a zip, or else one file) reads to its end or an error, within
            // limits small enough for a debug build to reach them quickly.
            guard (try? data.write(to: zipPath)) != nil else { return }
            let limits = ExportLimits(
                maxFileBytes: 1 << 20, maxTotalBytes: 4 << 20, maxEntries: 1_000, maxField: 4_096, maxFields: 64)
            var files: [String] = []
            _ = try? ExportFiles.each(at: zipPath, limits: limits) { file, row in
                if files.last != file.path { files.append(file.path) }
                precondition(row.fields.count <= limits.maxFields, "a row holds more fields than allowed")
            }
            for path in files {
                let parts = path.split(separator: "/", omittingEmptySubsequences: false)
                precondition(
                    !path.hasPrefix("/") && !parts.contains("..") && path.lowercased().hasSuffix(".csv")
                        && !parts.dropLast().contains { $0.lowercased() == "deleted" || $0.lowercased() == "orphaned" },
                    "a file outside the export, or not its own, was read: \(path)")
            }
        },
        "image": { data in
            // Remote image bytes (libjpeg-turbo, libpng through scout's C glue) decode to pixels of the size they
            // say, or to one error; what decodes draws in symbols within its box and as kitty's one sequence.
            guard let image = try? ArtImage.decode(data, fitting: (160, 160)) else { return }
            precondition(
                image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4
                    && image.width * image.height <= 4096 * 4096,
                "decoded pixels do not match the size")
            let symbols = ArtDrawing.draw(
                image, for: ArtTerminal(drawing: .symbols, colours: .truecolor), columns: 16, rows: 8, cell: (10, 20))
            precondition(symbols.pieces.count <= 8 && symbols.columns <= 16, "a drawing left its box")
            let kitty = ArtDrawing.draw(
                image, for: ArtTerminal(drawing: .kitty, colours: .truecolor), columns: 4, rows: 2, cell: (4, 8))
            precondition(kitty.pieces.count == 1, "kitty's drawing is one sequence")
        },
        "safetext": { data in
            let text = String(decoding: data, as: UTF8.self)
            let clean = SafeText.clean(text)
            precondition(!clean.unicodeScalars.contains(where: SafeText.needsEscape), "a control character got through")
        },
    ]

    let chosen: @Sendable (Data) -> Void = {
        let name = ProcessInfo.processInfo.environment["SCOUT_FUZZ_TARGET"] ?? ""
        guard let target = targets[name] else {
            fatalError("set SCOUT_FUZZ_TARGET to one of: \(targets.keys.sorted().joined(separator: ", "))")
        }
        return target
    }()

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        guard let bytes else { return 0 }
        chosen(Data(bytes: bytes, count: count))
        return 0
    }

    /// SwiftPM links an executable's `main` to `<module>_main`; here that hands over to libFuzzer's driver.
    @_cdecl("scout_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        typealias Driver =
            @convention(c) (
                UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
            ) -> CInt
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
            fatalError("libFuzzer is not linked in: build with scripts/fuzz")
        }
        var argc = argc, argv = argv
        return unsafeBitCast(symbol, to: Driver.self)(&argc, &argv, fuzz)
    }
#else
    @main
    enum FuzzStub {
        static func main() {
            print("scout-fuzz holds libFuzzer targets: build and run them with scripts/fuzz")
        }
    }
#endif
