import PropertyBased
import Testing
@testable import ScoutKit

/// A listing's numbers written digit by digit (`Text.appendDigits`) are `String(value)`'s bytes, and
/// `Text.digitCount` is their count, whatever the value.
@Suite struct DigitsTests {
    @Test func digitsAreStringsOwn() async {
        for value in [0, 1, 9, 10, 99, 100, 33_310, 1_000_000, -1, -10, Int.max, Int.min] {
            var bytes = Array("x".utf8)
            Text.appendDigits(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x\(value)")
            #expect(Text.digitCount(value) == String(value).count, "\(value)")
        }
        await propertyCheck(count: 300, input: Gen.int(in: Int.min...Int.max)) { value in
            var bytes: [UInt8] = []
            Text.appendDigits(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
            #expect(Text.digitCount(value) == String(value).count, "\(value)")
        }
    }
}
