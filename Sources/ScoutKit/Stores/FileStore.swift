import FoundationEssentials
import Glibc

/// The one place scout touches its state files: private directories, atomic whole-file writes,
/// appended records, advisory locks and the quarantine of files that do not parse.
public struct FileStore: Sendable {
    /// How long a lock is waited for before the user is told the file is busy.
    public var lockTimeout: Duration = .seconds(5)
    /// The clock used to name quarantined copies.
    public var now: @Sendable () -> Date = { Date() }

    public init() {}

    /// Creates `directory` and its missing parents with mode 0700.
    public func makeDirectory(_ directory: URL) throws(StoreError) {
        var missing: [String] = []
        var path = directory.path
        while !path.isEmpty, path != "/", !FileManager.default.fileExists(atPath: path) {
            missing.append(path)
            path = URL(fileURLWithPath: path).deletingLastPathComponent().path
        }
        for dir in missing.reversed() where mkdir(dir, 0o700) != 0 && errno != EEXIST {
            throw .writeFailed(path: dir, reason: Self.errnoText())
        }
    }

    /// Reads a whole file; nil when it does not exist.
    public func read(_ url: URL) throws(StoreError) -> Data? {
        guard let fd = try openForReading(url) else { return nil }
        defer { close(fd) }
        // Read into a buffer of the file's size (and more if it grows meanwhile), straight from the kernel.
        var info = stat()
        var data = Data(count: fstat(fd, &info) == 0 ? max(Int(info.st_size), 0) + 1 : 65_536)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(65_536, data.count / 2) }
            let count = data.withUnsafeMutableBytes {
                Glibc.read(fd, $0.baseAddress.map { $0 + filled }, $0.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: url.path, reason: Self.errnoText())
            }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return data
    }

    /// Maps a whole file into memory (Foundation's `.alwaysMapped` reads the whole file on Linux); nil
    /// when it does not exist. Pages are read as they are touched, or all at once with `whole` for a file
    /// that is about to be scanned from end to end.
    public func map(_ url: URL, whole: Bool = false) throws(StoreError) -> Data? {
        guard let held = try hold(url, whole: whole), let base = held.bytes.baseAddress else { return nil }
        return Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: held.bytes.count,
            deallocator: .custom { _, _ in withExtendedLifetime(held) {} })
    }

    /// The file's bytes where they lie (mapped), for reading in place as long as the holder lives; nil when
    /// it does not exist. A file that cannot be mapped (empty, a pipe, an odd file system) is read.
    func hold(_ url: URL, whole: Bool = false) throws(StoreError) -> HeldBytes? {
        guard let fd = try openForReading(url) else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: url.path, reason: Self.errnoText()) }
        let size = Int(info.st_size)
        guard size > 0, let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | (whole ? MAP_POPULATE : 0), fd, 0),
            address != MAP_FAILED
        else {
            return try read(url).map(HeldBytes.init(copying:))
        }
        return HeldBytes(mapped: address, count: size)
    }

    /// `url` opened to read, nil when it does not exist.
    private func openForReading(_ url: URL) throws(StoreError) -> Int32? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .unreadable(path: url.path, reason: Self.errnoText())
        }
        return fd
    }

    /// Replaces `url` whole: a new 0600 file in the same directory, written, fsynced, renamed over the old
    /// one, and the directory fsynced. On failure the old file is intact and no temporary file is left.
    /// Derived data that can be made again (an index in the cache folder) skips the fsyncs: `durably: false`.
    /// A file written after every command (the session) is written `often`: into its spare (below), and the
    /// directory not fsynced, since after a power cut the file is the new one or the old one, never an empty
    /// one, which is enough for a file the next write replaces anyway.
    public func write(_ data: Data, to url: URL, durably: Bool = true, often: Bool = false) throws(StoreError) {
        let directory = url.deletingLastPathComponent()
        try makeDirectory(directory)
        if often, try exchange(data, with: url) { return }
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .writeFailed(path: url.path, reason: Self.errnoText()) }
        do throws(StoreError) {
            try Self.writeAll(fd, data, path: url.path)
            guard !durably || fsync(fd) == 0 else {
                throw StoreError.writeFailed(path: url.path, reason: Self.errnoText())
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw StoreError.writeFailed(path: url.path, reason: Self.errnoText())
            }
            close(fd)
        } catch {
            close(fd)
            unlink(temporary.path)
            throw error
        }
        if durably, !often { syncDirectory(directory) }
    }

    /// The spare of a file written `often`: `.NAME.spare` beside it, holding the file as it was before its
    /// last write.
    public func spare(of url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).spare")
    }

    /// Puts a file's spare back in its place (after the file was set aside as damaged); false when it cannot.
    public func restoreSpare(of url: URL) -> Bool {
        rename(spare(of: url).path, url.path) == 0
    }

    /// Writes `data` over the file's spare, waits for it to reach the disk, and exchanges the two names in one
    /// step (`renameat2(RENAME_EXCHANGE)`): the file is whole before and after, and no file is made or freed.
    /// Freeing the replaced file was most of a save (1.2–1.7 ms of a 13 ms cached search on this machine's
    /// ext4; BENCHMARKS.md, issue 51). False, having changed nothing the user reads, when the spare is not
    /// to be had (another scout holds it, or it is not a plain file of ours) or the file is not a plain file.
    private func exchange(_ data: Data, with url: URL) throws(StoreError) -> Bool {
        let kind = kind(of: url)
        guard kind == .file || kind == .none else { return false }
        let spare = spare(of: url)
        let fd = open(spare.path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) } // which also lets go of the lock
        // The holder of the lock on the file now named the spare is the only one to write or move it; one that
        // locked a file the name has since moved off (another scout's exchange) leaves it.
        var held = stat(), named = stat()
        guard flock(fd, LOCK_EX | LOCK_NB) == 0, fstat(fd, &held) == 0, lstat(spare.path, &named) == 0,
            held.st_ino == named.st_ino, held.st_dev == named.st_dev, held.st_mode & S_IFMT == S_IFREG
        else { return false }
        try Self.writeAll(fd, data, path: url.path)
        guard held.st_size == data.count || ftruncate(fd, off_t(data.count)) == 0, fdatasync(fd) == 0 else {
            throw .writeFailed(path: url.path, reason: Self.errnoText())
        }
        // No file yet, or a file system without the exchange: the spare becomes the file, as a plain write does.
        guard
            glibcRenameat2(AT_FDCWD, spare.path, AT_FDCWD, url.path, renameExchange) == 0
                || rename(spare.path, url.path) == 0
        else { throw .writeFailed(path: url.path, reason: Self.errnoText()) }
        return true
    }

    /// Appends whole lines (a single `write`) to `url`, created 0600, and fsyncs them.
    ///
    /// When the file does not end with a newline (a write torn by a power cut), the lines start on a
    /// new line, so the torn record costs itself only and not the next one too. Call it under the lock.
    /// Derived data (`durably: false`) is appended as it is, without that care and without the fsync.
    public func append(_ lines: Data, to url: URL, durably: Bool = true) throws(StoreError) {
        try makeDirectory(url.deletingLastPathComponent())
        let fd = open(url.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .writeFailed(path: url.path, reason: Self.errnoText()) }
        defer { close(fd) }
        guard durably else { return try Self.writeAll(fd, lines, path: url.path) }
        var record = lines
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .writeFailed(path: url.path, reason: Self.errnoText()) }
        var last: UInt8 = 0
        if info.st_size > 0, pread(fd, &last, 1, info.st_size - 1) == 1, last != UInt8(ascii: "\n") {
            record.insert(UInt8(ascii: "\n"), at: record.startIndex)
        }
        do throws(StoreError) {
            try Self.writeAll(fd, record, path: url.path)
            guard fsync(fd) == 0 else { throw StoreError.writeFailed(path: url.path, reason: Self.errnoText()) }
        } catch {
            // A disk that filled up mid-record: take the part written back off, so no torn line is left.
            ftruncate(fd, info.st_size)
            throw error
        }
    }

    /// Runs `body` holding an exclusive advisory lock on `url`'s lock file (`.NAME.lock` beside it).
    ///
    /// The lock is released by the kernel when a process dies, so a killed scout never leaves a stale lock.
    /// A lock held longer than `lockTimeout` gives `StoreError.busy`.
    public func withLock<T>(_ url: URL, _ body: () throws -> T) throws -> T {
        try makeDirectory(url.deletingLastPathComponent())
        let lockPath = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock").path
        var fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0 { fd = open(lockPath, O_RDONLY | O_CLOEXEC) } // a lock file scout may not write still locks
        // The user is told about the file they know, not the lock beside it.
        guard fd >= 0 else { throw StoreError.writeFailed(path: url.path, reason: Self.errnoText()) }
        defer { close(fd) }
        let deadline = ContinuousClock.now + lockTimeout
        var pause = Duration.milliseconds(1)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw StoreError.writeFailed(path: lockPath, reason: Self.errnoText())
            }
            guard ContinuousClock.now < deadline else { throw StoreError.busy(path: url.path) }
            usleep(UInt32(pause.nanoseconds / 1000))
            pause = min(pause * 2, .milliseconds(50))
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Moves a file that does not parse aside as `NAME.corrupt-<UTC time>`, never over an earlier copy.
    /// Returns the copy's name.
    @discardableResult
    public func quarantine(_ url: URL) -> String? {
        guard let copy = keepCopy(of: url) else { return nil }
        unlink(url.path)
        syncDirectory(url.deletingLastPathComponent())
        return copy
    }

    /// Repairs a line-a-record file (history, the deny list, the library) that has lines which do not parse: keeps
    /// it as it is under `NAME.corrupt-<UTC time>`, lets `rewrite` write back what could be read, and returns the
    /// copy's name for the one warning that says so (`damagedLines`). Call it under the file's lock.
    public func setAside(_ url: URL, rewrite: () throws -> Void) throws -> String {
        let copy = keepCopy(of: url) ?? "(no copy could be made)"
        try rewrite()
        return copy
    }

    /// The warning a repaired file gives: `history had 2 damaged lines; kept the file as history.jsonl.corrupt-…
    /// and the 40 records that could be read`.
    public static func damagedLines(
        _ label: String, damaged: Int, copy: String, kept: Int, noun: (one: String, many: String)
    ) -> String {
        "\(label) had \(damaged) damaged line\(damaged == 1 ? "" : "s"); kept the file as \(copy) and the \(kept) "
            + "\(kept == 1 ? noun.one : noun.many) that could be read"
    }

    /// Keeps the file as it is now under `NAME.corrupt-<UTC time>` (a second name for the same file, never
    /// over an earlier copy) and returns that name; the caller then replaces `url` with what it could read.
    public func keepCopy(of url: URL) -> String? {
        let stamp = ISODate.string(now()).filter { $0 != ":" && $0 != "-" }
        var candidate = url.path + ".corrupt-\(stamp)"
        var counter = 1
        // link() fails if the name exists, so an earlier copy is never overwritten, even by another scout.
        while link(url.path, candidate) != 0 {
            guard errno == EEXIST else { return nil }
            counter += 1
            candidate = url.path + ".corrupt-\(stamp)-\(counter)"
        }
        return URL(fileURLWithPath: candidate).lastPathComponent
    }

    /// Removes temporary files a killed scout left in `directory`.
    /// Read with readdir at every start: only a name that starts with `.` is made a string.
    public func sweepTemporaries(in directory: URL) {
        let path = directory.path
        guard let folder = opendir(path) else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
                guard raw.first == UInt8(ascii: "."), let end = raw.firstIndex(of: 0) else { return nil }
                return String(decoding: raw[..<end], as: UTF8.self)
            }
            guard let name else { continue }
            // `.name.tmp-PID-…`: the bytes after the last ".tmp-" up to the next "-".
            let bytes = Array(name.utf8), marker = Array(".tmp-".utf8)
            guard let at = Text.lastOffset(of: marker, in: bytes) else { continue }
            let pidText = String(decoding: bytes[(at + marker.count)...].prefix { $0 != 0x2D }, as: UTF8.self)
            if let pid = Int32(pidText), kill(pid, 0) == 0 { continue } // a live scout may be mid-write
            unlink(path + "/" + name)
        }
    }

    /// What is at a path, without following a last symbolic link.
    public enum Kind: Sendable { case none, file, folder, link, other }

    public func kind(of url: URL) -> Kind {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return .none }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        case S_IFREG: return .file
        default: return .other
        }
    }

    /// Whether something is at the path, following symbolic links.
    public func exists(_ url: URL) -> Bool {
        var info = stat()
        return stat(url.path, &info) == 0
    }

    /// Whether the path is a folder, following symbolic links.
    public func isFolder(_ url: URL) -> Bool {
        var info = stat()
        return stat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in a folder; nil when it cannot be read.
    public func contents(of folder: URL) -> [String]? {
        try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    }

    /// A file's size in bytes; 0 when it cannot be read.
    public func size(of url: URL) -> Int {
        var info = stat()
        return stat(url.path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Removes a file; false when it was not there or could not be removed.
    @discardableResult
    public func remove(_ url: URL) -> Bool {
        unlink(url.path) == 0
    }

    private func syncDirectory(_ directory: URL) {
        let fd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    private static func writeAll(_ fd: Int32, _ data: Data, path: String) throws(StoreError) {
        var failure: StoreError?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress?.advanced(by: offset), raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .writeFailed(path: path, reason: errnoText())
                    return
                }
                offset += written
            }
        }
        if let failure { throw failure }
    }

    static func errnoText() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}

/// glibc's `renameat2` (a GNU extension the Glibc module does not export, as `RENAME_EXCHANGE` is not):
/// with `renameExchange`, both names stay and swap their files in one step.
@_silgen_name("renameat2")
private func glibcRenameat2(
    _ fromFolder: Int32, _ from: UnsafePointer<CChar>, _ toFolder: Int32, _ to: UnsafePointer<CChar>, _ flags: UInt32
) -> Int32
private let renameExchange: UInt32 = 1 << 1
