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

    /// The targets by name; each gets the fuzzer's bytes and must return without crashing or hanging. Those of
    /// scout's own files are in `FuzzStateTargets.swift`.
    let targets: [String: @Sendable (Data) -> Void] = stateTargets.merging([
        "parser": { data in
            let line = String(decoding: data, as: UTF8.self)
            for words in (try? Tokenizer.commands(line)) ?? [] { _ = try? CommandTable.parse(words) }
            _ = Tokenizer.partial(line)
            _ = Completion.complete(line, data: completionData())
        },
        "ranges": { data in _ = try? RangeSpec.parse(String(decoding: data, as: UTF8.self)) },
        // A Letterboxd feed: libxml2 (no DTD, nothing fetched, capped), then the items; what it keeps is whole.
        "feed": { data in
            guard let feed = try? LetterboxdFeed.read(data) else { return }
            for entry in feed.entries {
                precondition(!entry.title.isEmpty && (entry.day != nil || entry.guid.hasPrefix("letterboxd-review-")))
                precondition(entry.stars.map { (0.5...5).contains($0) } ?? true)
            }
        },
        "itunes": { data in
            // Members an item does not use are passed over unread: the items are those of the byte reader's
            // tree of every member, where it reads one (a member passed over may hold bytes that are not UTF-8,
            // which send the tree to JSONDecoder, whose reading of the rest, repeated keys, differs).
            guard let items = try? ITunesSource.decode(data), JSONBytes.whole(data, { $0.answer(depth: 0) }) != nil,
                let all = try? ITunesSource.decodeTree(data)
            else { return }
            precondition(items == all, "reading only the members used gives other items")
        },
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
    ]) { state, _ in state }

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
