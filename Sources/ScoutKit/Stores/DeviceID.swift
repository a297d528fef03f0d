import FoundationEssentials
import Glibc

/// This device's id (`$XDG_STATE_HOME/scout/device`), which the library's events and sync's operations carry.
struct DeviceID {
    let file: URL
    let store: FileStore

    /// Read from its file, or made and written there once (by whichever scout gets there
    /// first: the file is created only where none is).
    func read() throws -> String {
        if let kept = try store.read(file).map({ String(decoding: $0, as: UTF8.self) }),
            case let id = kept.trimmed(), !id.isEmpty
        {
            return id
        }
        var bytes = [UInt8](repeating: 0, count: 8)
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255) }
        let id = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        try store.makeDirectory(file.deletingLastPathComponent())
        let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            // Another scout made it meanwhile: its id. A file left empty by a killed scout is written whole.
            if errno == EEXIST, let kept = try store.read(file),
                case let other = String(decoding: kept, as: UTF8.self).trimmed(),
                !other.isEmpty
            {
                return other
            }
            try store.write(Data((id + "\n").utf8), to: file)
            return id
        }
        defer { close(fd) }
        let line = Array((id + "\n").utf8)
        guard write(fd, line, line.count) == line.count, fsync(fd) == 0 else {
            throw StoreError.writeFailed(path: file.path, reason: FileStore.errnoText())
        }
        return id
    }
}
