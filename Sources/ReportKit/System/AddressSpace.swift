#if canImport(Glibc)
import Glibc
#endif

/// The room left under an address-space limit (`ulimit -v`, RLIMIT_AS), so that a batch starts
/// only the worker threads that fit. Every worker brings a text engine, and Pango starts a thread
/// of its own for each engine's font look-ups; GLib ends the process (SIGTRAP) when it cannot
/// start that thread, so the room is measured before, not found missing after.
package enum AddressSpace {
    /// What one more worker thread costs in address space: its stack and Pango's thread's
    /// (8 MiB each under the usual stack limit), its text engine and fonts, and a report's
    /// working memory, with a margin (measured: `--jobs 1` needs 300 MB in all, `--jobs 2` 400 MB).
    package static let bytesPerWorker = 96 << 20

    /// What the first worker needs beyond the program itself.
    package static let bytesForOneWorker = 128 << 20

    /// Whether an address-space limit is set at all.
    package static var isLimited: Bool {
        var limit = rlimit()
        return getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max
    }

    /// About how many bytes can still be mapped (to within an eighth), found by reserving
    /// (never touching) ever smaller blocks; nil when no limit is set.
    package static func headroom() -> Int? {
        guard isLimited else { return nil }
        var size = 4 << 30
        while size >= 1 << 20 {
            let block = mmap(nil, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
            if block != MAP_FAILED {
                munmap(block, size)
                return size
            }
            size -= max(size / 8, 1 << 20)
        }
        return 0
    }

    /// How many of `requested` worker threads fit: all when no limit is set, else as many as the
    /// headroom holds; 0 when not even one does.
    package static func workersThatFit(_ requested: Int) -> Int {
        guard let room = headroom() else { return requested }
        guard room >= bytesForOneWorker else { return 0 }
        return min(requested, 1 + (room - bytesForOneWorker) / bytesPerWorker)
    }
}
