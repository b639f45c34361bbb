import Glibc

/// Waits for files to change, with inotify: what `report-gen watch` re-renders on.
///
/// It watches the folders the files are in, not the files: an editor that saves by writing a new
/// file and renaming it over the old one (vim, many IDEs) replaces the inode a watch on the file
/// would follow, and the second save would go unseen. A folder can be replaced the same way (a
/// definitions folder exported again, `rm -r defs && mv new defs`): each folder's parent is
/// watched too, and a folder that appears again under its name is watched anew and counts as a
/// change, where the old watch would have stayed on the removed folder and seen nothing more.
package final class FileWatcher {
    private let descriptor: Int32
    /// What a watched folder counts: some names in it, or every `.json` file.
    private enum Counted {
        case names(Set<String>)
        case everyJSON

        func counts(_ name: String) -> Bool {
            switch self {
            case .names(let names): names.contains(name)
            case .everyJSON: name.hasSuffix(".json")
            }
        }
    }
    private let folders: [String: Counted]
    /// The watch of each folder, and back.
    private var watchOf: [String: Int32] = [:]
    private var folderOf: [Int32: String] = [:]
    /// Paths whose changes are not the user's (the watch's own output), never reported.
    private var ignored: Set<String> = []
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB)

    /// Watches `files` (by name) and every JSON file in `folders`, but never `ignoring` (the
    /// files the watcher's user writes itself). Fails with the system's reason when inotify is
    /// not available or a folder cannot be watched.
    package init(files: [String], folders: [String], ignoring: [String] = []) throws(RenderError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw RenderError("file changes cannot be watched: \(SystemErrorText.text(of: errno))") }
        var counted: [String: Counted] = [:]
        for file in files {
            let (folder, name) = Self.split(file)
            if case .names(let names)? = counted[folder] { counted[folder] = .names(names.union([name])) }
            else if counted[folder] == nil { counted[folder] = .names([name]) }
        }
        for folder in folders { counted[folder] = .everyJSON }
        self.folders = counted
        ignored = Set(ignoring.map(Self.canonical))
        for folder in counted.keys.sorted() {
            guard watch(folder) else { throw RenderError("\(folder): cannot be watched: \(SystemErrorText.text(of: errno))") }
        }
        // The parents, to see a folder replaced; a parent that cannot be watched only loses that.
        for folder in counted.keys where watchOf[Self.split(folder).folder] == nil { _ = watch(Self.split(folder).folder) }
    }

    deinit { close(descriptor) }

    /// Adds (or renews) the watch of `folder`; false when it cannot be watched.
    private func watch(_ folder: String) -> Bool {
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        guard watch >= 0 else { return false }
        if let old = watchOf[folder], old != watch { folderOf[old] = nil }
        watchOf[folder] = watch
        folderOf[watch] = folder
        return true
    }

    /// Blocks until a watched file changes, then waits until changes have paused for `settle`
    /// seconds (an editor's save is several events); returns the paths that changed.
    package func waitForChange(settle: Double = 0.15) -> [String] {
        var changed: [String] = []
        while changed.isEmpty { changed += readEvents(timeout: -1).paths }
        // Any event of the user's, even of a file not watched, means the save is still going on.
        while case let (more, any) = readEvents(timeout: Int32(settle * 1000)), any { changed += more }
        var seen = Set<String>()
        return changed.filter { seen.insert($0).inserted }
    }

    /// The watched paths named by the events that arrive within `timeout` milliseconds (-1:
    /// wait), and whether any event of the user's came.
    private func readEvents(timeout: Int32) -> (paths: [String], any: Bool) {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeout) > 0 else { return ([], false) }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return ([], false) }
        var paths: [String] = []
        var any = false
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (watch, length) = buffer.withUnsafeBytes { bytes in
                (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                 Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
            }
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += header + length
            guard let folder = folderOf[watch], !name.isEmpty else { continue }
            let path = folder == "." ? name : folder + "/" + name
            guard !isIgnored(path) else { continue }
            any = true
            if folders[folder]?.counts(name) == true { paths.append(path) }
            paths += renewed(path)
        }
        return (paths, any)
    }

    /// When `path` is a watched folder (or holds some) that has just appeared, watches it anew and
    /// returns it as changed.
    private func renewed(_ path: String) -> [String] {
        let appeared = folders.keys.filter { $0 == path || $0.hasPrefix(path + "/") }.sorted()
        return appeared.filter { folder in
            guard FileStatus(path: folder)?.kind == .directory else { return false }
            let before = watchOf[folder]
            return watch(folder) && watchOf[folder] != before
        }
    }

    private func isIgnored(_ path: String) -> Bool { !ignored.isEmpty && ignored.contains(Self.canonical(path)) }

    /// The path with its folder resolved (`./out.json`, `out.json` and `/work/out.json` alike).
    private static func canonical(_ path: String) -> String {
        let (folder, name) = split(path)
        guard let resolved = realpath(folder, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + name
    }

    /// `a/b/c.json` → (`a/b`, `c.json`); a bare name is in `.`.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}
