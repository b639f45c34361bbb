import Foundation
import Synchronization

/// Why a request was not served: too many before it, or out of time.
package enum Refusal: Error, Sendable {
    /// Every render slot and the queue are taken (429, with the seconds to wait).
    case overloaded(retryAfter: Int)
    /// The request's deadline passed, waiting or rendering (503).
    case deadlinePassed
}

/// A bounded number of renders at once, and a bounded queue before them: a render keeps a core
/// busy, so more at once only makes each slower, and an unbounded queue only makes every
/// request late. Work runs on Dispatch's threads, off the server's event loops.
package final class RenderQueue: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
        var nextID: UInt64 = 0
    }

    package let slots: Int
    package let queueLength: Int
    private let state = Mutex(State())

    package init(slots: Int, queueLength: Int) {
        self.slots = max(1, slots)
        self.queueLength = max(0, queueLength)
    }

    /// Requests rendering or waiting now.
    package var load: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiting.count) } }

    /// Runs `work` in a slot, waiting for one in the queue; throws ``Refusal`` when the queue is
    /// full or `deadline` passes. A render past its deadline is answered 503 at once; it finishes
    /// in the background (cairo cannot be stopped halfway) and only then frees its slot.
    package func run<T: Sendable>(until deadline: ContinuousClock.Instant, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await acquire(until: deadline)
        let outcome = Once<Result<T, any Error>>()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.onResult { continuation.resume(with: $0) }
            // The timer is cancelled as soon as the work is done: a sleeping timer would hold the
            // request's result (a whole PDF) until the deadline.
            let timer = Task {
                try await Task.sleep(until: deadline, clock: .continuous)
                outcome.set(.failure(Refusal.deadlinePassed))
            }
            DispatchQueue.global(qos: .userInitiated).async {
                let result = Result { try work() }
                self.release()
                timer.cancel()
                outcome.set(result)
            }
        }
    }

    private func acquire(until deadline: ContinuousClock.Instant) async throws {
        enum Decision { case go, refuse, wait(UInt64) }
        let id = state.withLock { $0.nextID &+= 1; return $0.nextID }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let decision: Decision = state.withLock { state in
                if state.running < slots {
                    state.running += 1
                    return .go
                }
                guard state.waiting.count < queueLength else { return .refuse }
                state.waiting.append(Waiter(id: id, continuation: continuation))
                return .wait(id)
            }
            switch decision {
            case .go: continuation.resume()
            case .refuse: continuation.resume(throwing: Refusal.overloaded(retryAfter: max(1, queueLength / slots)))
            case .wait(let id):
                Task { [weak self] in
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    guard let self else { return }
                    let expired = self.state.withLock { state -> Waiter? in
                        guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                        return state.waiting.remove(at: index)
                    }
                    expired?.continuation.resume(throwing: Refusal.deadlinePassed)
                }
            }
        }
    }

    private func release() {
        // The slot passes straight to the first waiter, so a new arrival cannot jump the queue.
        let next = state.withLock { state -> Waiter? in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume()
    }
}

/// A result set once, by whichever comes first; later ones are dropped.
private final class Once<Value: Sendable>: Sendable {
    private struct State {
        var isSet = false
        var handler: (@Sendable (Value) -> Void)?
    }
    private let state = Mutex(State())

    func onResult(_ handler: @escaping @Sendable (Value) -> Void) {
        state.withLock { $0.handler = handler }
    }

    func set(_ value: Value) {
        // The handler is let go once called, and the value is never kept.
        let handler = state.withLock { state -> (@Sendable (Value) -> Void)? in
            guard !state.isSet else { return nil }
            state.isSet = true
            defer { state.handler = nil }
            return state.handler
        }
        handler?(value)
    }
}
