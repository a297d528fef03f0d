/// `scout.1`, the man page, made from the same definitions as `help` (`CommandTable`) and `scout --help`
/// (the launch options' help, handed in): `scout --manual > scout.1; man -l scout.1`.
public enum Manual {
    public static func roff(version: String, launchHelp: String) -> String {
        var page = [
            ".TH SCOUT 1 \"\" \"scout \(version)\" \"User Commands\"",
            ".SH NAME",
            "scout \\- search films, restaurants, iTunes, OMDb and TMDb from a REPL",
            ".SH SYNOPSIS",
            ".B scout",
            "[\\fIOPTIONS\\fR]",
            ".SH DESCRIPTION",
            "scout reads commands at a prompt with line editing (emacs keys, \\fI\\%~/.editrc\\fR, Ctrl-R, Tab",
            "completion), or line by line from a pipe, or from \\fB\\-c\\fR. It keeps favourites, history, a deny",
            "list, a film library (ratings, a diary, a watchlist and notes, imported from Letterboxd and IMDb), saved",
            "searches and their watches in the XDG folders, syncs them across machines through git or a folder, and",
            "finds the session where it was left at the next launch.",
            ".SH OPTIONS",
            ".nf",
        ]
        page += launchHelp.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("OPTIONS") }
            .dropFirst().map { escape(String($0)) }
        page += [".fi", ".SH COMMANDS"]
        for topic in CommandSpec.Topic.allCases {
            page += [".SS \(escape(topic.rawValue))"]
            for info in CommandTable.specs where info.topic == topic {
                page += [".TP", "\\fB\(escape(info.usage))\\fR", escape(info.summary) + "."]
                if !info.aliases.isEmpty { page += [".br", "Also: \(escape(info.aliases.joined(separator: ", ")))."] }
                for line in info.helpLines { page += [".br", "\\fB\(escape(line.term))\\fR  \(escape(line.meaning))"] }
                page += [".br", "Example: \\fB\(escape(info.example))\\fR"]
            }
        }
        page += [".SH ENVIRONMENT"]
        for variable in EnvironmentVariables.described {
            let names = variable.names.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
            page += [".TP", names, code(variable.meaning).capitalizedFirst + "."]
        }
        page += [
            ".SH SETTINGS",
            "Kept in \\fI\\%$XDG_CONFIG_HOME/scout/config.json\\fR; \\fBset KEY VALUE\\fR changes one, "
                + "\\fBset\\fR lists them.",
        ]
        for setting in Settings.table {
            page += [
                ".TP", "\\fB\(escape(setting.term))\\fR",
                "\(escape(setting.help)). Default: \(escape(setting.defaultValue)).",
            ]
        }
        page += [
            ".SH FILES", "Unset, empty or relative \\fBXDG_*\\fR values are \\fI~/.config\\fR, \\fI~/.local/share\\fR,",
        ]
        page += ["\\fI~/.local/state\\fR and \\fI~/.cache\\fR. Folders are made 0700 and files 0600."]
        for file in Paths.described {
            page += [".TP", "\\fI\\%$\(file.folder)/scout/\(escape(file.path))\\fR", escape(file.holds) + "."]
        }
        // What a service's terms ask to be said where it is named (TMDb's notice).
        let notices = SourceRegistry.families.compactMap(\.notice)
        if !notices.isEmpty { page += [".SH NOTICES"] + notices.map(escape) }
        page += [".SH EXIT STATUS"]
        for (status, meaning) in ExitStatus.described {
            page += [".TP", ".B \(escape(status))", code(meaning).capitalizedFirst + "."]
        }
        page += [".PP", code(ExitStatus.notes)]
        return page.joined(separator: "\n") + "\n"
    }

    /// Text made safe for roff, with what stands in backticks (`scout -c`) in bold.
    static func code(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, piece in
            index % 2 == 1 ? "\\fB\(escape(String(piece)))\\fR" : escape(String(piece))
        }.joined()
    }

    /// Text made safe for roff: backslashes doubled, hyphens and a leading dot or quote escaped.
    static func escape(_ text: String) -> String {
        var out = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
