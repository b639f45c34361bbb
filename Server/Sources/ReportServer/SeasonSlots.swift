import Foundation
import ReportKit
import Synchronization

/// A season's executor for ReportKit's batch engine: each part drawn in a render slot as a
/// ``RenderQueue/Priority/seasonPart`` (a request waiting goes first), as many at once as the
/// server has slots, so the queue sees every render a season makes and a single report never
/// waits behind a whole season.
package final class SeasonSlots: BatchExecutor {
    private let queue: RenderQueue
    private let deadline: ContinuousClock.Instant
    // The parts' tasks, so that a season whose client left takes its parts out of the queue,
    // and whether it was cancelled: a part started after that is refused, not drawn (when every
    // part started is already drawing, cancelling them alone would let the engine go on).
    private let parts = Mutex<(tasks: [Task<Void, Never>], cancelled: Bool)>(([], false))

    package var width: Int { queue.slots }

    package init(queue: RenderQueue, deadline: ContinuousClock.Instant) {
        self.queue = queue
        self.deadline = deadline
    }

    package func start(_ part: @escaping @Sendable ((any Error)?) -> Void) {
        // The part is told once: it runs in its slot, or hears why it got none. A render past the
        // deadline finishes (cairo cannot be stopped halfway), and the engine waits for it.
        let told = Mutex(false)
        let tell: @Sendable ((any Error)?) -> Void = { refusal in
            guard told.withLock({ told in defer { told = true }; return !told }) else { return }
            part(refusal)
        }
        let (queue, deadline) = (queue, deadline)
        let refused = parts.withLock { parts in
            guard !parts.cancelled else { return true }
            parts.tasks.append(Task {
                do {
                    try await queue.run(until: deadline, priority: .seasonPart) { tell(nil) }
                } catch {
                    tell(error)
                }
            })
            return false
        }
        if refused { tell(CancellationError()) }
    }

    /// Runs the batch engine with these slots on a thread of its own (the engine waits for its
    /// parts; a task of the server's must not), and takes the parts not yet drawn out of the queue
    /// when the season's task is cancelled or the engine ends early.
    package func running<Result: Sendable>(_ engine: @escaping @Sendable (SeasonSlots) throws -> Result) async throws -> Result {
        defer { cancelWaitingParts() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread { continuation.resume(with: Swift.Result { try engine(self) }) }
                // Layout recurses through nested elements; this thread draws when a slot's does not.
                thread.stackSize = 8 << 20
                thread.start()
            }
        } onCancel: {
            cancelWaitingParts()
        }
    }

    private func cancelWaitingParts() {
        let tasks = parts.withLock { parts in
            parts.cancelled = true
            return parts.tasks
        }
        for task in tasks { task.cancel() }
    }
}
