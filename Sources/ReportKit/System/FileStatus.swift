import Glibc

/// What `stat(2)` says of a path (links followed): its kind and size.
///
/// FoundationEssentials' `attributesOfItem` tells the same but also names the owner and group,
/// which reads /etc/nsswitch.conf, /etc/passwd and /etc/group on every call: three times each for
/// one report, only to learn that its template is a regular file.
package struct FileStatus {
    package enum Kind {
        case regular, directory, other
    }

    package let kind: Kind
    package let size: Int

    /// Nil when nothing is at `path` or it cannot be examined.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// What has the name `path` itself, a symbolic link not followed (a link is `other`); nil when
    /// the name is free.
    package init?(linkAt path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        default: kind = .other
        }
        size = Int(status.st_size)
    }
}
