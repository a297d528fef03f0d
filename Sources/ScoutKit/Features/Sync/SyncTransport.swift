import FoundationEssentials
import Glibc

/// Why a sync stopped: one line that says what to do. Nothing local changed before it.
public struct SyncFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong, and what to do where it is not simply to sync again.
    public var reason: String
    /// Whether the next sync tries again (not when the fault is here: git missing, sync not set up).
    public var retries: Bool

    init(_ reason: String, retries: Bool = false) {
        (self.reason, self.retries) = (reason, retries)
    }

    public var description: String { retries ? reason + "; the next sync tries again" : reason }
}

/// Where the devices' logs meet: a git remote or a folder a sync tool keeps in step. Each device writes
/// only its own file there.
protocol SyncTransport {
    /// Brings in what other devices published; changes nothing local when it fails.
    func pull(until deadline: ContinuousClock.Instant) throws(SyncFailure)
    /// The other devices' logs (and copies sync tools made of any log, this device's included), by name.
    func logs() -> [(name: String, url: URL)]
    /// Publishes this device's log; true when something was sent (a commit pushed, a file written).
    func publish(_ log: Data, until deadline: ContinuousClock.Instant) throws(SyncFailure) -> Bool
    /// Where this device's log is published (to see whether another machine writes it too).
    var published: URL { get }
}

extension SyncTransport {
    /// The logs in `folder`: every `*.jsonl` but this device's own, including the conflict copies Syncthing
    /// (`NAME.sync-conflict-…jsonl`) and Dropbox (`NAME (conflicted copy …).jsonl`) make; not hidden files
    /// (a write in progress).
    static func logs(in folder: URL, store: FileStore, except own: String) -> [(name: String, url: URL)] {
        (store.contents(of: folder) ?? []).filter { !$0.hasPrefix(".") && $0.hasSuffix(".jsonl") && $0 != own }.sorted()
            .map { ($0, folder.appendingPathComponent($0)) }
    }
}

/// A folder that Syncthing, Dropbox, NFS or rsync keeps in step.
struct FolderTransport: SyncTransport {
    let root: URL
    let device: String
    let store: FileStore

    var ownFile: String { "\(device).jsonl" }

    func pull(until deadline: ContinuousClock.Instant) throws(SyncFailure) {
        guard store.isFolder(root) else {
            throw SyncFailure(
                store.exists(root)
                    ? "\(root.path) is a file, not a folder: sync init folder PATH names the folder to sync through"
                    : "the sync folder \(root.path) is not there (is it mounted?): nothing here changed",
                retries: !store.exists(root))
        }
    }

    func logs() -> [(name: String, url: URL)] {
        Self.logs(in: root, store: store, except: ownFile)
    }

    var published: URL { root.appendingPathComponent(ownFile) }

    func publish(_ log: Data, until deadline: ContinuousClock.Instant) throws(SyncFailure) -> Bool {
        let url = root.appendingPathComponent(ownFile)
        if (try? store.read(url)) == log { return false }
        do {
            // A temporary file beside it, then a rename: the sync tool never copies half a log.
            try store.write(log, to: url)
        } catch {
            throw SyncFailure("could not write \(url.path): \(error)")
        }
        return true
    }
}

/// A git remote: scout's own clone under the state folder, a branch of its own (`scout-sync`), one file a
/// device. Never a force-push: a push another device got in before is fetched and tried again, which
/// always works, as no two devices write the same file.
struct GitTransport: SyncTransport {
    static let branch = "scout-sync"
    let remote: String
    let clone: URL
    let device: String
    let git: String
    let environment: [String: String]
    let store: FileStore

    var ownFile: String { "\(device).jsonl" }

    /// The environment git runs in: no prompt for a password (a sync at start must never wait on one), ssh
    /// in batch mode, messages in English to read the reason from.
    static func environment(_ base: [String: String]) -> [String: String] {
        var environment = base
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = environment["GIT_ASKPASS"] ?? "/bin/false"
        environment["SSH_ASKPASS"] = environment["SSH_ASKPASS"] ?? "/bin/false"
        environment["GIT_SSH_COMMAND"] = environment["GIT_SSH_COMMAND"] ?? "ssh -o BatchMode=yes"
        environment["LC_ALL"] = "C"
        return environment
    }

    @discardableResult
    func run(_ arguments: [String], until deadline: ContinuousClock.Instant, what: String) throws(SyncFailure)
        -> ChildProcess.Result
    {
        let result = ChildProcess.run(
            git, ["-C", clone.path, "-c", "core.hooksPath=/dev/null"] + arguments, environment: environment,
            deadline: deadline)
        if result.cancelled { throw SyncFailure("sync stopped (Ctrl-C): nothing here changed") }
        if result.timedOut {
            throw SyncFailure("\(what) \(remote) took too long and was stopped: nothing here changed", retries: true)
        }
        guard result.status == 0 else {
            throw SyncFailure("\(what) \(remote) failed: \(Self.reason(result.errors))", retries: true)
        }
        return result
    }

    /// The line of git's message that says why: its first `fatal:` or `error:` line, else its last line.
    static func reason(_ errors: String) -> String {
        let lines = errors.split(whereSeparator: \.isNewline).map { $0.trimmedSpaces() }
            .filter { !$0.isEmpty }
        let line = lines.first { $0.hasPrefix("fatal:") || $0.hasPrefix("error:") } ?? lines.last ?? "no reason given"
        var text = line.hasPrefix("fatal: ") ? String(line.dropFirst(7)) : line
        while text.hasSuffix(".") { text.removeLast() }
        return SafeText.clean(String(text.prefix(300)))
    }

    /// Makes the clone when there is none (an empty remote is fine).
    func prepare(until deadline: ContinuousClock.Instant) throws(SyncFailure) {
        if store.isFolder(clone.appendingPathComponent(".git")) {
            // The clone follows the remote sync is set up with (a sync init elsewhere that failed left another).
            let origin = ChildProcess.run(
                git, ["-C", clone.path, "config", "--get", "remote.origin.url"], environment: environment,
                deadline: deadline)
            if origin.output.trimmedNewlines() != remote {
                try run(["remote", "set-url", "origin", remote], until: deadline, what: "setting up a clone of")
            }
            return
        }
        do {
            try store.makeDirectory(clone)
        } catch {
            throw SyncFailure("could not make \(clone.path): \(error)")
        }
        try run(["init", "-q", "-b", Self.branch], until: deadline, what: "setting up a clone of")
        try run(["remote", "add", "origin", remote], until: deadline, what: "setting up a clone of")
    }

    func pull(until deadline: ContinuousClock.Instant) throws(SyncFailure) {
        try prepare(until: deadline)
        try run(
            [
                "fetch", "-q", "--no-tags", "origin",
                "+refs/heads/\(Self.branch)*:refs/remotes/origin/\(Self.branch)*",
            ], until: deadline, what: "fetching from")
        try resetToRemote(until: deadline)
    }

    /// The clone as the remote's branch is (this device's log is kept outside it and written in again).
    private func resetToRemote(until deadline: ContinuousClock.Instant) throws(SyncFailure) {
        let target = "refs/remotes/origin/\(Self.branch)"
        let exists = ChildProcess.run(
            git, ["-C", clone.path, "rev-parse", "-q", "--verify", target + "^{commit}"], environment: environment,
            deadline: deadline)
        guard exists.status == 0 else { return }
        let head = ChildProcess.run(
            git, ["-C", clone.path, "rev-parse", "-q", "--verify", "HEAD^{commit}"], environment: environment,
            deadline: deadline)
        // At the remote's commit already (nothing came in): the work tree stays as it is, unread by git.
        guard head.status != 0 || head.output != exists.output else { return }
        try run(["reset", "-q", "--hard", target], until: deadline, what: "updating the clone of")
        // git checks files out as the umask says; the logs stay the owner's alone.
        for (_, url) in logs() where FileStamp.mode(of: url) != 0o600 { chmod(url.path, 0o600) }
    }

    func logs() -> [(name: String, url: URL)] {
        Self.logs(in: clone, store: store, except: ownFile)
    }

    var published: URL { clone.appendingPathComponent(ownFile) }

    /// The identity a commit is made with: the user's where git has one, else scout's own.
    private func identity(until deadline: ContinuousClock.Instant) -> [String] {
        let email = ChildProcess.run(
            git, ["-C", clone.path, "config", "user.email"], environment: environment, deadline: deadline)
        let name = ChildProcess.run(
            git, ["-C", clone.path, "config", "user.name"], environment: environment, deadline: deadline)
        var arguments: [String] = []
        if email.output.trimmed().isEmpty {
            arguments += ["-c", "user.email=scout@\(device).invalid"]
        }
        if name.output.trimmed().isEmpty {
            arguments += ["-c", "user.name=scout"]
        }
        return arguments
    }

    /// A bare repository on this machine (a path) whose default branch has no commit (`git init --bare`) gets
    /// `scout-sync` as its default, so that `git log` and `git clone` there show the logs; a default branch that
    /// holds anything, and a remote elsewhere, are left alone. Best effort: the logs are sent either way.
    private func adoptEmptyDefaultBranch(until deadline: ContinuousClock.Instant) {
        let path = remote.hasPrefix("file://") ? String(remote.dropFirst(7)) : remote
        guard path.hasPrefix("/") else { return }
        func git(_ arguments: [String]) -> ChildProcess.Result {
            ChildProcess.run(self.git, ["--git-dir=\(path)"] + arguments, environment: environment, deadline: deadline)
        }
        let head = git(["symbolic-ref", "-q", "HEAD"]).output.trimmedNewlines()
        guard head.hasPrefix("refs/heads/"), head != "refs/heads/\(Self.branch)",
            git(["rev-parse", "-q", "--verify", "HEAD^{commit}"]).status != 0,
            git(["rev-parse", "-q", "--verify", "refs/heads/\(Self.branch)^{commit}"]).status == 0
        else { return }
        _ = git(["symbolic-ref", "HEAD", "refs/heads/\(Self.branch)"])
    }

    func publish(_ log: Data, until deadline: ContinuousClock.Instant) throws(SyncFailure) -> Bool {
        let url = clone.appendingPathComponent(ownFile)
        let identity = identity(until: deadline)
        for attempt in 1...5 {
            if (try? store.read(url)) != log {
                do {
                    try store.write(log, to: url)
                } catch {
                    throw SyncFailure("could not write \(url.path): \(error)")
                }
            }
            let status = try run(
                ["status", "--porcelain", "--", ownFile], until: deadline, what: "reading the clone of")
            if status.output.isEmpty && attempt == 1 {
                // Committed before and not pushed (a push that failed): push it now.
                let ahead = ChildProcess.run(
                    git, ["-C", clone.path, "rev-list", "--count", "refs/remotes/origin/\(Self.branch)..HEAD"],
                    environment: environment, deadline: deadline)
                let unborn = ChildProcess.run(
                    git, ["-C", clone.path, "rev-parse", "-q", "--verify", "HEAD"], environment: environment,
                    deadline: deadline)
                if unborn.status != 0 { return false }
                if ahead.status == 0, ahead.output.trimmed() == "0" {
                    return false
                }
            } else if !status.output.isEmpty {
                try run(["add", "--", ownFile], until: deadline, what: "committing to the clone of")
                try run(
                    identity + ["commit", "-q", "-m", "scout: \(device)"], until: deadline,
                    what: "committing to the clone of")
            }
            let push = ChildProcess.run(
                git,
                ["-C", clone.path, "push", "-q", "--porcelain", "origin", "HEAD:refs/heads/\(Self.branch)"],
                environment: environment, deadline: deadline)
            if push.cancelled { throw SyncFailure("sync stopped (Ctrl-C) before this device's changes were sent") }
            if push.timedOut {
                throw SyncFailure("pushing to \(remote) took too long and was stopped", retries: true)
            }
            if push.status == 0 {
                adoptEmptyDefaultBranch(until: deadline)
                return true
            }
            let said = push.output + push.errors
            guard said.contains("[rejected]") || said.contains("fetch first") || said.contains("non-fast-forward")
            else {
                throw SyncFailure("pushing to \(remote) failed: \(Self.reason(push.errors))", retries: true)
            }
            // Another device pushed first: take its commits and add this log on top again.
            try run(
                [
                    "fetch", "-q", "--no-tags", "origin",
                    "+refs/heads/\(Self.branch)*:refs/remotes/origin/\(Self.branch)*",
                ], until: deadline, what: "fetching from")
            try resetToRemote(until: deadline)
        }
        throw SyncFailure("pushing to \(remote) lost to other devices five times running", retries: true)
    }
}
