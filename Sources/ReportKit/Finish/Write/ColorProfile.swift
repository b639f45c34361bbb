internal import CQPDF
import FoundationEssentials
import Glibc

/// The sRGB ICC profile of the PDF/A OutputIntent (PDF/A-3, 6.2.3): it says how the report's
/// DeviceRGB colours are meant. Read from Debian's icc-profiles-free (a 7 KB ICC v2 profile)
/// rather than carried in the source; the same profile gives the same bytes.
package enum ColorProfile {
    /// Where the profile is looked for, first found wins.
    static let searchPaths = ["/usr/share/color/icc/sRGB.icc"]

    /// The profile's bytes, read once per process.
    static func sRGB() throws(RenderError) -> [UInt8] {
        switch loaded {
        case .success(let bytes): return bytes
        case .failure(let error): throw error
        }
    }

    /// The profile compressed with Flate, once per process rather than once per report.
    package static func compressedSRGB() throws(RenderError) -> [UInt8] {
        switch compressed {
        case .success(let bytes): return bytes
        case .failure(let error): throw error
        }
    }

    private static let compressed: Result<[UInt8], RenderError> = loaded.flatMap { bytes in
        Result { () throws(RenderError) in try Flate.deflate(bytes, level: Z_BEST_COMPRESSION) }
    }

    private static let loaded: Result<[UInt8], RenderError> = {
        for path in searchPaths {
            guard let data = FileManager.default.contents(atPath: path), data.count > 128 else { continue }
            let bytes = [UInt8](data)
            // An ICC profile says "acsp" at byte 36 and its colour space ("RGB ") at byte 16.
            guard Array(bytes[36..<40]) == Array("acsp".utf8), Array(bytes[16..<20]) == Array("RGB ".utf8) else { continue }
            return .success(bytes)
        }
        return .failure(RenderError("the sRGB colour profile that archival PDF (PDF/A) needs was not found at "
            + searchPaths.joined(separator: " or ") + "; install it (Debian: apt install icc-profiles-free) or make a plain PDF (no PDF standard)",
                                    code: "render.colour-profile"))
    }()
}
