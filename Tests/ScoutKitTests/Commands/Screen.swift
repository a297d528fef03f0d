import Foundation
import ScoutTestSupport
@testable import ScoutKit

/// What a person reads after typing `lines` into a fresh shell: each output's lines, then `! ` and its
/// warnings and error, joined by newlines. The shell runs in process through the REPL with a scripted
/// reader (page size 5, 80 columns, the scenarios' clock in UTC), in `box` or a new sandbox: the lines
/// a person reads, in milliseconds, without spawning scout. The scenario tests check the same through
/// the binary.
@MainActor func screen(after lines: [String], in box: Sandbox? = nil) async throws -> String {
    let box = try box ?? Sandbox()
    var context = ShellContext(
        environment: box.environment, home: box.root.path, workingDirectory: box.root.path,
        now: { REPLTests.now }, sessionName: nil, width: 80)
    context.localTime = LocalTime(.gmt)
    let shell = Shell(context: context, fresh: true)
    var reader = ScriptedReader(["set page-size 5"] + lines)
    var printed: [Output] = []
    await REPL(shell: shell).run(reader: &reader) { printed.append($0) }
    return printed.dropFirst()
        .flatMap { $0.lines + $0.warnings.map { "! " + $0 } + ($0.error.map { ["! " + $0] } ?? []) }
        .joined(separator: "\n")
}

/// Listings that set up a behaviour, as the movies catalog shows them at page size 5.
enum Listing {
    /// `search nolan`.
    static let nolan = """
        movies · "nolan" · 5 results · page 1 of 1
           1  Memento                           2000  Thriller         Christopher Nolan
           2  The Dark Knight                   2008  Action           Christopher Nolan
           3  Inception                         2010  Science Fiction  Christopher Nolan
           4  Interstellar                      2014  Science Fiction  Christopher Nolan
           5  Oppenheimer                       2023  Drama            Christopher Nolan
        """

    /// `search nolan` then `sort year desc`.
    static let nolanByYearDesc = """
        movies · "nolan" · 5 results · by year desc · page 1 of 1
           1  Oppenheimer                       2023  Drama            Christopher Nolan
           2  Interstellar                      2014  Science Fiction  Christopher Nolan
           3  Inception                         2010  Science Fiction  Christopher Nolan
           4  The Dark Knight                   2008  Action           Christopher Nolan
           5  Memento                           2000  Thriller         Christopher Nolan
        """

    /// `search alien`.
    static let alien = """
        movies · "alien" · 2 results · page 1 of 1
           1  Alien                                 1979  Science Fiction  Ridley Scott
           2  Aliens                                1986  Science Fiction  James Cameron
        """
}
