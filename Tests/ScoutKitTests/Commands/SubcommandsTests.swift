import Testing
@testable import ScoutKit

/// Subcommands declared once: the usage line, Tab's words and each subcommand's usage error come from the
/// declaration.
@MainActor @Suite struct SubcommandsTests {
    @Test("the usage line and Tab's words are the declared subcommands")
    func theSpecComesFromTheDeclarations() {
        #expect(DenyCommand.spec.usage == "deny [list] | deny add TERM | deny rm N|TERM | deny import FILE")
        #expect(SavedCommand.spec.usage == "saved | saved show NAME | saved rm NAME")
        #expect(
            FavCommand.spec.usage
                == "fav | fav add [RANGES] [--tag T] | fav rm RANGES|ID | fav tag RANGES|ID TAG… | fav untag RANGES|ID "
                + "TAG… | fav show N | fav search TEXT | fav export [FILE] [--force] | fav import FILE")
        #expect(FavCommand.spec.subcommandNames == ["add", "rm", "tag", "untag", "show", "search", "export", "import"])
        #expect(Completion.complete("deny ", data: CompletionData()).candidates == ["add", "import", "list", "rm"])
        #expect(Completion.complete("saved ", data: CompletionData()).candidates == ["rm", "show"])
        #expect(
            HistoryCommand.spec.usage
                == "history [N] | history search TEXT | history rerun N | history rm N | history clear | history stats")
        #expect(
            SessionCommand.spec.usage
                == "session | session save NAME [--force] | session load NAME | session list | session rm NAME | "
                + "session reset")
        #expect(SyncCommand.spec.usage == "sync | sync init git|folder URL|PATH | sync status [--json] | sync off")
        #expect(
            Completion.complete("history ", data: CompletionData()).candidates == [
                "clear", "rerun", "rm", "search", "stats",
            ])
        #expect(Completion.complete("sync ", data: CompletionData()).candidates == ["init", "off", "status"])
        #expect(Completion.complete("sync init ", data: CompletionData()).candidates == ["folder", "git"])
    }

    @Test("what is not a subcommand: history N, sync --background, and an option no command has")
    func wordsThatNameNoSubcommand() async throws {
        #expect(try CommandTable.parse(["history", "5"]) as? HistoryCommand == HistoryCommand(last: 5))
        #expect(try CommandTable.parse(["sync", "--background"]) as? SyncCommand == SyncCommand(background: true))
        #expect(
            try await screen(after: ["history 0", "history frob", "sync --foo", "sync off x", "session list x"])
                == """
                ! history N takes N from 1, not "0"
                ! history has no subcommand "frob": usage: history [N] | history search TEXT | history rerun N | \
                history rm N | history clear | history stats
                ! sync has no option --foo: usage: sync | sync init git|folder URL|PATH | sync status [--json] | \
                sync off
                ! sync off takes no arguments: sync off
                ! session list takes no arguments: session list
                """)
    }

    @Test("a subcommand's usage error is its own; an unknown one lists the command's usage")
    func eachSubcommandSaysItsOwnUsage() async throws {
        #expect(
            try await screen(after: [
                "deny add", "deny list x", "deny frob", "saved show", "saved rm a b", "saved frob",
            ])
                == """
                ! usage: deny add TERM
                ! deny list takes no arguments: deny list
                ! deny has no subcommand "frob": usage: deny [list] | deny add TERM | deny rm N|TERM | deny import FILE
                ! usage: saved show NAME
                ! saved rm takes one NAME: usage: saved rm NAME
                ! saved has no subcommand "frob": usage: saved | saved show NAME | saved rm NAME
                """)
    }
}
