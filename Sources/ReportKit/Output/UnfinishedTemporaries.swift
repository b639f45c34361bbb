import FoundationEssentials
import Glibc
import Synchronization

/// The temporary files and folders of this process not yet put in place or removed, so that a
/// signal that ends the process can remove them first (deinitialisers do not run then).
///
/// A temporary is made and recorded under one lock, and the removal holds that lock to the end:
/// a signal arriving while one is being made sees it either not yet made or recorded, never made
/// and unknown, and nothing new is made after the removal.
enum UnfinishedTemporaries {
    private struct State {
        var paths: Set<String> = []
        var discarded = false
    }

    private static let state = Mutex(State())

    /// Makes a temporary with `make`, which returns what it made and its path, and records the
    /// path in the same step.
    static func make<Made>(_ make: () throws(OutputError) -> (Made, path: String)) throws(OutputError) -> Made {
        try state.withLock { state throws(OutputError) -> Made in
            guard !state.discarded else { throw OutputError(MessageText("output.stopped-by-signal")) }
            let (made, path) = try make()
            state.paths.insert(path)
            return made
        }
    }

    /// Forgets `path`: put in place, or removed by its owner.
    static func forget(_ path: String) {
        state.withLock { _ = $0.paths.remove(path) }
    }

    /// Removes every temporary still recorded, for a process about to end on a signal. A folder
    /// goes with what is in it (the workbook's, in which libxlsxwriter makes files of its own).
    static func discardAll() {
        state.withLock { state in
            state.discarded = true
            // Longest first: a file before the temporary folder holding it.
            for path in state.paths.sorted(by: { $0.utf8.count > $1.utf8.count }) where unlink(path) != 0 {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                    unlink(path + "/" + name)
                }
                rmdir(path)
            }
            state.paths = []
        }
    }
}
