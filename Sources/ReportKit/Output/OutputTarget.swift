import FoundationEssentials
import Glibc

#if canImport(Glibc)
import Glibc
#endif

/// A file's identity on this machine, its device and inode: the same whatever name, symbolic link
/// or hard link reaches it. Outputs are compared with inputs by identity, never by name.
package struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The file `path` names, following symbolic links; nil when there is none.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// What has the name `path` itself, a symbolic link not followed; nil when the name is free.
    public init?(linkAt path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The file open on `descriptor` (standard input redirected from a file, for one).
    public init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// Where an output path leads, decided before anything is written.
///
/// Only a regular file, or a name not yet taken, is written atomically (a temporary file renamed
/// into place). A symbolic link is followed and its target written that way, so the link stays
/// a link. A FIFO, a character device or a terminal is written into directly: renaming a file
/// over `/dev/null` or a named pipe would replace a device node or a pipe with a plain file.
/// Anything else (a folder, a socket, a block device) is refused.
package enum OutputTarget: Sendable, Equatable {
    /// A regular file or a free name, after following links: written atomically.
    case file(String)
    /// A FIFO, character device or terminal: opened and written into as it is.
    case stream(String)

    /// The most symbolic links followed, as the kernel's own limit (ELOOP).
    static let maximumLinks = 40

    /// Where `path` leads. `inputs` are the files the command reads: an output that is one of
    /// them is refused (``OutputError/overwritesInput``), so a report never replaces its job,
    /// template or tokens through a link, a hard link or another spelling of the name.
    package static func resolve(_ path: String, protecting inputs: Set<FileIdentity> = []) throws(OutputError) -> OutputTarget {
        var status = stat()
        // A name not yet taken, as most of a batch's are, is no input and leads nowhere else.
        if lstat(path, &status) != 0, errno == ENOENT { return .file(path) }
        if let identity = FileIdentity(path: path), inputs.contains(identity) {
            throw OutputError(MessageText("output.is-input", ["path": path]), overwritesInput: true)
        }
        var current = path
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else { throw OutputFile.systemFailure(MessageText("output.cannot-use", ["path": path])) }
                return .file(current)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file(current)
            case S_IFIFO, S_IFCHR: return .stream(current)
            case S_IFDIR: throw OutputError(MessageText("output.is-directory", ["path": path]))
            case S_IFSOCK: throw OutputError(MessageText("output.is-socket", ["path": path]))
            case S_IFBLK: throw OutputError(MessageText("output.is-disk", ["path": path]))
            case S_IFLNK:
                var followed = stat()
                if stat(current, &followed) == 0 {
                    // The kernel reaches something: a regular file is written atomically under its
                    // real name (the link stays), anything else as the link leads to it (so
                    // /dev/stdout reaches the pipe or terminal behind it).
                    switch followed.st_mode & S_IFMT {
                    case S_IFREG:
                        guard let resolved = realPath(current) else { throw OutputFile.systemFailure(MessageText("output.cannot-follow", ["path": path])) }
                        return .file(resolved)
                    case S_IFIFO, S_IFCHR: return .stream(current)
                    case S_IFDIR: throw OutputError(MessageText("output.leads-to-directory", ["path": path]))
                    default: throw OutputError(MessageText("output.leads-to-socket", ["path": path]))
                    }
                }
                // A link to a name not yet taken: followed by hand, and the file made there.
                current = try linkTarget(of: current, for: path)
            default:
                throw OutputError(MessageText("output.not-writable", ["path": path]))
            }
        }
        throw OutputError(MessageText("output.too-many-links", ["path": path]))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The path a symbolic link points to, relative targets taken from the link's folder.
    private static func linkTarget(of link: String, for path: String) throws(OutputError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { throw OutputFile.systemFailure(MessageText("output.cannot-follow", ["path": path])) }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return URL(fileURLWithPath: link).deletingLastPathComponent().appendingPathComponent(target).path
    }
}
