internal import CQRencode

/// QR codes from libqrencode, byte mode (the text as UTF-8), the smallest version that holds it.
package struct LibQREncoder: QREncoding {
    package init() {}

    package func encode(_ text: String, errorCorrection: QRErrorCorrection) -> QRCode? {
        let level: QRecLevel = switch errorCorrection {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
        let bytes = Array(text.utf8)
        // Version 0: the smallest that holds the data; nil when even version 40 cannot.
        guard !bytes.isEmpty, let code = bytes.withUnsafeBufferPointer({ QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, level) }) else {
            return nil
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
        return QRCode(width: width, modules: modules)
    }
}
