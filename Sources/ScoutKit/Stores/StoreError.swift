import Glibc

/// Why a state file could not be read or written. Each reads as one line a user can act on.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// A write failed; the old file is intact.
    case writeFailed(path: String, reason: String)
    /// Another scout holds the file's lock for longer than scout waits.
    case busy(path: String)
    /// A file the user named cannot be read.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .writeFailed(let path, let reason):
            return "could not save \(path): \(reason); nothing was lost, fix that and try again"
        case .busy(let path):
            return "\(path) is busy: another scout is writing it; try again in a moment"
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        }
    }
}
