internal import CQRencode

/// QR codes from libqrencode: the text as UTF-8 bytes behind an ECI header that says so
/// (ECI 000026, ISO/IEC 18004 6.4.2), so a reader does not guess another encoding (zbar took
/// "ś" for Shift-JIS without it); the smallest version that holds it.
package struct LibQREncoder: QREncoding {
    package init() {}

    /// The ECI assignment number of UTF-8.
    static let utf8ECI: UInt32 = 26

    package func encode(_ text: String, errorCorrection: QRErrorCorrection, maximumWidth: Int) -> QRCode? {
        let level: QRecLevel = switch errorCorrection {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
        let bytes = Array(text.utf8)
        // An ASCII text needs no header: every reader takes it as it is, in fewer modules.
        let ascii = bytes.allSatisfy { $0 < 0x80 }
        // A text too long for the widest code allowed is not encoded at all: libqrencode makes
        // the whole symbol and scores its eight masks before its width can be seen (3 to 4
        // million instructions for a record that would not fit anyway).
        guard Self.mayFit(byteCount: bytes.count + (ascii ? 0 : Self.eciBytes), errorCorrection: errorCorrection, maximumWidth: maximumWidth) else { return nil }
        // Version 0: the smallest that holds the data; nil when even version 40 cannot. (A
        // version given instead is only where libqrencode starts: it grows it to fit.)
        guard !bytes.isEmpty, let input = QRinput_new2(0, level) else { return nil }
        defer { QRinput_free(input) }
        guard ascii || QRinput_appendECIheader(input, Self.utf8ECI) == 0,
              bytes.withUnsafeBufferPointer({ QRinput_append(input, QR_MODE_8, Int32($0.count), $0.baseAddress) }) == 0,
              let code = QRcode_encodeInput(input) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width <= maximumWidth else { return nil }
        let modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
        return QRCode(width: width, modules: modules)
    }

    /// Bytes an ECI header costs at most: 4 bits of mode and 8 of designator, rounded up.
    static let eciBytes = 2

    /// Whether `byteCount` bytes may fit a code at most `maximumWidth` modules wide: false only
    /// when the standard's capacity of the largest version allowed, in byte mode, is less.
    static func mayFit(byteCount: Int, errorCorrection: QRErrorCorrection, maximumWidth: Int) -> Bool {
        // Version v is 17 + 4v modules wide (ISO/IEC 18004 5.3.1).
        let largest = min(40, (maximumWidth - 17) / 4)
        guard largest >= 1 else { return false }
        guard let capacities = byteCapacity[errorCorrection] else { return true }
        return byteCount <= capacities[largest - 1]
    }

    /// The bytes a code of each version (1 to 40) holds in byte mode, mode and count included
    /// (ISO/IEC 18004 Table 7); QREncoderTests holds libqrencode to every number.
    static let byteCapacity: [QRErrorCorrection: [Int]] = [
        .low: [17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792, 858,
               929, 1003, 1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188, 2303, 2431, 2563, 2699, 2809, 2953],
        .medium: [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
                  711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331],
    ]
}
