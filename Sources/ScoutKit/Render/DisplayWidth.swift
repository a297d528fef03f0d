#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many terminal cells a text takes, as the terminal and libedit count them: the C library's
/// `wcwidth` in a UTF-8 locale (East Asian wide characters and emoji two cells, combining marks and
/// zero-width characters none), summed over a character's code points. The locale is scout's own
/// (`C.UTF-8`, used only for the measure), so the user's locale setting cannot change a width.
public enum DisplayWidth {
    /// The rows `lines` take on a terminal `columns` wide: a line longer than the window (a web address kept
    /// whole) is wrapped by the terminal.
    static func rows(_ lines: some Sequence<StyledLine>, columns: Int) -> Int {
        lines.reduce(0) { $0 + max(1, (of($1.plain) + columns - 1) / max(1, columns)) }
    }

    nonisolated(unsafe) private static let utf8Locale: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return measuring { text.reduce(0) { $0 + cells($1) } }
    }

    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
        return measuring { cells(character) }
    }

    /// One character's cells, as it reaches the screen: an emoji sequence joined with U+200D (👨‍👩‍👧) is one
    /// two-cell picture, as tmux and current terminals draw it; a control character takes the cells of
    /// the visible form `SafeText` gives it (`^I`, `<U+202E>`); anything else, its code points' sum.
    private static func cells(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.count > 1, scalars.contains("\u{200D}"), scalars.first?.properties.isEmoji == true { return 2 }
        return scalars.reduce(0) { total, scalar in
            if scalar.value < 0x20 || scalar.value == 0x7F { return total + 2 }
            if SafeText.needsEscape(scalar) { return total + "<U+XXXX>".count }
            return total + cells(scalar)
        }
    }

    /// `body` with the thread's character locale set to UTF-8 (`uselocale` is per thread and cheap).
    private static func measuring(_ body: () -> Int) -> Int {
        guard let utf8Locale else { return body() }
        let previous = uselocale(utf8Locale)
        defer { uselocale(previous) }
        return body()
    }

    /// One code point's cells; one for what `wcwidth` does not know (unassigned, or no UTF-8 locale at all),
    /// as terminals draw it.
    private static func cells(_ scalar: Unicode.Scalar) -> Int {
        let width = Int(systemWCWidth(Int32(bitPattern: scalar.value)))
        return width >= 0 ? width : 1
    }

    /// Prose broken at spaces into lines of at most `width` cells, each line after the first indented by
    /// `indent` spaces. A quoted tag or word (`#'to watch'`, `"taylor swift"`) breaks as one word while it fits a
    /// line. A word too long for a line of its own is cut with …, but for a web address, left whole for the
    /// terminal to wrap so that it can be copied (`open`'s, an error's), where it starts when the next line would
    /// give it no more room (after a label). `cutting` (a detail's fields) cuts an address too, and leaves any word
    /// too long for any line where it starts so: a pipe and `--json` give it whole, and `open` opens an item's
    /// address.
    public static func wrap(_ text: String, to width: Int, indent: Int = 0, cutting: Bool = false) -> [String] {
        guard of(text) > width else { return [text] }
        let lead = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var line = lead
        var lineWidth = of(lead)
        let pad = String(repeating: " ", count: max(0, min(indent, width / 2)))
        for word in words(of: text.dropFirst(lead.count), fitting: width - pad.count) {
            let wordWidth = of(word)
            let atStart = lineWidth == 0 || line == lead || line == pad
            // Too long for any line, it stays where the line gives it as much room as the next would (cut, or an
            // address the terminal wraps).
            let stays =
                (cutting || word.contains("://")) && pad.count + wordWidth > width
                && width - lineWidth - 1 >= width - pad.count
            if !atStart, lineWidth + 1 + wordWidth > width, !stays {
                lines.append(line)
                line = pad
                lineWidth = pad.count
            }
            let startsLine = line == lead || line == pad
            let piece = startsLine ? word : " " + word
            line += piece
            lineWidth += of(piece)
        }
        lines.append(line)
        return lines.map { of($0) > width && (cutting || !$0.contains("://")) ? truncate($0, to: width) : $0 }
    }

    /// `text`'s words at its spaces, a quoted one (`#'to watch'`, `"taylor swift",`) kept whole while it is at most
    /// `limit` cells wide.
    private static func words(of text: Substring, fitting limit: Int) -> [String] {
        var words: [String] = []
        var pieces = text.split(separator: " ", omittingEmptySubsequences: false)[...]
        while let piece = pieces.popFirst() {
            var word = String(piece)
            let body = word.drop { $0 == "#" || $0 == "(" }
            if let quote = body.first, quote == "'" || quote == "\"", !closes(body.dropFirst(), quote) {
                var joined = word
                var taken = 0
                for next in pieces {
                    joined += " " + next
                    taken += 1
                    // Past the limit it would not be kept whole: no need to look further for its end.
                    if closes(next[...], quote) || of(joined) > limit { break }
                }
                if closes(joined.drop { $0 != quote }.dropFirst(), quote), of(joined) <= limit {
                    word = joined
                    pieces = pieces.dropFirst(taken)
                }
            }
            words.append(word)
        }
        return words
    }

    /// Whether `text` (what follows an opening quote) ends the quote: it holds the mark, then punctuation alone.
    private static func closes(_ text: Substring, _ quote: Character) -> Bool {
        guard let end = text.lastIndex(of: quote) else { return false }
        return text[text.index(after: end)...].allSatisfy { ".,;:!?)".contains($0) }
    }

    /// `label` and `items` in lines of `width` cells, broken only between two items (so `Horror 1` stays
    /// whole), each broken line ending with the separator's mark and the next under the first item (under
    /// the margin's two cells when the label takes over a third of the window); one line on a pipe.
    static func list(_ label: String, _ items: [String], separator: String = " · ", width: Int?) -> [String] {
        let whole = label + items.joined(separator: separator)
        guard let width, of(whole) > width else { return [whole] }
        let pad = String(repeating: " ", count: of(label) <= min(16, width / 3) ? of(label) : 2)
        let mark = String(separator.reversed().drop { $0 == " " }.reversed())
        var lines: [String] = []
        var line = label
        for (index, item) in items.enumerated() {
            let room = of(line) + of(separator) + of(item) + (index == items.count - 1 ? 0 : of(mark))
            if index == 0 {
                line += item
            } else if room <= width {
                line += separator + item
            } else {
                lines.append(line + mark)
                line = pad + item
            }
        }
        return lines + [line]
    }

    /// `head` and `tail` on one line of `width` cells: when they do not fit, the head is cut with … so that the
    /// tail (an id to name the row by, its tags) shows whole, as long as 16 cells of the head are left;
    /// narrower, the whole line is cut.
    static func fit(_ head: String, keeping tail: String, to width: Int) -> String {
        let whole = head + tail
        guard of(whole) > width else { return whole }
        let room = width - of(tail)
        guard room >= leastHead else { return truncate(whole, to: width) }
        return truncate(head, to: room) + tail
    }

    /// The cells of a row's head that `fit` keeps before it gives up keeping the tail.
    static let leastHead = 16

    /// `text` cut to at most `width` cells, ending in `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// `text` cut or padded with spaces to exactly `width` cells.
    public static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let cut = truncate(text, to: width)
        let fill = String(repeating: " ", count: max(0, width - of(cut)))
        return right ? fill + cut : cut + fill
    }
}

/// The C library's `wcwidth(3)`, which Swift's Glibc module leaves out (it sits behind `_XOPEN_SOURCE`).
@_silgen_name("wcwidth")
private func systemWCWidth(_ character: Int32) -> Int32
