/// The statuses scout exits with, each declared once with when it is given: the man page's EXIT STATUS and
/// the guide's table are made from these (`DocsTests` checks the guide), and commands set them by name.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    case failure = 1
    case trouble = 2
    case usage = 64

    /// When it is given.
    public var meaning: String {
        switch self {
        case .success:
            "every command succeeded; `--help`, `--version`; an interactive session, always (a failed "
                + "command there is said, and the session goes on)"
        case .failure:
            "a command failed, in `-c` or in commands piped in (`scout -c 'bogus'`); the commands after it "
                + "still ran; `check` found nothing new; `pick … --filter` matched nothing"
        case .trouble:
            "`check` could not check a watched search (the others were checked), or failed itself (offline, "
                + "an unknown name); `sync` failed (the remote could not be reached, a push was refused); the "
                + "highest status of the commands run is the one given"
        case .usage:
            "a usage error (EX_USAGE), before anything runs: an unknown flag or argument (`scout --bogus`), "
                + "a flag without its value (`scout -c`), a value refused (`scout --source nope`, `--color "
                + "rainbow`, `--session ../x`, `--generate-completion-script tcsh`); `Error:` and the usage line "
                + "go to standard error"
        }
    }

    /// The statuses and when each is given, a signal's last.
    public static let described: [(status: String, meaning: String)] =
        allCases.map { (String($0.rawValue), $0.meaning) } + [
            (
                "128+N",
                "ended by signal N: Ctrl-C in `-c` or a pipe (130); SIGTERM (143) or SIGHUP (129) in `-c`, or "
                    + "with commands piped in once the running command is done (even while scout waits for the next "
                    + "line)"
            )
        ]

    /// What follows the statuses: an interactive session's signals, and a reader that goes away.
    public static let notes =
        "In an interactive session Ctrl-C cancels the running command instead; SIGTERM and SIGHUP save and leave "
        + "once the running command is done, with 0 or 1 as above. A reader that goes away ends scout quietly "
        + "with 0 (`scout -c help | head -1`)."
}
