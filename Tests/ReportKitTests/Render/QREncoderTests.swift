import Testing
@testable import ReportKit

/// The encoder makes the smallest code that holds a text within the width it is given, and no
/// code when none does: the page then says so instead of printing a code too dense to scan.
@Suite("QR codes from libqrencode")
struct QREncoderTests {
    @Test(arguments: [QRErrorCorrection.low, .medium])
    func theSmallestVersionThatHoldsTheText(level: QRErrorCorrection) throws {
        let encoder = LibQREncoder()
        for length in [1, 17, 18, 40, 120, 271, 272, 300, 460, 600] {
            // Polish letters on every fifth character: UTF-8 behind its ECI header.
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            let text = String((0..<length).map { (index: Int) -> Character in index % 5 == 4 ? "ż" : letters[index % 26] })
            let code = try #require(encoder.encode(text, errorCorrection: level, maximumWidth: 177), "\(length) characters")
            #expect((code.width - 17) % 4 == 0 && code.modules.count == code.width * code.width)
            // One version smaller cannot hold it.
            #expect(encoder.encode(text, errorCorrection: level, maximumWidth: code.width - 4) == nil, "\(length) characters at \(level)")
        }
        // Nothing fits a width below version 1's 21 modules.
        #expect(encoder.encode("a", errorCorrection: level, maximumWidth: 20) == nil)
    }

    /// The capacity table that spares encoding a record too long for its place is the standard's:
    /// libqrencode puts exactly that many bytes into each version, and one more into the next.
    @Test(arguments: [QRErrorCorrection.low, .medium])
    func theCapacityTableIsLibqrencodes(level: QRErrorCorrection) throws {
        let encoder = LibQREncoder()
        let capacities = try #require(LibQREncoder.byteCapacity[level])
        for version in 1...40 {
            let fits = String(repeating: "a", count: capacities[version - 1])
            #expect(encoder.encode(fits, errorCorrection: level, maximumWidth: 177)?.width == 17 + 4 * version, "version \(version) at \(level)")
            if version < 40 {
                #expect(encoder.encode(fits + "a", errorCorrection: level, maximumWidth: 177)?.width == 21 + 4 * version, "version \(version) at \(level), a byte more")
            }
        }
    }
}
