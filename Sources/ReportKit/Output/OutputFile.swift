internal import CLinux
import FoundationEssentials
import Glibc
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Writes output so that a reader never sees half a file: the bytes go to a temporary file beside
/// the target, are flushed to disk, and only then renamed over it. On any failure the temporary
/// file is removed and the target is untouched. A named pipe, a device or a terminal is written
/// into directly instead (``OutputTarget``).
package enum OutputFile {
    /// Writes `bytes` to `path`; with `replacing` false, an existing file is left as it is and
    /// ``OutputFile/exists`` is thrown. `inputs` are the files being read, which the output must
    /// not be.
    public static func write(_ bytes: [UInt8], to path: String, replacing: Bool = true,
                             protecting inputs: Set<FileIdentity> = []) throws(OutputError) {
        // A pipe or a device is there to be written into: it is never "replaced", so `replacing`
        // does not apply to it.
        if case .stream(let stream) = try OutputTarget.resolve(path, protecting: inputs) {
            let descriptor = try openStream(stream, named: path)
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor)
            return
        }
        let file = try StagedFile(for: path, protecting: inputs)
        try file.append(bytes)
        guard try file.commit(replacing: replacing) else { throw exists(path) }
    }

    /// Opens a named pipe or a device for writing, as it is: never created, never truncated.
    static func openStream(_ stream: String, named path: String) throws(OutputError) -> Int32 {
        while true {
            let descriptor = open(stream, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            if errno == EINTR { continue }
            throw systemFailure(MessageText("output.cannot-write", ["path": path]))
        }
    }

    /// Writes all of `bytes` to an open descriptor (standard output, for `-o -`).
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(OutputError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw systemFailure(MessageText("output.cannot-write-output"))
            }
            written += result
        }
    }

    /// Thrown by a write that must not replace a file that is already there.
    public static func exists(_ path: String) -> OutputError {
        OutputError(MessageText("output.exists", ["path": path]), outputExists: true)
    }

    /// Thrown for a name from data that something other than a file or a link holds.
    public static func specialFile(_ path: String) -> OutputError {
        OutputError(MessageText("output.special-file", ["path": path]))
    }

    /// The error of a system call that just failed, its cause (errno) kept for callers to act on.
    /// `what` failed, with the system's own words for why (strerror, as the C library says it).
    static func systemFailure(_ what: MessageText) -> OutputError {
        let code = errno
        return OutputError(MessageText("output.system-failure", ["cause": String(cString: strerror(code))], texts: ["what": what]), systemError: code)
    }
}

/// A file being written: a hidden temporary file beside its target until ``commit(replacing:)``
/// puts it in place in one step. Dropped without a commit, it removes itself, so an error or an
/// interruption never leaves a partial file under the target's name.
///
/// One thread uses it at a time; it may be handed to another (a batch writes on a worker thread
/// and commits on the thread that reports results in order), never shared.
package final class StagedFile: @unchecked Sendable {
    /// The output's name as the caller gave it.
    package let path: String
    /// Where the file is put: the path itself, or the file a symbolic link leads to.
    private let target: OutputTarget
    /// The temporary file's name beside the target; nil for a stream's staging file, which is
    /// unlinked as soon as it is made and so can never be left behind.
    private let temporary: String?
    private var descriptor: Int32
    private var committed = false
    /// The data is on disk already (``flushTogether(_:)``); the commit need not flush it again.
    private var flushed = false
    package private(set) var length = 0

    /// Whether the name came from data (a job's id, an attachment's name, a page number) rather
    /// than from the user: such a file is made in its folder under that very name, never through
    /// a link and never onto a special file (docs/hardening.md, "Outputs").
    private let dataNamed: Bool

    /// Stages a file for `path`; `inputs` are the files being read, which the output must not be.
    package convenience init(for path: String, protecting inputs: Set<FileIdentity> = []) throws(OutputError) {
        try self.init(path: path, target: try OutputTarget.resolve(path, protecting: inputs), dataNamed: false)
    }

    /// Stages a file whose name comes from data, in the folder `path` names: the name is taken as
    /// it is (a symbolic link there is not followed, a pipe or a device is not written into), and
    /// ``commitNew(replacing:)`` puts the file there.
    package convenience init(dataNamed path: String, protecting inputs: Set<FileIdentity> = []) throws(OutputError) {
        let name = URL(filePath: path, directoryHint: .notDirectory).lastPathComponent
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), name.utf8.count <= Self.longestName else {
            throw OutputError(MessageText("output.not-a-file-name", ["path": path]))
        }
        if let identity = FileIdentity(linkAt: path), inputs.contains(identity) {
            throw OutputError(MessageText("output.is-input-kept", ["path": path]), overwritesInput: true)
        }
        try self.init(path: path, target: .file(path), dataNamed: true)
    }

    /// The longest name a file made from data may have, in bytes: the temporary name beside it
    /// adds a dot and seven characters to it, within most file systems' 255.
    package static let longestName = 240

    private init(path: String, target: OutputTarget, dataNamed: Bool) throws(OutputError) {
        self.target = target
        self.path = path
        self.dataNamed = dataNamed
        switch target {
        case .file(let file):
            let url = URL(filePath: file, directoryHint: .notDirectory)
            let directory = url.deletingLastPathComponent().path
            let (descriptor, name) = try UnfinishedTemporaries.make { () throws(OutputError) in
                let made = try Self.makeTemporary(in: directory, named: "." + url.lastPathComponent)
                return (made, made.1)
            }
            self.descriptor = descriptor
            temporary = name
        case .stream:
            // A pipe or a device cannot be renamed into; the document is staged in an unnamed
            // file (a combined document reads its own end back) and copied in at the commit.
            let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            let (descriptor, name) = try Self.makeTemporary(in: directory, named: ".report-gen")
            unlink(name)
            self.descriptor = descriptor
            temporary = nil
        }
    }

    /// What has been written so far, for reading back where needed.
    var contents: PDFBytes { .file(descriptor: descriptor, length: length) }

    private static func makeTemporary(in directory: String, named name: String) throws(OutputError) -> (Int32, String) {
        var template = Array((directory + "/" + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            // Told by mkstemp's own failure rather than checked first: one call fewer a file.
            if errno == ENOENT || errno == ENOTDIR { throw OutputError(MessageText("output.no-folder", ["folder": directory]), code: "output.no-folder") }
            throw OutputFile.systemFailure(MessageText("output.cannot-write-in", ["folder": directory]))
        }
        return (descriptor, String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Removes every temporary file still being written, for a process about to end on a signal
    /// (its deinitialisers will not run). A file committed meanwhile is already in place, whole.
    package static func discardUnfinished() {
        UnfinishedTemporaries.discardAll()
    }

    deinit {
        if !committed { discard() }
    }

    package func append(_ bytes: [UInt8]) throws(OutputError) {
        try bytes.withUnsafeBufferPointer { buffer throws(OutputError) in try append(UnsafeRawBufferPointer(buffer)) }
    }

    func append(_ buffer: UnsafeRawBufferPointer) throws(OutputError) {
        guard descriptor >= 0 else { throw OutputError(MessageText("output.already-closed", ["path": path])) }
        flushed = false
        var written = 0
        while written < buffer.count {
            let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw OutputFile.systemFailure(MessageText("output.cannot-write", ["path": path]))
            }
            written += result
        }
        length += written
    }

    /// Flushes many staged files to disk at once: one syncfs(2) for each file system that holds
    /// more than one of them, where each file's own fsync(2) would make the disk flush its cache
    /// once a file. Their commits then only give them their names, so a power cut still finds
    /// every file either whole under its name or not there. A file not flushed this way (a
    /// lone file, an error) is flushed at its commit, which names any error.
    package static func flushTogether(_ files: [StagedFile]) {
        var byFileSystem: [UInt: [StagedFile]] = [:]
        for file in files where file.temporary != nil && file.descriptor >= 0 && !file.flushed {
            var status = stat()
            guard fstat(file.descriptor, &status) == 0 else { continue }
            byFileSystem[UInt(status.st_dev), default: []].append(file)
        }
        for group in byFileSystem.values where group.count > 1 && syncfs(group[0].descriptor) == 0 {
            group.forEach { $0.flushed = true }
        }
    }

    /// Flushes the file to disk and gives it its name. With `replacing` false, a file that is
    /// already there stays, this one is removed, and the result is false.
    @discardableResult
    package func commit(replacing: Bool = true) throws(OutputError) -> Bool {
        if dataNamed { return try commitNew(replacing: replacing) != .kept }
        guard let temporary, case .file(let file) = target else { return try commitToStream() }
        try seal()
        if replacing {
            guard rename(temporary, file) == 0 else { throw OutputFile.systemFailure(MessageText("output.cannot-write", ["path": path])) }
        } else if try !renameIfFree(temporary, to: file) {
            return false
        }
        committed = true
        UnfinishedTemporaries.forget(temporary)
        return true
    }

    /// Renames `temporary` to `file` unless that name is taken (by anything: a file, a link, even
    /// a dangling one, a pipe), atomically, so a file made meanwhile by another program is never
    /// replaced; false when taken. Where a file system cannot rename that way, link(2) fails
    /// likewise, and then the temporary name goes.
    private func renameIfFree(_ temporary: String, to file: String) throws(OutputError) -> Bool {
        guard renameat2(AT_FDCWD, temporary, AT_FDCWD, file, UInt32(RENAME_NOREPLACE)) != 0 else { return true }
        guard errno != EEXIST else { return false }
        guard [EINVAL, ENOSYS].contains(errno) else { throw OutputFile.systemFailure(MessageText("output.cannot-write", ["path": path])) }
        if link(temporary, file) != 0 {
            guard errno != EEXIST else { return false }
            // File systems without hard links (FAT) get a check and a rename instead.
            guard [EPERM, EOPNOTSUPP, ENOSYS].contains(errno) else { throw OutputFile.systemFailure(MessageText("output.cannot-write", ["path": path])) }
            var status = stat()
            guard lstat(file, &status) != 0 else { return false }
            guard rename(temporary, file) == 0 else { throw OutputFile.systemFailure(MessageText("output.cannot-write", ["path": path])) }
            return true
        }
        unlink(temporary)
        return true
    }

    /// Flushes the data to disk (unless already flushed) and closes the file, ready to be named.
    private func seal() throws(OutputError) {
        guard descriptor >= 0 else { return }
        guard flushed || fsync(descriptor) == 0, fchmod(descriptor, 0o644) == 0 else { throw OutputFile.systemFailure(MessageText("output.cannot-write", ["path": path])) }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else { throw OutputFile.systemFailure(MessageText("output.cannot-write", ["path": path])) }
    }

    /// Flushes many staged files with one flush of their file system instead of one a file, and
    /// closes them, so that thousands of files staged before any is named (``commitNew(replacing:)``)
    /// never hold as many descriptors open: stage a group, seal it, stage the next.
    package static func seal(_ files: [StagedFile]) throws(OutputError) {
        guard let open = files.first(where: { $0.descriptor >= 0 }) else { return }
        guard syncfs(open.descriptor) == 0 else { throw OutputFile.systemFailure(MessageText("output.cannot-write", ["path": open.path])) }
        for file in files {
            file.flushed = true
            try file.seal()
        }
    }

    /// What ``commitNew(replacing:)`` did with the name.
    package enum Outcome: Sendable, Equatable {
        /// The name was free; the file is there now.
        case created
        /// A regular file or a link had the name; it was replaced (the link itself, never what it leads to).
        case replaced
        /// Something had the name and was left as it is; this file was removed.
        case kept
    }

    /// Gives a file made from data (``init(dataNamed:)``) its name, never replacing anything
    /// without `replacing`, and never replacing a folder, a pipe, a device or a socket at all
    /// (``OutputFile/specialFile(_:)``), whatever the options.
    package func commitNew(replacing: Bool) throws(OutputError) -> Outcome {
        guard let temporary, case .file(let file) = target else {
            _ = try commitToStream()
            return .created
        }
        try seal()
        if try renameIfFree(temporary, to: file) {
            committed = true
            UnfinishedTemporaries.forget(temporary)
            return .created
        }
        guard replacing else {
            discard()
            return .kept
        }
        var status = stat()
        if lstat(file, &status) == 0 {
            let kind = status.st_mode & S_IFMT
            guard kind == S_IFREG || kind == S_IFLNK else {
                discard()
                throw OutputFile.specialFile(file)
            }
        }
        guard rename(temporary, file) == 0 else { throw OutputFile.systemFailure(MessageText("output.cannot-write", ["path": path])) }
        committed = true
        UnfinishedTemporaries.forget(temporary)
        return .replaced
    }

    /// Copies the staged document into the pipe or device; there is nothing to rename, and
    /// nothing to keep (a pipe is there to be written into).
    private func commitToStream() throws(OutputError) -> Bool {
        guard case .stream(let stream) = target else { return false }
        let output = try OutputFile.openStream(stream, named: path)
        defer { close(output) }
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        var offset = 0
        while offset < length {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, min($0.count, length - offset), off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw OutputFile.systemFailure(MessageText("output.cannot-read-back", ["path": path])) }
            try OutputFile.writeAll(Array(chunk[..<count]), to: output)
            offset += count
        }
        close(descriptor)
        descriptor = -1
        committed = true
        return true
    }

    /// Removes the temporary file; the target is untouched.
    package func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        guard let temporary else { return }
        unlink(temporary)
        UnfinishedTemporaries.forget(temporary)
    }
}
