import Foundation
import Testing

@testable import ScoutKit

/// The remote answers' JSON reader: the byte reader's values, its limits, and the fall-back to
/// `JSONDecoder` for what it does not read. A bad answer is one line, never a crash.
struct JSONAnswerTests {
    func parse(_ text: String) throws(SourceError) -> JSONAnswer {
        try JSONFields.parse(Data(text.utf8), from: "iTunes")
    }

    @Test func valuesAsTheAPIsSendThem() throws {
        #expect(
            try parse("\n\n " + #"{"a": [1, -2.5, 1e3, 9007199254740993, true, false, null, "x\u00e9\n"], "b": {}}"#)
                == .object([
                    "a": .array([
                        .integer(1), .number(-2.5), .number(1000), .integer(9_007_199_254_740_993), .bool(true),
                        .bool(false), .null, .string("xé\n"),
                    ]),
                    "b": .object([:]),
                ]))
        // A key with an escape is beyond the byte reader: JSONDecoder reads it.
        #expect(try parse(#"{"a\u0062": 1}"#) == .object(["ab": .integer(1)]))
    }

    @Test func damageIsOneLine() {
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        for body in ["", "{", #"{"a": }"#, "[1, 2", "<html><body>502</body></html>", nested, "[01x]", "nul"] {
            do {
                _ = try parse(body)
                Issue.record("\(body.prefix(20)) read")
            } catch {
                #expect(!error.description.contains("\n"))
            }
        }
    }
}
