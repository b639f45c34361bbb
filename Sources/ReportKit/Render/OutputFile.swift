import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes output so that a reader never sees half a file: the bytes go to a temporary file beside
/// the target, are flushed to disk, and only then renamed over it. On any failure the temporary
/// file is removed and the target is untouched.
public enum OutputFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw RenderError("\(path) is a directory; expected a file name")
        }
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RenderError("the folder \(directory) does not exist")
        }
        var template = Array((directory + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw RenderError("cannot write in \(directory): \(lastError())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(RenderError) {
            try writeAll(bytes, to: descriptor)
            guard fsync(descriptor) == 0 else { throw RenderError("cannot write \(path): \(lastError())") }
            guard fchmod(descriptor, 0o644) == 0, close(descriptor) == 0 else { throw RenderError("cannot write \(path): \(lastError())") }
            guard rename(temporary, path) == 0 else { throw RenderError("cannot write \(path): \(lastError())") }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
    }

    /// Writes all of `bytes` to an open descriptor (standard output, for `-o -`).
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(RenderError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw RenderError("cannot write the output: \(lastError())")
            }
            written += result
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
