/// Flushes groups of staged files to disk (``StagedFile/flushTogether(_:)``) on one thread of its
/// own, for the life of a batch, one group at a time, so that the thread drawing the next reports
/// never waits for the disk.
///
/// Waiting cost more than the flush: a thread asleep in syncfs(2) leaves its core idle, and on a
/// shared machine it comes back to a core and caches that others have used meanwhile. With
/// `--jobs 2` the drawing threads never waited, and took less CPU a report than `--jobs 1` on a
/// busy machine (6.91 against 7.44 ms), which the work itself never does.
///
/// Invariants: at most one group is in the worker's hands (``start(_:)`` waits for the one
/// before); the files of a group are handed over whole, and the caller touches none of them again
/// until ``wait()`` has returned (the lock orders the handover each way); ``finish()`` ends the
/// thread, after its group, and must be called once the batch is done with it.
final class BackgroundFlush: @unchecked Sendable {
    private let state = ConditionLock()
    // Read and written only with `state` locked.
    private var group: [StagedFile]?
    private var workerStarted = false
    private var workerRunning = false
    private var finishing = false

    /// Starts flushing `files`, after waiting for a group still being flushed. Where no thread
    /// can be started (the system's limit), the flush is done here, before returning.
    func start(_ files: [StagedFile]) {
        wait()
        // One file is flushed by its own commit (fsync), as before.
        guard files.count > 1 else { return }
        let handed = state.withLock { () -> Bool in
            if !workerStarted {
                workerStarted = true
                workerRunning = WorkerThread.start(stackSize: 256 << 10) { [self] in serve() }
            }
            guard workerRunning else { return false }
            group = files
            state.broadcast()
            return true
        }
        if !handed { StagedFile.flushTogether(files) }
    }

    /// Returns once the group last started is on disk, or its flush has failed (the files'
    /// commits then flush each one and report what fails).
    func wait() {
        state.withLock {
            while group != nil { state.wait() }
        }
    }

    /// Ends the worker once its group is flushed, and waits for it to end.
    func finish() {
        state.withLock {
            finishing = true
            state.broadcast()
            while workerRunning { state.wait() }
        }
    }

    private func serve() {
        while let files = nextGroup() {
            StagedFile.flushTogether(files)
            state.withLock {
                group = nil
                state.broadcast()
            }
        }
    }

    /// The next group to flush; nil once finishing.
    private func nextGroup() -> [StagedFile]? {
        state.withLock {
            while group == nil, !finishing { state.wait() }
            guard let group else {
                workerRunning = false
                state.broadcast()
                return nil
            }
            return group
        }
    }
}
