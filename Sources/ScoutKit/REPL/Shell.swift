import FoundationEssentials

/// The evaluate stage: parses a line's commands, runs each against the session, and returns what it
/// produced with the warnings raised on the way. It reads no terminal, clock,
/// environment or path of its own (`ShellContext` hands them in), and runs on the main actor: one
/// command at a time, which the REPL runs in a task Ctrl-C can cancel.
@MainActor
public final class Shell {
    let state: ShellState

    public init(context: ShellContext, fresh: Bool = false) {
        state = ShellState(context: context, fresh: fresh)
    }

    /// Every source's name, in the order `sources` lists them.
    public nonisolated static var sourceNames: [String] { SourceRegistry.names }

    public var settings: Settings { state.settings }
    /// The window's size, which listings fit; the REPL updates it when the window is resized.
    public var width: Int {
        get { state.width }
        set { state.width = newValue }
    }
    public var height: Int? {
        get { state.height }
        set { state.height = newValue }
    }

    /// Runs every command on a line (`;` separates them), stopping after a `quit`.
    public func run(line: String) async -> [Output] {
        let commands: [[String]]
        do {
            commands = try Tokenizer.commands(line)
        } catch {
            return [finish(.failure(error.description))]
        }
        var outputs: [Output] = []
        for words in commands {
            let output = await run(words: words)
            outputs.append(output)
            // Ctrl-C stops the whole line, not only the command it landed in.
            if output.quit || Task.isCancelled { break }
        }
        return outputs
    }

    public func run(words: [String]) async -> Output {
        var output: Output
        let command = CommandTable.command(of: words)
        do {
            output = await execute(try CommandTable.parse(words, as: command))
        } catch {
            output = .failure(error.description, code: command == nil ? "unknown-command" : error.code)
        }
        output.command = command?.spec.name
        return finish(output)
    }

    /// `--source NAME`: the session starts in that source, as `use NAME` would.
    public func use(_ source: String) async -> Output {
        finish(await execute(UseCommand(source: source.lowercased())))
    }

    /// Restores the session at launch (see `BrowseService.start`).
    public func start(greet: Bool) async -> Output {
        finish(await state.browse.start(greet: greet))
    }

    /// Adds the warnings raised on the way, fits its views to the window (a terminal's; whole on a pipe), and
    /// writes the session if the command changed it.
    func finish(_ output: Output) -> Output {
        var output = output
        output.fit = state.context.fitsWidth ? state.width : nil
        for warning in state.warnings.drain() { output.warn(warning) }
        state.browse.saveSession(into: &output)
        return output
    }

    public func execute(_ command: any Command) async -> Output {
        do {
            let restoreProblem = try await prepare(for: command)
            var output = try await command.run(in: state.services)
            if let restoreProblem { output.warn(restoreProblem) }
            return output
        } catch {
            return .failure(error)
        }
    }

    /// Before a command on the rows: the results of a restored session, fetched when first needed rather
    /// than at start; and a row the heading counts but no page has brought yet (select 22 of 23 with 20 here).
    func prepare(for command: any Command) async throws -> String? {
        guard command.needsResults else { return nil }
        return try await state.browse.prepareResults(upTo: command.highestRow)
    }

    /// The picker over history for Ctrl-R, starting from the line typed so far; nil when there is nothing to pick.
    public func historyPickerRequest(query: String) -> PickerRequest? {
        guard let corpus = try? state.services.pickerCorpus(.history), corpus.count > 0 else { return nil }
        return PickerRequest(
            corpus: corpus, multiple: false, finder: state.settings.picker, query: query, title: "history")
    }

    /// The prompt: the source and how many items are selected.
    public var prompt: String {
        "\(state.browse.session.source) [\(state.browse.session.selections.count) selected]> "
    }

    /// The right prompt: the page of the results shown (`p2/7`), empty before a search.
    public var rightPrompt: String {
        state.browse.results.loaded && !state.browse.results.displayed.isEmpty
            ? "p\(state.browse.session.page)/\(state.browse.results.pageCountText)" : ""
    }

    /// Records the time of this visit; called when scout exits.
    public func saveOnExit() -> String? { state.browse.saveOnExit() }

    /// Fetches and draws artwork a command asked for: the terminal's bytes, or one line saying why not.
    public func drawArt(_ request: ArtRequest) async -> ArtOutcome { await state.services.art.draw(request) }

    /// Lets favourites' artwork still being fetched finish, within `set timeout`.
    public func finishBackgroundWork() async { await state.services.art.finishFetches(within: state.settings.timeout) }
}

extension Shell {
    /// Whether scout syncs in the background at start and at exit: sync set up, and `sync-auto` on.
    public var syncsAutomatically: Bool {
        state.settings.syncAuto && state.services.sync.syncEngine.isSetUp
    }

    /// Whether a synced file changed since the last sync: what a sync at exit would send.
    public var hasUnsyncedChanges: Bool { state.services.sync.syncEngine.hasLocalChanges() }

    /// `set sync-timeout`, in seconds.
    public var syncTimeout: Int { state.settings.syncTimeout }

    /// Where the background sync's words wait for the next prompt.
    public var syncOutputFile: String {
        state.services.sync.syncEngine.folder.appendingPathComponent("background.out").path
    }
}
