import Glibc

/// Waits for files to change, with inotify: what `report-gen watch` re-renders on.
///
/// It watches the folders the files are in, not the files: an editor that saves by writing a new
/// file and renaming it over the old one (vim, many IDEs) replaces the inode a watch on the file
/// would follow, and the second save would go unseen.
package final class FileWatcher {
    private let descriptor: Int32
    /// Per watch: its folder, and the names in it that count (nil: every `.json` file).
    private var watched: [Int32: (folder: String, names: Set<String>?)] = [:]

    /// Watches `files` (by name) and every JSON file in `folders`. Fails with the system's reason
    /// when inotify is not available or a folder cannot be watched.
    package init(files: [String], folders: [String]) throws(RenderError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw RenderError("file changes cannot be watched: \(SystemErrorText.text(of: errno))") }
        var names: [String: Set<String>] = [:]
        for file in files {
            let (folder, name) = Self.split(file)
            names[folder, default: []].insert(name)
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB)
        for (folder, fileNames) in names {
            let watch = inotify_add_watch(descriptor, folder, mask)
            guard watch >= 0 else { throw RenderError("\(folder): cannot be watched: \(SystemErrorText.text(of: errno))") }
            watched[watch] = (folder, folders.contains(folder) ? nil : fileNames)
        }
        for folder in folders where names[folder] == nil {
            let watch = inotify_add_watch(descriptor, folder, mask)
            guard watch >= 0 else { throw RenderError("\(folder): cannot be watched: \(SystemErrorText.text(of: errno))") }
            watched[watch] = (folder, nil)
        }
    }

    deinit { close(descriptor) }

    /// Blocks until a watched file changes, then waits until changes have paused for `settle`
    /// seconds (an editor's save is several events); returns the paths that changed.
    package func waitForChange(settle: Double = 0.15) -> [String] {
        var changed: [String] = []
        while changed.isEmpty { changed += readEvents(timeout: -1).paths }
        // Any event, even of a file not watched, means the save is still going on.
        while case let (more, any) = readEvents(timeout: Int32(settle * 1000)), any { changed += more }
        var seen = Set<String>()
        return changed.filter { seen.insert($0).inserted }
    }

    /// The watched paths named by the events that arrive within `timeout` milliseconds (-1:
    /// wait), and whether any event came.
    private func readEvents(timeout: Int32) -> (paths: [String], any: Bool) {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeout) > 0 else { return ([], false) }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return ([], false) }
        var paths: [String] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (watch, length) = buffer.withUnsafeBytes { bytes in
                (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                 Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
            }
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if let (folder, names) = watched[watch], !name.isEmpty,
               names.map({ $0.contains(name) }) ?? name.hasSuffix(".json") {
                paths.append(folder == "." ? name : folder + "/" + name)
            }
            offset += header + length
        }
        return (paths, true)
    }

    /// `a/b/c.json` → (`a/b`, `c.json`); a bare name is in `.`.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}
