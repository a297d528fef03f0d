/// How the terminal is drawn on: the protocol, the colours symbols use, and whether each sequence is
/// wrapped for tmux. Decided from the environment alone: a query would race the line editor's reads.
public struct ArtTerminal: Sendable, Equatable {
    public enum Drawing: String, Sendable {
        case kitty, iterm, sixel, symbols
    }

    public enum Colours: String, Sendable {
        case truecolor = "24-bit", indexed256 = "256", indexed16 = "16"
    }

    public var drawing: Drawing
    public var colours: Colours
    /// Inside tmux with `allow-passthrough` on: each image sequence goes to the outer terminal wrapped.
    public var passthrough = false

    /// The protocol `images auto` picks: kitty's for kitty, WezTerm and Ghostty, iTerm2's for iTerm2, sixel for
    /// the terminals chafa knows draw sixels, else symbols.
    public static func detect(_ environment: [String: String]) -> Drawing {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty || term == "xterm-kitty" { return .kitty }
        if ["WezTerm", "ghostty"].contains(program) || term == "xterm-ghostty" { return .kitty }
        // Inside tmux, TERM and TERM_PROGRAM are tmux's: the variables WezTerm and Ghostty set still say.
        if !(environment["WEZTERM_PANE"] ?? "").isEmpty || !(environment["GHOSTTY_RESOURCES_DIR"] ?? "").isEmpty {
            return .kitty
        }
        if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" { return .iterm }
        // chafa 1.12's list of terminals that draw sixels.
        if ["foot", "foot-direct", "mlterm", "yaft", "yaft-256color"].contains(term) { return .sixel }
        return .symbols
    }

    /// The colours symbols use: 24-bit when `COLORTERM` says so, else 256 when `TERM` does, else 16.
    public static func colours(_ environment: [String: String]) -> Colours {
        let colourTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colourTerm == "truecolor" || colourTerm == "24bit" { return .truecolor }
        if (environment["TERM"] ?? "").contains("256color") { return .indexed256 }
        return .indexed16
    }

    /// What `images` draws with in this environment; nil for `off`. Inside tmux (`TMUX` set) a pixel protocol
    /// needs tmux's passthrough: `passthrough()` says whether `allow-passthrough` is on, else symbols.
    public static func resolve(
        _ mode: Settings.ImagesMode, environment: [String: String], passthrough: () -> Bool
    ) -> ArtTerminal? {
        let drawing: Drawing
        switch mode {
        case .off: return nil
        case .auto: drawing = detect(environment)
        case .kitty: drawing = .kitty
        case .iterm: drawing = .iterm
        case .sixel: drawing = .sixel
        case .symbols: drawing = .symbols
        }
        var terminal = ArtTerminal(drawing: drawing, colours: colours(environment))
        if drawing != .symbols, !(environment["TMUX"] ?? "").isEmpty {
            if passthrough() { terminal.passthrough = true } else { terminal.drawing = .symbols }
        }
        return terminal
    }

    /// What `set images` draws with here, in words (inside tmux, tmux's passthrough asked).
    static func describe(_ mode: Settings.ImagesMode, _ environment: [String: String]) -> String {
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        var passes: Bool?
        guard
            let terminal = resolve(
                mode, environment: environment,
                passthrough: {
                    passes = tmuxPassesThrough(environment: environment)
                    return passes ?? false
                })
        else { return "show and art draw no images; the detail shows the image's address" }
        if terminal.drawing == .symbols {
            let colours = "symbols in \(terminal.colours.rawValue) colours"
            guard inTmux, passes == false else { return colours + " here" }
            return colours + " inside tmux, whose allow-passthrough is off; to let images through, run "
                + "tmux set -g allow-passthrough on, then set images again"
        }
        return "\(terminal.drawing.rawValue)" + (inTmux ? " through tmux's passthrough" : " here")
    }

    /// Whether tmux passes sequences through: `tmux show -gv allow-passthrough` says `on` or `all`.
    static func tmuxPassesThrough(environment: [String: String]) -> Bool {
        guard let tmux = ChildProcess.find("tmux", path: environment["PATH"]) else { return false }
        let result = ChildProcess.run(
            tmux, ["show", "-gv", "allow-passthrough"], environment: environment,
            deadline: .now + .seconds(1))
        let answer = result.output.trimmed()
        return result.status == 0 && (answer == "on" || answer == "all")
    }

    /// Each escape sequence (APC, OSC, DCS) wrapped for tmux: `ESC Ptmux;`, the sequence with every ESC doubled,
    /// then `ESC \`. Other bytes pass as they are.
    static func wrapForTmux(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x1B, index + 1 < bytes.count, [0x5F, 0x5D, 0x50].contains(bytes[index + 1]) else {
                out.append(byte)
                index += 1
                continue
            }
            // The sequence runs to ST (ESC \) or, for OSC, BEL.
            var end = index + 2
            while end < bytes.count {
                if bytes[end] == 0x07 && bytes[index + 1] == 0x5D { break }
                if bytes[end] == 0x1B, end + 1 < bytes.count, bytes[end + 1] == 0x5C {
                    end += 1
                    break
                }
                end += 1
            }
            let sequence = bytes[index...min(end, bytes.count - 1)]
            out += Array("\u{1B}Ptmux;".utf8)
            for b in sequence {
                if b == 0x1B { out.append(0x1B) }
                out.append(b)
            }
            out += [0x1B, 0x5C]
            index = end + 1
        }
        return out
    }
}
