import Glibc

/// A file, pipe or standard input open for reading: what a job or a history is read from.
///
/// It reads with `read(2)` on its own descriptor, in place of Foundation's `FileHandle` (which
/// lives in Foundation proper: using it linked Foundation, CoreFoundation and ICU into
/// report-gen). The descriptor is closed when the value goes, unless it was given with
/// `closesWhenDone: false` (standard input, a pipe someone else closes).
public final class InputFile: Sendable {
    /// The open file descriptor.
    public let descriptor: Int32
    private let closesWhenDone: Bool

    /// Reads from `descriptor`, closing it when done if `closesWhenDone`.
    public init(descriptor: Int32, closesWhenDone: Bool) {
        self.descriptor = descriptor
        self.closesWhenDone = closesWhenDone
    }

    /// Opens `path` for reading; nil when it cannot be opened (`errno` says why).
    public convenience init?(forReadingAtPath path: String) {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return nil }
        self.init(descriptor: descriptor, closesWhenDone: true)
    }

    /// Bytes already in memory (a request's body) as a file to read, so a history in memory is
    /// read by the same ``HistoryReader`` as one on disk: a file without a name, in shared memory
    /// where there is some (`/dev/shm`), else in `TMPDIR`. Nil when it cannot be made.
    public convenience init?(bytes: [UInt8]) {
        let folders = ["/dev/shm", getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp", "/tmp"]
        var descriptor: Int32 = -1
        for folder in folders where descriptor < 0 {
            var template = Array("\(folder)/reportkit-XXXXXX".utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            // Unlinked at once: the file lives only as long as this reader.
            if descriptor >= 0 {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            }
        }
        guard descriptor >= 0 else { return nil }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                close(descriptor)
                return nil
            }
            written += result
        }
        lseek(descriptor, 0, SEEK_SET)
        self.init(descriptor: descriptor, closesWhenDone: true)
    }

    /// Standard input, never closed here.
    public static let standardInput = InputFile(descriptor: STDIN_FILENO, closesWhenDone: false)

    deinit {
        if closesWhenDone { close(descriptor) }
    }

    /// Up to `count` bytes: fewer only at the end of the input (a pipe is read until it has
    /// given `count` bytes or is closed). Empty at the end.
    package func read(upTo count: Int) throws(InputFileError) -> [UInt8] {
        var bytes: [UInt8] = []
        // Pieces grow with what arrives, each read into memory nothing has written yet: a limit
        // of megabytes costs a small job no more pages than its bytes fill.
        var piece = min(count, 16 * 1024)
        while bytes.count < count {
            let wanted = min(piece, count - bytes.count)
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
                initialized = 0
                while true {
                    let result = Glibc.read(descriptor, buffer.baseAddress!, wanted)
                    if result >= 0 {
                        initialized = result
                        return
                    }
                    if errno != EINTR {
                        failure = errno
                        return
                    }
                }
            }
            guard failure == 0 else { throw InputFileError(code: failure) }
            if chunk.isEmpty { break }
            bytes += chunk
            piece = min(piece * 2, 4 << 20)
        }
        return bytes
    }

    /// Moves back to the start of a regular file (after its first bytes were looked at).
    public func rewind() {
        lseek(descriptor, 0, SEEK_SET)
    }
}

/// A read that failed, with the system's reason.
package struct InputFileError: Error, CustomStringConvertible {
    /// The `errno` value.
    public let code: Int32

    /// The system's words for it ("Is a directory", "Input/output error").
    public var description: String { String(cString: strerror(code)) }
}
