import Foundation

/// The real answers of iTunes and OMDb recorded in `../shared/realdata` beside the repository, read
/// from there and never copied in.
///
/// A test that reads them fails when the folder is missing, saying which folder and which variable:
/// an empty list of files would otherwise let it pass having checked nothing. It is skipped only when
/// the environment says `SCOUT_SKIP_REALDATA=1`. `SCOUT_REALDATA=DIR` reads them from DIR instead
/// (`scripts/fixture-server` honours both too).
public enum RealData {
    /// The variable that, set to `1`, skips the tests that read the recorded data.
    public static let skipVariable = "SCOUT_SKIP_REALDATA"
    /// The variable that names another folder to read them from.
    public static let folderVariable = "SCOUT_REALDATA"

    /// `SCOUT_REALDATA`, else `../shared/realdata` beside the repository.
    public static var folder: URL {
        if let path = ProcessInfo.processInfo.environment[folderVariable], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return FixtureServer.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/realdata").standardizedFileURL
    }

    /// Whether the environment says `SCOUT_SKIP_REALDATA=1`.
    public static var isSkipped: Bool { ProcessInfo.processInfo.environment[skipVariable] == "1" }

    /// The folder, or `Missing` when it is not there (unless skipped: then the folder, unread).
    @discardableResult
    public static func require() throws(Missing) -> URL {
        let folder = folder
        var isFolder: ObjCBool = false
        guard
            isSkipped
                || (FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue)
        else {
            throw Missing(folder: folder)
        }
        return folder
    }

    /// The `.json` files of `sub` (`itunes`, `omdb`) whose names start with `prefix`, by name; `Missing`
    /// when the folder or `sub` is missing or holds none. None when skipped.
    public static func files(_ sub: String, prefix: String = "") throws(Missing) -> [URL] {
        guard !isSkipped else { return [] }
        let folder = try require().appendingPathComponent(sub)
        let files = ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "json" && $0.lastPathComponent.hasPrefix(prefix) }.sorted {
                $0.path < $1.path
            }
        guard !files.isEmpty else { throw Missing(folder: folder, prefix: prefix) }
        return files
    }

    /// The recorded data is not where a test reads it.
    public struct Missing: Error, CustomStringConvertible {
        public let folder: URL
        public var prefix = ""

        public var description: String {
            let what =
                FileManager.default.fileExists(atPath: folder.path)
                ? "\(folder.path) holds no recorded answer (\(prefix)*.json)" : "\(folder.path) is missing"
            return "\(what): the tests of the real recorded data (../shared/realdata beside the repository, or "
                + "SCOUT_REALDATA=DIR) fail without it; SCOUT_SKIP_REALDATA=1 skips them"
        }
    }
}
