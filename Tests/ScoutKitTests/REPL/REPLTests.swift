import Foundation
import ScoutTestSupport
import Synchronization
import Testing
@testable import ScoutKit

/// The read-eval-print loop in process: a scripted reader, the real shell on a sandbox's folders, and
/// every line it would print, in milliseconds and without spawning scout.
@MainActor @Suite struct REPLTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_795_374_840) // 2026-11-22 19:14 UTC, as the scenarios

    func shell(_ box: Sandbox) -> Shell {
        var context = ShellContext(
            environment: box.environment, home: box.root.path, workingDirectory: box.root.path,
            now: { Self.now }, sessionName: nil, width: 80)
        context.localTime = LocalTime(.gmt)
        return Shell(context: context, fresh: true)
    }

    /// What a person reads for each output: its lines, then `! ` and its error.
    func shown(_ outputs: [Output]) -> [String] {
        outputs.flatMap { $0.lines + $0.warnings.map { "! " + $0 } + ($0.error.map { ["! " + $0] } ?? []) }
    }

    @Test func aScriptedSessionSearchesSelectsKeepsAFavouriteAndStopsAtQuit() async throws {
        let box = try Sandbox()
        var reader = ScriptedReader(["search villeneuve", "select 2", "fav add", "bogus", "quit", "search never read"])
        var printed: [Output] = []
        await REPL(shell: shell(box)).run(reader: &reader) { printed.append($0) }
        #expect(
            shown(printed) == [
                "movies · \"villeneuve\" · 3 results · page 1 of 1",
                "   1  Blade Runner 2049                  2017  Science Fiction  Denis Villeneuve",
                "   2  Arrival                            2016  Science Fiction  Denis Villeneuve",
                "   3  Dune                               2021  Science Fiction  Denis Villeneuve",
                "Selected Arrival (2016, Science Fiction, Denis Villeneuve).",
                "♥ Arrival (2016, Science Fiction, Denis Villeneuve) is a favourite.",
                "! unknown command \"bogus\": type help for the list of commands",
            ])
        #expect(printed.last?.quit == true)
        // The prompt follows the selection; the line after quit is never read.
        #expect(
            reader.prompts == [
                "movies [0 selected]> ", "movies [0 selected]> ", "movies [1 selected]> ",
                "movies [1 selected]> ", "movies [1 selected]> ",
            ])
        let favourites = try String(contentsOf: box.path("data/scout/favourites.json"), encoding: .utf8)
        #expect(favourites.contains("\"title\" : \"Arrival\""))
    }

    @Test func aLineThatIsNotUTF8IsSkippedWithOneErrorAndTheEndOfInputStops() async throws {
        let box = try Sandbox()
        var reader = ScriptedReader(inputs: [.notUTF8, .text("sources")])
        var printed: [Output] = []
        await REPL(shell: shell(box)).run(reader: &reader) { printed.append($0) }
        #expect(printed.first?.error == "that line is not UTF-8 text and was skipped: check the input's encoding")
        #expect(
            printed.count == 2 && printed[1].lines.first == "▸ movies        usable  one pick       built-in catalog",
            "\(shown(printed))")
        #expect(reader.prompts.count == 3, "the end of input is read once and ends the loop")
    }

    @Test func aStopRequestEndsTheLoopBeforeTheNextRead() async throws {
        let box = try Sandbox()
        var reader = ScriptedReader(["sources", "sources"])
        var repl = REPL(shell: shell(box))
        var count = 0
        repl.stopRequested = { count >= 1 }
        await repl.run(reader: &reader) { _ in count += 1 }
        #expect(count == 1 && reader.prompts.count == 1)
    }

    /// The print stage on an injected console: lines to standard output, warnings and errors to standard
    /// error behind `scout: `; with --json one line on standard output and nothing on standard error.
    @Test func thePrinterWritesEachStreamAndRemembersAFailure() {
        var written: [(String, Printer.Console.Stream)] = []
        let console = Printer.Console(write: { written.append(($0, $1)) }, isTerminal: { _ in false }, width: { 80 })
        var output = Output()
        output.say("Selected Arrival.")
        output.warn("the session was not saved")
        output.command = "select"
        var printer = Printer(json: false, console: console) { _ in false }
        printer.print(output)
        printer.print(.failure("already on the last page"))
        #expect(
            written.map(\.0) == [
                "scout: the session was not saved\n", "Selected Arrival.\n", "scout: already on the last page\n",
            ])
        #expect(written.map(\.1) == [.error, .output, .error])
        #expect(printer.status == 1) // a failure: 1, as a script's exit status

        written = []
        var json = Printer(json: true, console: console) { _ in false }
        json.print(output)
        #expect(written.map(\.1) == [.output])
        #expect(
            written.first?.0
                == #"{"command":"select","message":"Selected Arrival.","ok":true,"schema":1,"warnings":["the session "#
                + #"was not saved"]}"#
                + "\n")
        #expect(json.status == 0)
    }
    /// A stream's lines are written a part at a time, each before the next is made, made safe as every line is;
    /// a pager on a terminal gets them whole, once.
    @Test func thePrinterWritesAStreamAPartAtATime() {
        final class Events: Sendable {
            let list = Mutex<[String]>([])
            func withLock<T>(_ body: (inout [String]) -> T) -> T { list.withLock { body(&$0) } }
        }
        let events = Events()
        struct Parts: LineStream {
            let events: Events
            func parts(fitting _: Int?, _ emit: ([StyledLine]) -> Void) {
                for (n, part) in [["12  alien", "13  \u{1B}[2Jaliens"], [], ["40  alien 3"]].enumerated() {
                    events.withLock { $0.append("made part \(n + 1)") }
                    emit(part.map { StyledLine($0) })
                }
            }
        }
        let console = Printer.Console(
            write: { text, _ in events.withLock { $0.append("wrote " + text) } }, isTerminal: { _ in false },
            width: { 80 })
        var output = Output()
        output.say("Found:")
        output.stream(Parts(events: events))
        output.say("(3 found)")
        var printer = Printer(json: false, console: console) { _ in false }
        printer.print(output)
        #expect(
            events.withLock { $0 } == [
                "wrote Found:\n", "made part 1", "wrote 12  alien\n13  ^[[2Jaliens\n", "made part 2", "made part 3",
                "wrote 40  alien 3\n", "wrote (3 found)\n",
            ])

        events.withLock { $0 = [] }
        var paged: [String] = []
        printer.pager = { text, lines in
            paged.append("\(lines) lines: \(text)")
            return true
        }
        printer.print(output)
        #expect(events.withLock { $0 } == ["made part 1", "made part 2", "made part 3"])
        #expect(paged == ["5 lines: Found:\n12  alien\n13  ^[[2Jaliens\n40  alien 3\n(3 found)\n"])
    }
}
