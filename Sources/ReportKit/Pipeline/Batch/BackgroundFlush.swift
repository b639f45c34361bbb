/// Flushes a group of staged files to disk (``StagedFile/flushTogether(_:)``) on a thread of its
/// own, one group at a time, so that the thread drawing the next reports never waits for the disk.
///
/// Waiting cost more than the flush: a thread asleep in syncfs(2) leaves its core idle, and on a
/// shared machine it comes back to a core and caches that others have used meanwhile. With
/// `--jobs 2` the drawing threads never waited, and took less CPU a report than `--jobs 1` on a
/// busy machine (6.91 against 7.44 ms), which the work itself never does.
///
/// The files of a group are handed over whole: the caller touches none of them again until
/// ``wait()`` has returned (the lock orders the handover each way), and then names them
/// (``StagedFile/commit(replacing:)``) as before.
final class BackgroundFlush: @unchecked Sendable {
    private let state = ConditionLock()
    // Read and written only with `state` locked.
    private var running = false

    /// Starts flushing `files`, after waiting for a group still being flushed. Where no thread
    /// can be started (the system's limit), the flush is done here, before returning.
    func start(_ files: [StagedFile]) {
        wait()
        // One file is flushed by its own commit (fsync), as before.
        guard files.count > 1 else { return }
        state.withLock { running = true }
        let started = WorkerThread.start(stackSize: 256 << 10) { [self] in
            StagedFile.flushTogether(files)
            state.withLock {
                running = false
                state.broadcast()
            }
        }
        guard !started else { return }
        state.withLock { running = false }
        StagedFile.flushTogether(files)
    }

    /// Returns once the group last started is on disk, or its flush has failed (the files'
    /// commits then flush each one and report what fails).
    func wait() {
        state.withLock {
            while running { state.wait() }
        }
    }
}
