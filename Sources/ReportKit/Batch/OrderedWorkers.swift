import FoundationEssentials
import Glibc

/// Runs work on several threads over inputs read one at a time, and hands the results back in
/// the inputs' order, so that what a batch prints and writes never depends on the thread count.
///
/// At most `window` inputs are read ahead of the oldest result not yet handed back, which keeps
/// memory flat however long the input is. Each thread has its own state (a report generator: its
/// text engine must not be shared), made on that thread and never leaving it.
struct OrderedWorkers<Input: Sendable, Output: Sendable> {
    let threads: Int
    let window: Int

    init(threads: Int) {
        self.threads = max(1, threads)
        window = self.threads * 2
    }

    /// Calls `next` for inputs until it returns nil, runs `work` on them on the worker threads, and
    /// calls `deliver` with each output in input order on the calling thread. When `deliver`
    /// returns false, no more inputs are read; those already started finish and are delivered.
    /// With one thread, `work` runs on the calling thread, one input at a time.
    func run<State>(
        makeState: @escaping @Sendable () -> State,
        next: () throws -> Input?,
        work: @escaping @Sendable (inout State, Input) -> Output,
        deliver: (Output) throws -> Bool
    ) rethrows {
        if threads == 1 {
            // One thread works on the calling one: a worker beside it would only add a hand-over
            // each way per input (two wake-ups, and the output read on another core), about 4 %
            // of a canonical report's CPU time.
            return try runOnCallingThread(makeState: makeState, next: next, work: work, deliver: deliver)
        }
        let queue = WorkQueue<Input, Output>()
        var started = 0
        for _ in 0..<threads {
            queue.started()
            // Layout recurses through nested elements; give it the main thread's room.
            let running = WorkerThread.start(stackSize: 8 << 20) {
                var state = makeState()
                while let (sequence, input) = queue.take() {
                    queue.complete(sequence, work(&state, input))
                }
                queue.finished()
            }
            guard running else {
                queue.finished()
                break
            }
            started += 1
        }
        // At the system's thread limit the work is still done, on this thread.
        guard started > 0 else {
            return try runOnCallingThread(makeState: makeState, next: next, work: work, deliver: deliver)
        }
        // However this ends (an error thrown, a stop), the threads finish what they took.
        defer { queue.closeAndWait() }

        var issued = 0, delivered = 0
        var reading = true
        while true {
            while reading, issued - delivered < window {
                guard let input = try next() else {
                    reading = false
                    break
                }
                queue.put(issued, input)
                issued += 1
            }
            guard delivered < issued else { break }
            let output = queue.result(delivered)
            delivered += 1
            if try !deliver(output), reading {
                reading = false
                // Inputs not yet started are dropped; all of them come after those started.
                issued -= queue.dropPending()
            }
        }
    }

    private func runOnCallingThread<State>(
        makeState: () -> State,
        next: () throws -> Input?,
        work: (inout State, Input) -> Output,
        deliver: (Output) throws -> Bool
    ) rethrows {
        var state = makeState()
        while let input = try next() {
            if try !deliver(work(&state, input)) { break }
        }
    }
}

/// The queue between the reading thread and the workers, both ways.
private final class WorkQueue<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    // Every property below is read and written only with `condition` locked.
    private let condition = ConditionLock()
    private var pending: [(Int, Input)] = []
    private var pendingStart = 0
    private var results: [Int: Output] = [:]
    private var closed = false
    private var running = 0

    func started() {
        condition.withLock { running += 1 }
    }

    func finished() {
        condition.withLock {
            running -= 1
            condition.broadcast()
        }
    }

    func put(_ sequence: Int, _ input: Input) {
        condition.withLock {
            pending.append((sequence, input))
            condition.broadcast()
        }
    }

    /// The oldest input not yet taken; waits for one; nil once closed.
    func take() -> (Int, Input)? {
        condition.withLock {
            while pendingStart == pending.count, !closed { condition.wait() }
            guard pendingStart < pending.count else { return nil }
            let item = pending[pendingStart]
            pendingStart += 1
            if pendingStart == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingStart = 0
            }
            return item
        }
    }

    func complete(_ sequence: Int, _ output: Output) {
        condition.withLock {
            results[sequence] = output
            condition.broadcast()
        }
    }

    /// Waits for the output of input `sequence`.
    func result(_ sequence: Int) -> Output {
        condition.withLock {
            while true {
                if let output = results.removeValue(forKey: sequence) { return output }
                condition.wait()
            }
        }
    }

    /// Forgets the inputs no thread has taken; returns how many.
    func dropPending() -> Int {
        condition.withLock {
            let count = pending.count - pendingStart
            pending.removeAll()
            pendingStart = 0
            return count
        }
    }

    func closeAndWait() {
        condition.withLock {
            closed = true
            pending.removeAll()
            pendingStart = 0
            condition.broadcast()
            while running > 0 { condition.wait() }
        }
    }
}
