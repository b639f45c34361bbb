#if canImport(Glibc)
import Glibc
#endif

/// Writes a set of files whose names come from data (PNG pages, the files a PDF carries, exported
/// definitions) all or none: every file is staged and flushed before the first takes its name, so
/// a failure part-way (a full disk, a file size limit, a signal) leaves nothing of the run and
/// touches nothing that was there before it.
///
/// A name already taken is kept, and reported as such, unless `replacing`; even then only a
/// regular file or a symbolic link (the link itself, never what it leads to) is replaced: a
/// folder, a pipe, a device or a socket under that name stops the run (docs/hardening.md).
package enum DataNamedFiles {
    /// One file to write: its path (a folder the user gave, then a name from data) and its bytes.
    package struct File: Sendable {
        package var path: String
        package var bytes: [UInt8]

        package init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// Files staged and sealed together: enough to cost one flush per group, few enough that
    /// the descriptors stay far under any open-file limit.
    static let groupSize = 64

    /// Writes `files` and returns what became of each name, in order.
    package static func write(_ files: [File], replacing: Bool) throws(OutputError) -> [(path: String, outcome: StagedFile.Outcome)] {
        if replacing {
            for file in files where isSpecial(file.path) { throw OutputFile.specialFile(file.path) }
        }
        var staged: [StagedFile] = []
        staged.reserveCapacity(files.count)
        var group: [StagedFile] = []
        for file in files {
            let stagedFile = try StagedFile(dataNamed: file.path)
            try stagedFile.append(file.bytes)
            group.append(stagedFile)
            staged.append(stagedFile)
            if group.count == groupSize {
                try StagedFile.seal(group)
                group.removeAll(keepingCapacity: true)
            }
        }
        try StagedFile.seal(group)
        var outcomes: [(path: String, outcome: StagedFile.Outcome)] = []
        do {
            for file in staged {
                outcomes.append((file.path, try file.commitNew(replacing: replacing)))
            }
        } catch {
            // Files this run made are taken back; the staged rest remove themselves. A file it
            // replaced cannot be brought back, which is why every name was checked and every
            // byte flushed before the first was given.
            for (path, outcome) in outcomes where outcome == .created { unlink(path) }
            throw error
        }
        return outcomes
    }

    /// Whether something other than a regular file or a symbolic link has the name.
    static func isSpecial(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFLNK
    }
}
