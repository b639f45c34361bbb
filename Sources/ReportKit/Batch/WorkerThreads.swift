/// `report-gen batch`'s executor: threads of its own, started for one batch and ended with it
/// (``close()``), each taking the oldest part waiting.
package final class WorkerThreads: BatchExecutor, @unchecked Sendable {
    package private(set) var width = 0
    // Every property below is read and written only with `condition` locked.
    private let condition = ConditionLock()
    private var waiting: [@Sendable (_ refusal: (any Error)?) -> Void] = []
    private var waitingStart = 0
    private var closed = false
    private var running = 0

    /// Starts up to `count` threads; fewer at the system's thread limit (``width`` says how many,
    /// perhaps none).
    package init(count: Int) {
        for _ in 0..<max(1, count) {
            condition.withLock { running += 1 }
            // Layout recurses through nested elements; give it the main thread's room.
            guard WorkerThread.start(stackSize: 8 << 20, { [self] in serve() }) else {
                condition.withLock { running -= 1 }
                break
            }
            width += 1
        }
    }

    package func start(_ part: @escaping @Sendable (_ refusal: (any Error)?) -> Void) {
        condition.withLock {
            waiting.append(part)
            condition.broadcast()
        }
    }

    /// Ends the threads once the parts given have run; returns when they have.
    package func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
            while running > 0 { condition.wait() }
        }
    }

    private func serve() {
        while let part = take() { part(nil) }
        condition.withLock {
            running -= 1
            condition.broadcast()
        }
    }

    /// The oldest part waiting; waits for one; nil once closed and none is left.
    private func take() -> (@Sendable (_ refusal: (any Error)?) -> Void)? {
        condition.withLock {
            while waitingStart == waiting.count, !closed { condition.wait() }
            guard waitingStart < waiting.count else { return nil }
            let part = waiting[waitingStart]
            waitingStart += 1
            if waitingStart == waiting.count {
                waiting.removeAll(keepingCapacity: true)
                waitingStart = 0
            }
            return part
        }
    }
}

/// Runs each part at once on the thread that starts it: a batch on one thread works on the
/// calling one, one input at a time. A worker beside it would only add a hand-over each way per
/// input (two wake-ups, and the output read on another core), about 4 % of a canonical report's
/// CPU time.
package struct CallingThread: BatchExecutor {
    package var width: Int { 1 }

    package init() {}

    package func start(_ part: @escaping @Sendable (_ refusal: (any Error)?) -> Void) {
        part(nil)
    }
}
