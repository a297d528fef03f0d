import PropertyBased
import Testing
@testable import ScoutKit

/// `SafeText.isSafe` reads UTF-8 bytes where `needsEscape` reads code points: for any text they agree, at the
/// edges of every range that needs escaping and beside the code points that share their first bytes.
@Suite struct SafeTextPropertyTests {
    @Test func theBytesTellWhatTheCodePointsTell() async {
        let values: [UInt32] = [
            0x00, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xE9, 0x7FF, 0x800, 0x2029, 0x202A, 0x202E, 0x202F,
            0x2065, 0x2066, 0x2069, 0x206A, 0x2192, 0x200D, 0x6771, 0xFFFD, 0x1F3AC,
        ]
        let pieces = values.compactMap(Unicode.Scalar.init).map { String(Character($0)) }
        await propertyCheck(count: 500, input: Gen.int(in: 0...(pieces.count - 1)).array(of: 0...6)) { picks in
            var text = picks.map { pieces[$0] }.joined()
            let bytes = text.withUTF8 { SafeText.isSafe($0) }
            #expect(bytes == !text.unicodeScalars.contains(where: SafeText.needsEscape), "\(picks.map { values[$0] })")
        }
    }
}
