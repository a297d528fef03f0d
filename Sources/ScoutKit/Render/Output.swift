import FoundationEssentials

/// What one command produced: lines and views for a person, fields and typed rows for `--json`,
/// warnings, an error. A view (a results page, an item's detail) is kept as typed values and rendered
/// only when it is read: as text by the printer, as JSON by `jsonLine` and only under `--json`.
public struct Output: Sendable {
    /// What a person reads, in order: lines already made, and views rendered when read.
    private var blocks: [Block] = []
    /// The typed rows and fields `--json` adds, in order (a listing's items, an item).
    private var jsonViews: [any OutputView] = []
    /// One-line warnings for standard error, made safe too.
    public private(set) var warnings: [String] = []
    /// The error, when the command failed.
    public private(set) var error: String?
    /// The kind of error, for `--json`: kebab-case (`usage`, `unreachable`, `refused`).
    public private(set) var code: String?
    /// The command word (its name, not an alias), for `--json`; nil when no command could be read.
    public var command: String?
    /// Scalar facts for `--json` (`added`, `removed`), beside the views' fields.
    var json: [OutputField: JSONValue] = [:]
    /// Whether the REPL should stop after this command.
    public var quit = false
    /// Whether the terminal's screen is cleared before the lines (`clear`); nothing on a pipe.
    public var clearsScreen = false
    /// Whether a terminal may show it through the pager when it is longer than the screen (help, history,
    /// favourites); a listing page or a detail is sized to fit and never is.
    public var pageable = true
    /// A line for the next prompt to start with, to edit or run (a search chosen in `pick`).
    public var prefill: String?
    /// The exit status a script gets for it when that is not the usual 0, or 1 on an error: `check` gives
    /// 1 when nothing is new and 2 when a watched search could not be checked, as grep does.
    public var status: Int32?
    /// Whether it is printed as a `--json` line even when the launch did not ask for JSON (`check --json`).
    public var asJSON = false
    /// Artwork to draw on the terminal once the lines are printed (`show N`, `art N`).
    public var art: ArtRequest?
    /// The width its views' lines are fitted to when read: the window's on a terminal, none (whole lines) on a
    /// pipe. The shell sets it as the command finishes, so that no feature asks the window's width.
    public var fit: Int?

    enum Block: Sendable {
        case line(StyledLine)
        case view(any OutputView)
        case stream(any LineStream)
    }

    public init() {}

    /// An output that shows one view (a listing).
    init(showing view: any OutputView) {
        show(view)
    }

    public static func failure(_ message: String, code: String = "usage") -> Output {
        var output = Output()
        output.fail(message, code: code)
        return output
    }

    /// The failure an error stands for, with its code.
    static func failure(_ error: any Error) -> Output {
        failure("\(error)", code: TypedJSON.code(of: error))
    }

    public var ok: Bool { error == nil }

    public mutating func say(_ line: String) {
        say(StyledLine(line))
    }

    /// A line in styled pieces: each piece made safe on its own, so no remote text can end a style or start one.
    public mutating func say(_ line: StyledLine) {
        blocks.append(.line(Self.clean(line)))
    }

    /// A row of a listing: cut with … at the window's edge when printed on a terminal, keeping `tail` (an id, its
    /// tags) whole; whole on a pipe.
    mutating func row(_ text: String, keeping tail: String = "") {
        blocks.append(.view(ListingView([.row(text, keeping: tail)])))
    }

    /// Prose: wrapped at words to the window when printed on a terminal (continuation lines indented by
    /// `indent`); one line on a pipe.
    mutating func prose(_ text: String, indent: Int = 0) {
        blocks.append(.view(ListingView([.prose(text, indent: indent)])))
    }

    /// A view to read here and to give `--json` its fields.
    mutating func show(_ view: any OutputView) {
        blocks.append(.view(view))
        jsonViews.append(view)
    }

    /// Lines made a part at a time while they are printed (a history search's tens of thousands of matches).
    mutating func stream(_ lines: any LineStream) {
        blocks.append(.stream(lines))
    }

    /// Typed rows for `--json` only: what the command's lines speak of (the results after `load all`).
    mutating func addJSON(_ view: any OutputView) {
        jsonViews.append(view)
    }

    /// `--json` fields made from what the command found, only when a JSON line is written.
    mutating func addJSON(_ make: @escaping @Sendable () -> [OutputField: JSONValue]) {
        jsonViews.append(LazyJSON(make: make))
    }

    /// Each line's pieces with their styles, for colour on a terminal, made safe piece by piece so that
    /// no remote text can end a style or start one; views are rendered here.
    public var styledLines: [StyledLine] {
        var all: [StyledLine] = []
        forEachPart { all += $0 }
        return all
    }

    /// The lines in parts, in order: the lines and views together, and a stream's parts as it makes them, so
    /// that a printer writes each part before the next is made.
    func forEachPart(_ body: ([StyledLine]) -> Void) {
        var pending: [StyledLine] = []
        for block in blocks {
            switch block {
            case .line(let line): pending.append(line)
            case .view(let view): pending += view.lines(fitting: fit).map(Self.clean)
            case .stream(let stream):
                if !pending.isEmpty { body(pending) }
                pending = []
                stream.parts(fitting: fit) { part in if !part.isEmpty { body(part.map(Self.clean)) } }
            }
        }
        if !pending.isEmpty { body(pending) }
    }

    /// The same lines, plain.
    public var lines: [String] { styledLines.map(\.plain) }

    static func clean(_ line: StyledLine) -> StyledLine {
        var clean = line
        for index in clean.pieces.indices { clean.pieces[index].text = SafeText.clean(clean.pieces[index].text) }
        return clean
    }

    /// Prose: one line on a pipe, or broken at spaces to `width` cells (continuation lines indented by
    /// `indent`) on a terminal.
    public mutating func say(prose text: String, width: Int?, indent: Int = 0) {
        guard let width else { return say(text) }
        for line in DisplayWidth.wrap(text, to: width, indent: indent) { say(line) }
    }

    /// A line another scout wrote (the background sync's): its text, and whether it is a problem, which that
    /// scout began `scout: `.
    public static func childLine(_ line: String) -> (text: String, problem: Bool) {
        line.hasPrefix("scout: ") ? (String(line.dropFirst(7)), true) : (line, false)
    }

    /// Says a line another scout wrote as it said it: a problem as a warning, the rest as a line of output.
    public mutating func relay(_ line: String) {
        let (text, problem) = Self.childLine(line)
        if problem { warn(text) } else { say(text) }
    }

    public mutating func warn(_ line: String) {
        warnings.append(SafeText.clean(line))
    }

    public mutating func fail(_ message: String, code: String = "failed") {
        error = SafeText.clean(message)
        self.code = code
    }

    /// This output as one `--json` line (version 1, `Schemas/scout-output.v1.json`): `schema`, `ok`,
    /// `command`, the command's fields, and `code` with `error`, or `message`.
    public func jsonLine() -> String {
        var object = json
        for view in jsonViews { object.merge(view.json) { $1 } }
        object[.schema] = .int(TypedJSON.schema)
        object[.ok] = .bool(ok)
        object[.command] = command.map(JSONValue.string) ?? .null
        if let error {
            object[.error] = .string(error)
            object[.code] = .string(code ?? "failed")
        }
        if !warnings.isEmpty { object[.warnings] = .array(warnings.map(JSONValue.string)) }
        if object[.items] == nil, !lines.isEmpty { object[.message] = .string(lines.joined(separator: "\n")) }
        let fields = Dictionary(uniqueKeysWithValues: object.map { ($0.key.rawValue, $0.value) })
        let data = (try? JSONEncoder.scoutLine.encode(JSONValue.object(fields))) ?? Data(#"{"ok":false}"#.utf8)
        return Self.escapeInvisible(String(decoding: data, as: UTF8.self))
    }

    /// JSON leaves C1 controls and bidirectional overrides raw; write them as `\u` escapes so that the
    /// line is safe on a terminal too.
    static func escapeInvisible(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: SafeText.needsEscape) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if SafeText.needsEscape(scalar) {
                out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Output {
    /// Appends another command's output to this one: its lines, warnings, error and fields.
    mutating func merge(_ other: Output) {
        blocks += other.blocks
        jsonViews += other.jsonViews
        for warning in other.warnings { warn(warning) }
        if let error = other.error { fail(error, code: other.code ?? "failed") }
        json.merge(other.json) { $1 }
        pageable = pageable && other.pageable
        quit = quit || other.quit
        clearsScreen = clearsScreen || other.clearsScreen
        prefill = other.prefill ?? prefill
        art = other.art ?? art
        status = [status, other.status].compactMap { $0 }.max()
    }
}

/// Typed rows a command produced, rendered after the fact: as lines of text for a person, and as
/// `--json` fields only when JSON is printed.
protocol OutputView: Sendable {
    /// Its lines, fitted to `width` cells (a terminal's) or, with none, whole (a pipe).
    func lines(fitting width: Int?) -> [StyledLine]
    var json: [OutputField: JSONValue] { get }
}

/// Lines made a part at a time, each part printed before the next is made: a listing of tens of thousands of
/// lines in bounded memory. A pager on a terminal still gets them whole.
protocol LineStream: Sendable {
    /// Calls `emit` with each part's lines, in order, fitted to `width` cells (a terminal's) or whole (a pipe).
    func parts(fitting width: Int?, _ emit: ([StyledLine]) -> Void)
}

/// Fields for `--json` alone, made from the values a command found when the line is written.
struct LazyJSON: OutputView {
    let make: @Sendable () -> [OutputField: JSONValue]
    func lines(fitting _: Int?) -> [StyledLine] { [] }
    var json: [OutputField: JSONValue] { make() }
}
