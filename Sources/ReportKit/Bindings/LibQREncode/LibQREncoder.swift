internal import CQRencode

/// QR codes from libqrencode: the text as UTF-8 bytes behind an ECI header that says so
/// (ECI 000026, ISO/IEC 18004 6.4.2), so a reader does not guess another encoding (zbar took
/// "ś" for Shift-JIS without it); the smallest version that holds it.
package struct LibQREncoder: QREncoding {
    package init() {}

    /// The ECI assignment number of UTF-8.
    static let utf8ECI: UInt32 = 26

    package func encode(_ text: String, errorCorrection: QRErrorCorrection) -> QRCode? {
        let level: QRecLevel = switch errorCorrection {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
        let bytes = Array(text.utf8)
        // Version 0: the smallest that holds the data; nil when even version 40 cannot.
        guard !bytes.isEmpty, let input = QRinput_new2(0, level) else { return nil }
        defer { QRinput_free(input) }
        // An ASCII text needs no header: every reader takes it as it is, in fewer modules.
        let ascii = bytes.allSatisfy { $0 < 0x80 }
        guard ascii || QRinput_appendECIheader(input, Self.utf8ECI) == 0,
              bytes.withUnsafeBufferPointer({ QRinput_append(input, QR_MODE_8, Int32($0.count), $0.baseAddress) }) == 0,
              let code = QRcode_encodeInput(input) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
        return QRCode(width: width, modules: modules)
    }
}
