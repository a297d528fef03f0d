import FoundationEssentials
import Glibc

/// `library.jsonl`: the library's events, appended one whole line each under the lock and fsynced, as the
/// history is. A line that does not parse costs that line only: the file is kept aside as it was and
/// rewritten with every event that could be read.
///
/// A change of several events (an import, `seen` of a selection) is one batch: a line `{"batch":N}` and its N
/// events after it, in one append. A batch the file does not hold whole (a write cut by a kill or a power
/// cut) is not applied: the library is the one before it, and the next change rewrites the file without it,
/// keeping a copy as it keeps a damaged line's (docs/DECISIONS.md, "An import is one batch").
public final class LibraryStore {
    let url: URL
    /// This device's id (`$XDG_STATE_HOME/scout/device`), made the first time an event is written.
    let deviceFile: URL
    /// Where the listings' shelf is kept (the cache folder); nil folds the file each time.
    let indexFolder: URL?
    let store: FileStore
    let warn: @Sendable (String) -> Void

    public init(
        url: URL, deviceFile: URL, indexFolder: URL? = nil, store: FileStore,
        warn: @escaping @Sendable (String) -> Void
    ) {
        (self.url, self.deviceFile, self.indexFolder, self.store, self.warn) = (
            url, deviceFile, indexFolder, store, warn
        )
    }

    /// The listings, read from the shelf kept in the cache folder while the library is as it was made from,
    /// else folded from the file and kept for next time.
    func shelf() throws -> LibraryShelf {
        guard let before = FileStamp(url) else { return LibraryShelf() }
        let file = indexFolder?.appendingPathComponent(LibraryShelf.fileName)
        if let file, let kept = try? store.hold(file), let shelf = LibraryShelf.decoded(kept, stamp: before) {
            return shelf
        }
        let made = LibraryShelf.made(try library(), stamp: before)
        // Kept under the stamp read before the fold, and only if no scout changed the file meanwhile.
        if let file, FileStamp(url) == before {
            try? store.write(made.file, to: file, durably: false)
        }
        return made.shelf
    }

    /// The library last folded, with the stamp of the file it was folded from.
    private var folded: (stamp: FileStamp, library: Library)?

    /// The library as the file leaves it; damaged lines are repaired away first (one warning). Folded once
    /// while the file stays as it is: `note 1` names the film and then reads its note from one fold.
    public func library() throws -> Library {
        let before = FileStamp(url)
        if let folded, let before, folded.stamp == before { return folded.library }
        guard let data = try store.map(url, whole: true) else { return Library() }
        var library = Library()
        if Self.scan(data, { library.apply($0) }).needsRepair {
            return try store.withLock(url) { try repaired() }
        }
        if let before, FileStamp(url) == before { folded = (before, library) }
        return library
    }

    /// Reads the library under the lock, appends the events `change` makes from it, and returns them:
    /// two scouts importing at once add each event once.
    @discardableResult
    public func update(_ change: (Library, _ device: String) throws -> [LibraryEvent]) throws -> [LibraryEvent] {
        try store.withLock(url) {
            let library = try repaired()
            let events = try change(library, try device())
            guard !events.isEmpty else { return [] }
            let encoder = JSONEncoder.scoutLine
            var lines = Data()
            if events.count > 1 { lines.append(contentsOf: Self.batchLine(events.count)) }
            for event in events {
                lines.append(try encoder.encode(event))
                lines.append(UInt8(ascii: "\n"))
            }
            try store.append(lines, to: url)
            return events
        }
    }

    /// Sync's change: the file becomes `lines` (every device's events in the order all of them fold them),
    /// followed by any event of the file they lack (one added by another scout meanwhile), under the lock.
    func replace(with lines: [Data]) throws {
        try store.withLock(url) {
            var out = Data()
            var known: Set<String> = []
            for line in lines {
                guard let event = LibraryEvent.read(line), known.insert(event.id).inserted else { continue }
                out.append(line)
                out.append(0x0A)
            }
            if let data = try store.read(url) {
                for (line, event) in Self.events(data) where known.insert(event.id).inserted {
                    out.append(line)
                    out.append(0x0A)
                }
            }
            try store.write(out, to: url)
            folded = nil
        }
    }

    /// The library, with the file rewritten first when a line of it does not parse or a batch at its end is
    /// not whole. Call it under the lock.
    private func repaired() throws -> Library {
        guard let data = try store.read(url) else { return Library() }
        var library = Library()
        var kept = Data()
        var count = 0
        let scan = Self.scan(data) { event in
            library.apply(event)
            count += 1
        } line: { line in
            kept.append(line)
            kept.append(UInt8(ascii: "\n"))
        }
        guard scan.needsRepair else { return library }
        let copy = try store.setAside(url) { try store.write(kept, to: url) }
        folded = nil
        guard let cut = scan.cut else {
            warn(
                FileStore.damagedLines(
                    "the library", damaged: scan.damaged, copy: copy, kept: count, noun: ("event", "events")))
            return library
        }
        let events = "\(count) event\(count == 1 ? "" : "s")"
        let damaged = "\(scan.damaged) damaged line\(scan.damaged == 1 ? "" : "s")"
        let batch = cut.of > 1 ? " (\(cut.of) events, \(cut.written) of them written)" : ""
        let also = scan.damaged > 0 ? " and left out \(damaged)" : ""
        warn(
            "the library's last change\(batch) was cut short; kept the file as \(copy) and the library as it was "
                + "before that change (\(events))\(also): run that import or command again")
        return library
    }

    /// What a scan found besides the events it applied.
    struct Scan {
        /// Non-empty lines that did not parse.
        var damaged = 0
        /// A change the file does not hold whole, at its end: a batch without all its lines (how many are there,
        /// of how many), or a last line without its newline that does not parse (0 of 1).
        var cut: (written: Int, of: Int)?
        var needsRepair: Bool { damaged > 0 || cut != nil }
    }

    /// Every event the file holds whole, with its line: what sync reads and publishes.
    static func events(_ data: Data) -> [(Data, LibraryEvent)] {
        var events: [(Data, LibraryEvent)] = []
        var last = Data()
        _ = scan(data, { events.append((last, $0)) }, line: { last = Data($0) })
        return events
    }

    /// Calls `body` with each event that parses (and `line` with its line, before `body`), leaving out a batch
    /// at the end whose lines are not all there.
    private static func scan(
        _ data: Data, _ body: (LibraryEvent) -> Void, line: (Data.SubSequence) -> Void = { _ in }
    ) -> Scan {
        var scan = Scan()
        data.withUnsafeBytes { raw in
            var end = raw.count
            raw.forEachLine { range in
                guard range.lowerBound < end else { return }
                let bytes = UnsafeRawBufferPointer(rebasing: raw[range])
                if let size = batchSize(bytes) {
                    // Whole when `size` lines, each ended by its newline, follow the batch's own line.
                    let written = raw.countLines(from: range.upperBound + 1, upTo: size)
                    if written < size { (end, scan.cut) = (range.lowerBound, (written, size)) }
                    return
                }
                var reader = JSONBytes(bytes)
                if let event = reader.libraryEvent().flatMap({ reader.atEnd ? $0 : nil }) ?? Self.decode(bytes) {
                    line(data[data.startIndex + range.lowerBound..<data.startIndex + range.upperBound])
                    body(event)
                } else if range.upperBound == raw.count {
                    scan.cut = (0, 1) // every line is written with its newline: this one's write was cut
                } else {
                    scan.damaged += 1
                }
            }
        }
        return scan
    }

    /// `{"batch":N}`, the line a batch of N events starts with.
    static func batchLine(_ size: Int) -> Data { Data("{\"batch\":\(size)}\n".utf8) }

    /// N, where `bytes` is a batch's line.
    static func batchSize(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let prefix = #"{"batch":"#.utf8
        guard bytes.count > prefix.count + 1, bytes.count < prefix.count + 12, bytes.starts(with: prefix),
            bytes[bytes.count - 1] == 0x7D
        else { return nil }
        var size = 0
        for byte in bytes[prefix.count..<(bytes.count - 1)] {
            guard (0x30...0x39).contains(byte) else { return nil }
            size = size * 10 + Int(byte - 0x30)
        }
        return size > 0 ? size : nil
    }

    /// A line as JSONDecoder reads it: one written otherwise than scout writes it.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> LibraryEvent? {
        try? JSONDecoder.scout.decode(LibraryEvent.self, from: Data(bytes))
    }

    /// This device's id, which each event carries.
    func device() throws -> String { try DeviceID(file: deviceFile, store: store).read() }
}
