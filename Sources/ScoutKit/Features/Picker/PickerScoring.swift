/// fzf's scoring (its `algo.go`, `FuzzyMatchV2`): the constants, the character classes, a term's best
/// alignment in a candidate, and the exact term's first place that starts a word.
extension PickerMatcher {
    static let scoreMatch = 16, scoreGapStart = -3, scoreGapExtension = -1
    static let bonusBoundary = scoreMatch / 2, bonusNonWord = scoreMatch / 2
    static let bonusCamel123 = bonusBoundary + scoreGapExtension
    static let bonusConsecutive = -(scoreGapStart + scoreGapExtension)
    static let bonusFirstCharMultiplier = 2
    static let bonusBoundaryWhite = bonusBoundary + 2, bonusBoundaryDelimiter = bonusBoundary + 1

    enum CharClass: Int { case white, nonWord, delimiter, lower, upper, letter, number }

    @inline(__always) static func charClass(_ c: UInt32) -> CharClass {
        switch c {
        case 0x61...0x7A: return .lower
        case 0x41...0x5A: return .upper
        case 0x30...0x39: return .number
        case 0x20, 0x09, 0x0A, 0x0D: return .white
        case 0x2F, 0x3A, 0x3B, 0x7C, 0x2C: return .delimiter
        case 0..<0x80: return .nonWord
        default:
            guard let scalar = Unicode.Scalar(c) else { return .nonWord }
            let properties = scalar.properties
            if properties.isWhitespace { return .white }
            if properties.isLowercase { return .lower }
            if properties.isUppercase { return .upper }
            if properties.numericType != nil { return .number }
            return properties.isAlphabetic ? .letter : .nonWord
        }
    }

    @inline(__always) static func bonus(_ previous: CharClass, _ current: CharClass) -> Int {
        if current.rawValue > CharClass.delimiter.rawValue {
            switch previous {
            case .white: return bonusBoundaryWhite
            case .delimiter: return bonusBoundaryDelimiter
            case .nonWord: return bonusBoundary
            default: break
            }
        }
        if (previous == .lower && current == .upper) || (previous != .number && current == .number) {
            return bonusCamel123
        }
        switch current {
        case .nonWord, .delimiter: return bonusNonWord
        case .white: return bonusBoundaryWhite
        default: return 0
        }
    }

    /// The term's score in `text` and where its match begins, nil when it does not match.
    static func score(
        _ term: PickerQuery.Term, in text: UnsafeBufferPointer<UInt32>, scratch: inout FuzzyScratch,
        wantsBegin: Bool = false
    ) -> (score: Int, begin: Int)? {
        let pattern = term.text
        guard !pattern.isEmpty, pattern.count <= text.count else { return nil }
        switch term.kind {
        case .fuzzy:
            return fuzzy(pattern, text, &scratch, wantsBegin: wantsBegin)
        case .exact:
            // The first place with the best bonus at its first letter, a word's start ending the search.
            var best: (bonus: Int, at: Int)?
            var from = 0
            while let at = text.firstIndex(of: pattern, in: from..<text.count) {
                let bonus = at == 0 ? bonusBoundaryWhite : Self.bonus(charClass(text[at - 1]), charClass(text[at]))
                if bonus > best?.bonus ?? -1 { best = (bonus, at) }
                if bonus >= bonusBoundary { break }
                from = at + 1
            }
            return best.map { (windowScore(pattern, text, $0.at, $0.at + pattern.count), $0.at) }
        case .prefix:
            var start = 0
            while start < text.count, charClass(text[start]) == .white { start += 1 }
            guard text.count - start >= pattern.count, pattern.indices.allSatisfy({ text[start + $0] == pattern[$0] })
            else { return nil }
            return (windowScore(pattern, text, start, start + pattern.count), start)
        case .suffix:
            var end = text.count
            while end > 0, charClass(text[end - 1]) == .white { end -= 1 }
            let start = end - pattern.count
            guard start >= 0, pattern.indices.allSatisfy({ text[start + $0] == pattern[$0] }) else { return nil }
            return (windowScore(pattern, text, start, end), start)
        case .exactWhole:
            guard text.count == pattern.count, pattern.indices.allSatisfy({ text[$0] == pattern[$0] }) else {
                return nil
            }
            return (windowScore(pattern, text, 0, text.count), 0)
        }
    }

    /// Room for `fuzzy`'s rows, kept across the candidates of one ranking.
    struct FuzzyScratch {
        var bonuses: [Int] = [], first: [Int] = [], firstConsecutive: [Int] = [], firsts: [Int] = []
        var scores: [Int] = [], consecutives: [Int] = []

        mutating func reserve(text: Int, pattern: Int) {
            if bonuses.count < text {
                bonuses = [Int](repeating: 0, count: text)
                first = bonuses
                firstConsecutive = bonuses
            }
            if firsts.count < pattern { firsts = [Int](repeating: 0, count: pattern) }
        }

        mutating func reserve(matrix: Int) {
            if scores.count < matrix {
                scores = [Int](repeating: 0, count: matrix)
                consecutives = scores
            }
        }
    }

    /// fzf's FuzzyMatchV2 (0.38): the best score of any alignment of `pattern`'s letters in order, and where
    /// the first letter first occurs, or, `wantsBegin`, where that alignment begins. Past 102,400 cells (fzf's
    /// slab) it scores the shortest window instead, as fzf falls back to its first algorithm.
    static func fuzzy(
        _ pattern: [UInt32], _ text: UnsafeBufferPointer<UInt32>, _ scratch: inout FuzzyScratch, wantsBegin: Bool
    ) -> (score: Int, begin: Int)? {
        let m = pattern.count, n = text.count
        // A match at all, and the span it can take: from the first letter's first place (found again by
        // the scan below) to the last place of the last letter after a full match.
        var p = 0
        for c in text where c == pattern[p] {
            p += 1
            if p == m { break }
        }
        guard p == m else { return nil }
        if n * m > 102_400 { return shortestWindow(pattern, text) }
        scratch.reserve(text: n, pattern: m)
        let first0 = pattern[0]
        var maxScore = 0, maxAt = 0, last = 0, found = 0
        var previousClass = CharClass.white, previousScore = 0, inGap = false
        for index in 0..<n {
            let c = text[index]
            let current = charClass(c)
            let bonus = Self.bonus(previousClass, current)
            scratch.bonuses[index] = bonus
            previousClass = current
            if c == pattern[min(found, m - 1)] {
                if found < m {
                    scratch.firsts[found] = index
                    found += 1
                }
                last = index
            }
            if c == first0 {
                let score = scoreMatch + bonus * bonusFirstCharMultiplier
                scratch.first[index] = score
                scratch.firstConsecutive[index] = 1
                if m == 1, score > maxScore {
                    (maxScore, maxAt) = (score, index)
                    if bonus >= bonusBoundary { break }
                }
                inGap = false
            } else {
                scratch.first[index] = max(previousScore + (inGap ? scoreGapExtension : scoreGapStart), 0)
                scratch.firstConsecutive[index] = 0
                inGap = true
            }
            previousScore = scratch.first[index]
        }
        if m == 1 { return (maxScore, maxAt) }
        let f0 = scratch.firsts[0], width = last - f0 + 1
        scratch.reserve(matrix: width * m)
        for column in 0..<width {
            scratch.scores[column] = scratch.first[f0 + column]
            scratch.consecutives[column] = scratch.firstConsecutive[f0 + column]
        }
        for row in 1..<m {
            let f = scratch.firsts[row], letter = pattern[row], base = row * width
            var inGap = false
            scratch.scores[base + f - f0 - 1] = 0
            for column in f...last {
                let j = base + column - f0
                let s2 = scratch.scores[j - 1] + (inGap ? scoreGapExtension : scoreGapStart)
                var s1 = 0, consecutive = 0
                if text[column] == letter {
                    s1 = scratch.scores[j - width - 1] + scoreMatch
                    var bonus = scratch.bonuses[column]
                    consecutive = scratch.consecutives[j - width - 1] + 1
                    if consecutive > 1 {
                        let chunkBonus = scratch.bonuses[column - consecutive + 1]
                        if bonus >= bonusBoundary && bonus > chunkBonus {
                            consecutive = 1
                        } else {
                            bonus = max(bonus, bonusConsecutive, chunkBonus)
                        }
                    }
                    if s1 + bonus < s2 {
                        s1 += scratch.bonuses[column]
                        consecutive = 0
                    } else {
                        s1 += bonus
                    }
                }
                scratch.consecutives[j] = consecutive
                inGap = s1 < s2
                let score = max(s1, s2, 0)
                if row == m - 1, score > maxScore { (maxScore, maxAt) = (score, column) }
                scratch.scores[j] = score
            }
        }
        guard wantsBegin else { return (maxScore, f0) }
        // Where the best alignment begins, traced back through the matrix as fzf traces its positions.
        var row = m - 1, column = maxAt, preferMatch = true
        while true {
            let base = row * width, j = base + column - f0
            let score = scratch.scores[j]
            let diagonal = row > 0 && column >= scratch.firsts[row] ? scratch.scores[j - width - 1] : 0
            let left = column > scratch.firsts[row] ? scratch.scores[j - 1] : 0
            if score > diagonal && (score > left || score == left && preferMatch) {
                if row == 0 { return (maxScore, column) }
                row -= 1
            }
            preferMatch =
                scratch.consecutives[j] > 1 || (j + width + 1 < width * m && scratch.consecutives[j + width + 1] > 0)
            column -= 1
        }
    }

    /// fzf's first algorithm: the shortest window (forward to the first full match, back to its latest
    /// start), scored.
    private static func shortestWindow(_ pattern: [UInt32], _ text: UnsafeBufferPointer<UInt32>)
        -> (score: Int, begin: Int)?
    {
        var p = 0, end = -1
        for (index, c) in text.enumerated() where c == pattern[p] {
            p += 1
            if p == pattern.count {
                end = index + 1
                break
            }
        }
        guard end > 0 else { return nil }
        p = pattern.count - 1
        var start = end - 1
        while start >= 0 {
            if text[start] == pattern[p] {
                if p == 0 { break }
                p -= 1
            }
            start -= 1
        }
        return (windowScore(pattern, text, start, end), start)
    }

    /// fzf's calculateScore over `text[start..<end]`, which holds the pattern's letters in order.
    private static func windowScore(_ pattern: [UInt32], _ text: UnsafeBufferPointer<UInt32>, _ start: Int, _ end: Int)
        -> Int
    {
        var p = 0, score = 0, consecutive = 0, firstBonus = 0
        var inGap = false
        var previous: CharClass = start > 0 ? charClass(text[start - 1]) : .white
        for index in start..<end {
            let c = text[index]
            let current = charClass(c)
            if p < pattern.count, c == pattern[p] {
                score += scoreMatch
                var bonus = Self.bonus(previous, current)
                if consecutive == 0 {
                    firstBonus = bonus
                } else {
                    if bonus >= bonusBoundary && bonus > firstBonus { firstBonus = bonus }
                    bonus = max(bonus, firstBonus, bonusConsecutive)
                }
                score += p == 0 ? bonus * bonusFirstCharMultiplier : bonus
                inGap = false
                consecutive += 1
                p += 1
            } else {
                score += inGap ? scoreGapExtension : scoreGapStart
                inGap = true
                consecutive = 0
                firstBonus = 0
            }
            previous = current
        }
        return score
    }
}
