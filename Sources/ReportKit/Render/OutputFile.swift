import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Writes output so that a reader never sees half a file: the bytes go to a temporary file beside
/// the target, are flushed to disk, and only then renamed over it. On any failure the temporary
/// file is removed and the target is untouched.
public enum OutputFile {
    /// Writes `bytes` to `path`; with `replacing` false, an existing file is left as it is and
    /// ``OutputFile/exists`` is thrown.
    public static func write(_ bytes: [UInt8], to path: String, replacing: Bool = true) throws(RenderError) {
        let file = try StagedFile(for: path)
        try file.append(bytes)
        guard try file.commit(replacing: replacing) else { throw exists(path) }
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
                throw systemFailure("cannot write the output")
            }
            written += result
        }
    }

    /// Thrown by a write that must not replace a file that is already there.
    public static func exists(_ path: String) -> RenderError {
        RenderError("\(path) already exists; it was left as it is (--overwrite replaces it)")
    }

    /// The error of a system call that just failed, its cause (errno) kept for callers to act on.
    static func systemFailure(_ what: String) -> RenderError {
        let code = errno
        return RenderError("\(what): \(String(cString: strerror(code)))", systemError: code)
    }
}

/// A file being written: a hidden temporary file beside its target until ``commit(replacing:)``
/// puts it in place in one step. Dropped without a commit, it removes itself, so an error or an
/// interruption never leaves a partial file under the target's name.
///
/// One thread uses it at a time; it may be handed to another (a batch writes on a worker thread
/// and commits on the thread that reports results in order), never shared.
public final class StagedFile: @unchecked Sendable {
    public let path: String
    private let temporary: String
    private var descriptor: Int32
    private var committed = false
    public private(set) var length = 0

    public init(for path: String) throws(RenderError) {
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
        guard descriptor >= 0 else { throw OutputFile.systemFailure("cannot write in \(directory)") }
        self.path = path
        self.descriptor = descriptor
        temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        Self.unfinished.withLock { _ = $0.insert(temporary) }
    }

    /// The temporary files of every staged file not yet committed or discarded, in this process.
    private static let unfinished = Mutex<Set<String>>([])

    /// Removes every temporary file still being written, for a process about to end on a signal
    /// (its deinitialisers will not run). A file committed meanwhile is already in place, whole.
    public static func discardUnfinished() {
        for temporary in unfinished.withLock({ $0 }) { unlink(temporary) }
    }

    deinit {
        if !committed { discard() }
    }

    public func append(_ bytes: [UInt8]) throws(RenderError) {
        try bytes.withUnsafeBufferPointer { buffer throws(RenderError) in try append(UnsafeRawBufferPointer(buffer)) }
    }

    func append(_ buffer: UnsafeRawBufferPointer) throws(RenderError) {
        guard descriptor >= 0 else { throw RenderError("cannot write \(path): the file was already closed") }
        var written = 0
        while written < buffer.count {
            let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw OutputFile.systemFailure("cannot write \(path)")
            }
            written += result
        }
        length += written
    }

    /// The last `count` bytes written so far (fewer if the file is shorter).
    func tail(_ count: Int) throws(RenderError) -> [UInt8] {
        let start = max(0, length - count)
        var bytes = [UInt8](repeating: 0, count: length - start)
        var read = 0
        while read < bytes.count {
            let result = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + read, $0.count - read, off_t(start + read)) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw OutputFile.systemFailure("cannot read back \(path)") }
            read += result
        }
        return bytes
    }

    /// Flushes the file to disk and gives it its name. With `replacing` false, a file that is
    /// already there stays, this one is removed, and the result is false.
    @discardableResult
    public func commit(replacing: Bool = true) throws(RenderError) -> Bool {
        guard fsync(descriptor) == 0, fchmod(descriptor, 0o644) == 0 else { throw OutputFile.systemFailure("cannot write \(path)") }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else { throw OutputFile.systemFailure("cannot write \(path)") }
        if replacing {
            guard rename(temporary, path) == 0 else { throw OutputFile.systemFailure("cannot write \(path)") }
        } else {
            // link(2) fails when the name is taken, so a file made meanwhile by another program is
            // never replaced; then the temporary name goes.
            if link(temporary, path) != 0 {
                guard errno != EEXIST else { return false }
                // File systems without hard links (FAT) get a check and a rename instead.
                guard [EPERM, EOPNOTSUPP, ENOSYS].contains(errno) else { throw OutputFile.systemFailure("cannot write \(path)") }
                guard !FileManager.default.fileExists(atPath: path) else { return false }
                guard rename(temporary, path) == 0 else { throw OutputFile.systemFailure("cannot write \(path)") }
            }
            unlink(temporary)
        }
        committed = true
        Self.unfinished.withLock { _ = $0.remove(temporary) }
        return true
    }

    /// Removes the temporary file; the target is untouched.
    public func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporary)
        Self.unfinished.withLock { _ = $0.remove(temporary) }
    }
}
