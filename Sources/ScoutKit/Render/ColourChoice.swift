/// Whether output gets colour: `--color` and then `set color` when either says always or never; otherwise
/// (auto) only on a terminal, with `NO_COLOR` unset or empty and `TERM` other than `dumb`.
public enum ColourChoice {
    public static func decide(
        flag: Settings.ColorMode, setting: Settings.ColorMode, environment: [String: String], isTerminal: Bool
    ) -> Bool {
        switch flag == .auto ? setting : flag {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
            return isTerminal && environment["TERM"] != "dumb"
        }
    }
}
