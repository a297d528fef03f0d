/// What `help` shows, from the commands' specs: every command by topic, or one in full. Laid out to the window's
/// width on a terminal (its columns of terms and meanings stack in a narrow one), whole lines on a pipe.
enum Help {
    /// Every command by topic, a line each, wrapped to `prose` (the window's width on a terminal).
    static func topics(width prose: Int?) -> Output {
        var output = Output()
        output.say(
            prose:
                "Commands by topic (help COMMAND for one in full, with an example; ; separates commands, # starts "
                + "a comment):",
            width: prose, indent: 2)
        for group in CommandSpec.Topic.allCases {
            output.say(StyledLine(group.rawValue, .heading))
            for info in CommandTable.specs where info.topic == group {
                output.say(
                    prose: "  \(DisplayWidth.pad(info.name, to: 10)) \(info.summary)", width: prose, indent: 13)
            }
            if group == .past {
                output.say(
                    prose: "  \(DisplayWidth.pad("!N, !!", to: 10)) re-run search N of history, or the last one",
                    width: prose, indent: 13)
            }
        }
        output.say(
            prose: "Tab completes commands and their arguments; a second Tab lists the choices.", width: prose)
        return output
    }

    /// One command in full (`topic` names it, or `!N`): its summary, usage, aliases, details and example.
    static func command(_ topic: String, width prose: Int?) throws -> Output {
        var output = Output()
        let word = topic.hasPrefix("!") ? HistoryCommand.spec.name : topic
        guard let info = CommandTable.spec(word) else {
            if let near = CommandTable.suggestion(for: word) {
                throw UsageError("no command \"\(topic)\": did you mean \"\(near)\"?")
            }
            throw UsageError("no command \"\(topic)\": help lists them")
        }
        if let proseWidth = prose, DisplayWidth.of(info.name + ": " + info.summary) > proseWidth {
            output.say(prose: "\(info.name): \(info.summary)", width: prose, indent: 2)
        } else {
            output.say(StyledLine(info.name, .title) + StyledLine(": \(info.summary)"))
        }
        output.say(prose: "usage: \(info.usage)", width: prose, indent: 7)
        if !info.aliases.isEmpty { output.say("also: \(info.aliases.joined(separator: ", "))") }
        let lines = info.helpLines
        if !lines.isEmpty {
            // Options where every line is one; else what the lines say of the command (`again` is no option).
            output.say(lines.allSatisfy { $0.term.hasPrefix("-") } ? "options:" : "details:")
            let width = (lines.map { DisplayWidth.of($0.term) }.max() ?? 0) + 2
            // In a window too narrow for the terms' column beside the text (wrapped lines go back to half the
            // window at most), each term stands on its line and its text under it, as man lays out a list.
            let stacked = prose.map { width + 2 > $0 / 2 } ?? false
            for line in lines {
                if stacked {
                    output.say("  \(line.term)")
                    output.say(prose: "      \(line.meaning)", width: prose, indent: 6)
                } else {
                    output.say(
                        prose: "  \(DisplayWidth.pad(line.term, to: width))\(line.meaning)", width: prose,
                        indent: width + 2)
                }
            }
        }
        output.say(prose: "example: \(info.example)", width: prose, indent: 9)
        return output
    }
}
