internal import CCairo

/// SHA-256 from GLib, which ReportKit already links through Pango (`g_compute_checksum_for_data`):
/// the record's evidence needs one hash, not a cryptography package and its BoringSSL (366 C
/// files compiled on every clean build for this one call).
enum GLibChecksum {
    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    static func sha256(_ bytes: [UInt8]) -> String {
        let digest = bytes.withUnsafeBufferPointer { buffer in
            // GLib takes a length and a pointer, which may be nil for no bytes.
            g_compute_checksum_for_data(G_CHECKSUM_SHA256, buffer.baseAddress, gsize(buffer.count))
        }
        guard let digest else { return "" }
        defer { g_free(digest) }
        return String(cString: digest)
    }
}
