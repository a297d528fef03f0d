import ArgumentParser
import CEditLine
import Dispatch
import FoundationEssentials
import Glibc
import ScoutKit

/// The entry point: the usual launch flags are read directly (ArgumentParser reads a command's options
/// by reflection, a millisecond of every start); anything else (`--help`, `--version`, a mistake, the
/// completion scripts) goes to ArgumentParser, which gives the same options its help and its errors.
@main
enum Main {
    static func main() {
        // A signal mask inherited from whoever started scout (a test runner's thread blocks nearly every signal)
        // would keep Ctrl-C, SIGTERM, SIGHUP and SIGWINCH from it for good: it starts with none blocked.
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        let arguments = Array(CommandLine.arguments.dropFirst())
        MainQueue.run {
            guard let options = LaunchOptions(quick: arguments) else { await parsed(arguments) }
            do {
                try await Launch.run(options)
                exit(0)
            } catch let code as ExitCode {
                exit(code.rawValue)
            } catch {
                exit(1)
            }
        }
    }
}

extension Main {
    /// What ArgumentParser makes of the arguments: `--help`, `--version` and the completion scripts as it
    /// prints them, a launch, or a mistake in one line, as every other error of scout is (ArgumentParser's
    /// own adds the usage and a pointer to --help: three lines).
    @MainActor static func parsed(_ arguments: [String]) async -> Never {
        do {
            var command = try ScoutCommand.parse(arguments)
            try await command.run()
            exit(0)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            let code = ScoutCommand.exitCode(for: error)
            guard code != .success else { ScoutCommand.exit(withError: error) }
            let message = ScoutCommand.message(for: error).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            Terminal.write("scout: \(message) (scout --help lists the options)\n", to: STDERR_FILENO)
            exit(code.rawValue)
        }
    }
}

/// A launch: the shell, its reader and printer, the terminal and the signals, and the exit status.
enum Launch {
    @MainActor static func run(_ options: LaunchOptions) async throws {
        let (session, fresh, offline, source, commands, json, color) =
            (
                options.session, options.fresh, options.offline, options.source, options.commands, options.json,
                options.color
            )
        signal(SIGPIPE, SIG_IGN)
        Terminal.useUTF8Locale()
        let environment = Terminal.environment()
        // A person at a terminal gets the banner, a prompt and the welcome back; the line editor (and the
        // pager) only where the terminal can do more than print lines: not TERM=dumb (Emacs' M-x shell).
        let interactive = commands.isEmpty && isatty(STDIN_FILENO) == 1
        let lineEditor = interactive && Terminal.canEdit(environment: environment)
        let home =
            environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? "/"
        var context = ShellContext(
            environment: environment, home: home,
            workingDirectory: Terminal.workingDirectory(),
            now: Self.clock(environment), sessionName: session, width: Terminal.width())
        // The sync begun at start, once it is: `sync` typed meanwhile waits for it.
        let startup = StartupSync()
        context.offline = offline
        context.json = json
        context.fitsWidth = isatty(STDOUT_FILENO) == 1
        if context.fitsWidth { context.height = Terminal.height() }
        // Images only on a terminal that draws: never on a pipe, with --json or with TERM=dumb.
        if isatty(STDOUT_FILENO) == 1 && !json && environment["TERM"] != "dumb" {
            context.artWindow = { Terminal.window() }
        }
        if interactive {
            context.openURL = { Terminal.openURL($0, environment: environment) }
            // The picker draws on standard output: only when that is the terminal too (not `scout | less`).
            if isatty(STDOUT_FILENO) == 1 { context.picker = { request in TerminalPicker.run(request) } }
            context.confirm = { question in Terminal.ask(question) }
            context.startupSync = { [startup] in
                guard let sync = startup.sync else { return ([], false) }
                return sync.state()
            }
            if lineEditor { context.forgetTypedLines = { EditLineReader.forgetTypedLines() } }
        }
        // A terminal that draws (not TERM=dumb, where \r and ESC[K come out as text) gets the spinner, rewritten
        // in place on standard error and erased when done; a notice erases it first.
        let draws = isatty(STDERR_FILENO) == 1 && !json && environment["TERM"] != "dumb"
        if draws {
            // Cut to the window: a line that wrapped could not be rewritten in place.
            context.progress = { text in
                let fitted = text.map { DisplayWidth.wrap($0 + "…", to: max(10, Terminal.width() - 1), cutting: true) }
                Terminal.write(fitted?.first.map { "\r\u{1B}[K\($0)" } ?? "\r\u{1B}[K", to: STDERR_FILENO)
            }
        }
        if isatty(STDERR_FILENO) == 1 && !json {
            context.notice = { text in
                Terminal.write((draws ? "\r\u{1B}[K" : "") + "scout: \(text)\n", to: STDERR_FILENO)
            }
        }
        let shell = Shell(context: context, fresh: fresh)
        let flag = Settings.ColorMode(rawValue: color) ?? .auto
        let console = Printer.Console(
            write: { text, stream in Terminal.write(text, to: stream == .output ? STDOUT_FILENO : STDERR_FILENO) },
            isTerminal: { isatty($0 == .output ? STDOUT_FILENO : STDERR_FILENO) == 1 },
            width: { Terminal.width() })
        var printer = Printer(json: json, console: console) { stream in
            // Asked at each print: `set color` takes effect at once.
            ColourChoice.decide(
                flag: flag, setting: shell.settings.color, environment: environment,
                isTerminal: console.isTerminal(stream))
        }
        if lineEditor && isatty(STDOUT_FILENO) == 1 {
            printer.pager = { text, lines in Terminal.page(text, lines: lines, environment: environment) }
        }

        if let source {
            printer.print(await shell.use(source), quietSuccess: true)
        }
        // On a terminal, Ctrl-C during a command cancels that command (at the prompt it is a key); that
        // holds from the start, while a restored search is fetched again, too.
        let interrupter = interactive ? CommandInterrupter() : nil
        // Ctrl-\ (SIGQUIT) during a command would dump core; at a terminal it is ignored, as shells do.
        if interactive { signal(SIGQUIT, SIG_IGN) }
        // Artwork follows its command's text; Ctrl-C skips it.
        let drawArt: @MainActor (ArtRequest) async -> Void = { request in
            let work = Task { [shell] () -> [Output] in
                let outcome = await shell.drawArt(request)
                if !outcome.bytes.isEmpty { Terminal.write(bytes: outcome.bytes, to: STDOUT_FILENO) }
                // Ctrl-C's ^C, echoed while the image was fetched, is taken off the line its words go on.
                if Task.isCancelled { Terminal.write("\r\u{1B}[K", to: STDERR_FILENO) }
                return outcome.problem.map { [Self.notice([$0])] } ?? []
            }
            interrupter?.watch(work)
            defer { interrupter?.watch(nil) }
            for output in await work.value { printer.print(output) }
        }
        // The welcome back and the view it restores are printed, never paged: a pager at launch would
        // take the keys typed at once.
        // A script has no Ctrl-C to watch for: its start runs here, without a task of its own (awaiting a task's
        // value goes through a thread of Swift's pool).
        let started: [Output]
        if let interrupter {
            let starting = Task { [shell] in [await shell.start(greet: interactive)] }
            interrupter.watch(starting)
            started = await starting.value
        } else {
            started = [await shell.start(greet: interactive)]
        }
        for output in started {
            printer.print(output, quietSuccess: !interactive, paged: false)
            // A restored detail's image, from the art cache only: the prompt never waits on the network.
            if interactive, let art = output.art { await drawArt(art) }
        }
        interrupter?.watch(nil)

        // Sync at start: in the background once the prompt is up, its words at the next prompt.
        var background =
            interactive && shell.syncsAutomatically
            ? BackgroundSync(output: shell.syncOutputFile, after: .milliseconds(50)) : nil
        startup.sync = background
        if !commands.isEmpty {
            // Each -c in order, in the one shell, as psql runs them: a failure does not stop the next (as with ;).
            for line in commands {
                for output in await shell.run(line: line) {
                    printer.print(output)
                    if let art = output.art { await drawArt(art) }
                }
            }
        } else {
            Signals.install(interactive ? [SIGTERM, SIGHUP, SIGWINCH] : [SIGTERM, SIGHUP])
            var reader: any LineReader = PlainReader(showsPrompt: interactive)
            if lineEditor,
                let editLine = EditLineReader(
                    store: LineHistoryStore(url: context.paths.lineHistoryFile, store: context.fileStore))
            {
                EditLineReader.completer = { line in
                    MainActor.assumeIsolated { Completion.complete(line, data: shell.completionData()) }
                }
                EditLineReader.historyPicker = { line in
                    MainActor.assumeIsolated {
                        guard isatty(STDOUT_FILENO) == 1, let request = shell.historyPickerRequest(query: line) else {
                            return nil
                        }
                        guard case .chosen(let values) = TerminalPicker.run(request, fromLine: true) else { return nil }
                        return values.first
                    }
                }
                reader = editLine
            }
            var repl = REPL(shell: shell)
            repl.stopRequested = { Signals.stopRequested }
            repl.beforeRead = { shell in
                if let words = background?.finished() {
                    printer.print(Self.synced(words))
                    background = nil
                }
                EditLineReader.rightPrompt = shell.rightPrompt
            }
            repl.evaluate = { shell, line in
                if interactive { // listings follow the window as it is when the line is entered
                    shell.width = Terminal.width()
                    if shell.height != nil { shell.height = Terminal.height() }
                }
                let work = Task { [shell] in await shell.run(line: line) }
                interrupter?.watch(work)
                defer { interrupter?.watch(nil) }
                return await work.value
            }
            repl.drawArt = { _, request in await drawArt(request) }
            await repl.run(reader: &reader) { printer.print($0) }
            if interactive, !Signals.stopRequested { Terminal.write("\n", to: STDOUT_FILENO) }
            // Stopped by SIGTERM or SIGHUP at the prompt: the prompt line (and its p1/2 at the right edge) is
            // erased, so that the shell's next prompt starts on a clean line.
            if lineEditor, Signals.stopRequested { Terminal.write("\r\u{1B}[K", to: STDOUT_FILENO) }
            (reader as? EditLineReader)?.close()
        }
        // Favourites' artwork still arriving, within set timeout.
        await shell.finishBackgroundWork()
        // Decided now: a session may have set sync up (sync init) or turned it off.
        if interactive && shell.syncsAutomatically { Self.syncAtExit(shell, background, &printer) }
        // An interactive visit is dated when it ends. A script's changes were saved (and dated) command by
        // command; one that changed nothing leaves the session file alone, so it starts and ends at once.
        if interactive, let problem = shell.saveOnExit() { Terminal.write("scout: \(problem)\n", to: STDERR_FILENO) }
        // A script stopped by SIGTERM or SIGHUP (after the command it was running) says so as a shell would.
        if !interactive, Signals.stopRequested { throw ExitCode(Signals.take(SIGTERM) ? 128 + SIGTERM : 128 + SIGHUP) }
        if !interactive && printer.status != 0 { throw ExitCode(printer.status) }
    }
}

extension Launch {
    /// At exit: the sync begun at start is waited for, and a sync sends what changed since, each within
    /// `set sync-timeout`; one that takes longer is stopped, and the next sync does its work.
    @MainActor static func syncAtExit(_ shell: Shell, _ background: BackgroundSync?, _ printer: inout Printer) {
        let timeout = shell.syncTimeout
        // The sync begun at start, or the one at exit, past its time: the next sync does its work.
        let stopped = notice(["sync stopped after \(timeout) s at exit (set sync-timeout); nothing is lost"])
        // Nothing to send: scout leaves at once, and a sync begun at start that is still waiting on a slow
        // remote is stopped (what it would have brought in, the next sync brings).
        guard shell.hasUnsyncedChanges else {
            if let (words, _) = background?.state() { printer.print(synced(words)) } else { background?.stop() }
            return
        }
        if let background {
            guard let words = background.finish(within: timeout) else { return printer.print(stopped) }
            printer.print(synced(words))
        }
        guard let words = BackgroundSync(output: shell.syncOutputFile).finish(within: timeout) else {
            return printer.print(stopped)
        }
        printer.print(synced(words))
    }

    /// Notices on standard error (`scout: …`, fitted to the window).
    static func notice(_ lines: [String]) -> Output {
        var output = Output()
        for line in lines where !line.isEmpty { output.warn(line) }
        return output
    }

    /// What a background sync said: what it did as a line of output, as `sync` says it, and its problems
    /// (the lines it began `scout: `) as notices.
    static func synced(_ lines: [String]) -> Output {
        var output = Output()
        for line in lines where !line.isEmpty { output.relay(line) }
        return output
    }

    /// The clock: `SCOUT_TEST_NOW` (an ISO 8601 time) stops it for the scenario tests, so that the dates
    /// they show are the same every run; otherwise the system's.
    static func clock(_ environment: [String: String]) -> @Sendable () -> Date {
        if let text = environment["SCOUT_TEST_NOW"], let fixed = ISODate.date(text) {
            return { fixed }
        }
        return { Date() }
    }
}
