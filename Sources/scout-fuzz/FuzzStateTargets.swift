// The libFuzzer targets of scout's own files (see Fuzz.swift): the session, favourites, the library and its
// shelf, the cache's headers, the settings, saved searches, sync logs, the cache, the history and its lines,
// the deny list, and the indexes made beside them.

#if SCOUT_FUZZ
    import CScoutNet
    import Foundation
    @testable import ScoutKit

    let stateTargets: [String: @Sendable (Data) -> Void] = [
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
        "settings": { data in
            if let settings = SettingsCodec.decode(data, file: "config.json", warn: { _ in }) {
                // What is read is written back and read again the same.
                let back = SettingsCodec.decode(SettingsCodec.encode(settings), file: "config.json", warn: { _ in })
                precondition(back == settings, "the settings file does not read back as written")
            }
        },
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
    ]
#endif
