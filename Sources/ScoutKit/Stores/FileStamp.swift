import FoundationEssentials
import Glibc

/// What identifies one version of a file cheaply: inode, size and modification time.
struct FileStamp: Equatable {
    var inode: UInt64
    var size: Int64
    var modified: timespec

    init(inode: UInt64, size: Int64, modified: timespec) {
        (self.inode, self.size, self.modified) = (inode, size, modified)
    }

    init?(_ url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
    }

    /// The stamp as the index files keep it: inode, size, modification seconds and nanoseconds.
    var words: [UInt64] {
        [
            inode, UInt64(bitPattern: size), UInt64(bitPattern: Int64(modified.tv_sec)),
            UInt64(bitPattern: Int64(modified.tv_nsec)),
        ]
    }

    /// The permission bits of a file, nil when it does not exist.
    static func mode(of url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o777)
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.inode == b.inode && a.size == b.size && a.modified.tv_sec == b.modified.tv_sec
            && a.modified.tv_nsec == b.modified.tv_nsec
    }
}
