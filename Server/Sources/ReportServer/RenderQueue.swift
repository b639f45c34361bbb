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
/// request late. Work runs on threads of its own (``RenderThreads``), off the server's event
/// loops.
///
/// Two kinds of work wait for a slot: a request's own render (``Priority/request``), and one
/// report of a season (``Priority/seasonPart``), which a season sends one at a time, a few at
/// once. A freed slot goes to the first request waiting, and to a season's next report only when
/// no request waits: a season's reports take the slots the cores give them, so the queue sees all
/// the rendering there is, and a single report waits at most for the renders already running,
/// never behind a whole season. Only requests are counted against the queue's length (a season
/// was admitted as one request); a season's parts wait however many there are.
///
/// A request whose task is cancelled (its client hung up) leaves the queue at once; a render
/// already running finishes in the background and frees its slot.
///
/// Deadlines are kept by one watchdog task for the whole queue, which sleeps until the earliest
/// deadline of the requests waiting or rendering. A timer a request would cost each request a
/// task and two thread wake-ups (a tenth of the server's context switches), and a waiter's timer
/// would sleep on for the whole deadline after its request was served.
package final class RenderQueue: Sendable {
    package let slots: Int
    package let queueLength: Int
    private let state = Mutex(RenderQueueState())
    private let threads: RenderThreads

    /// Told the load after every change (the metrics' gauges).
    private let observer: (@Sendable (_ running: Int, _ waiting: Int) -> Void)?

    package init(slots: Int, queueLength: Int, observer: (@Sendable (_ running: Int, _ waiting: Int) -> Void)? = nil) {
        self.slots = max(1, slots)
        self.queueLength = max(0, queueLength)
        self.observer = observer
        threads = RenderThreads(count: self.slots)
    }

    private func changed() {
        guard let observer else { return }
        let (running, waiting) = load
        observer(running, waiting)
    }

    /// Renders running and waiting now (requests and seasons' reports).
    package var load: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiting.count + $0.seasonParts.count) } }

    /// Which work a slot goes to first.
    package enum Priority: Sendable {
        /// A request's render: first in line, and counted against the queue's length.
        case request
        /// One report of an admitted season: served when no request waits.
        case seasonPart
    }

    /// Runs `work` in a slot, waiting for one in the queue; throws ``Refusal`` when the queue is
    /// full or `deadline` passes, `CancellationError` when the task is cancelled while waiting.
    /// A render past its deadline is answered 503 at once; it finishes in the background (cairo
    /// cannot be stopped halfway) and only then frees its slot.
    package func run<T: Sendable>(until deadline: ContinuousClock.Instant, priority: Priority = .request,
                                  _ work: @escaping @Sendable () throws -> T) async throws -> T {
        // Work whose client has left is never started, even when a slot is free.
        try Task.checkCancellation()
        let id = try await acquire(until: deadline, priority: priority)
        let outcome = Once<Result<T, any Error>>()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.onResult { continuation.resume(with: $0) }
            watch(deadline) { state in
                state.rendering[id] = .init(deadline: deadline) { outcome.set(.failure(Refusal.deadlinePassed)) }
                return true
            }
            threads.run {
                let result = Result { try work() }
                self.release(id)
                outcome.set(result)
            }
        }
    }

    /// Takes a slot, waiting in the queue for one; returns the request's number.
    private func acquire(until deadline: ContinuousClock.Instant, priority: Priority) async throws -> UInt64 {
        enum Decision { case go, refuse, wait }
        let id = state.withLock { $0.nextID &+= 1; return $0.nextID }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                var decision = Decision.refuse
                watch(deadline) { state in
                    let waiter = RenderQueueState.Waiter(id: id, deadline: deadline, continuation: continuation)
                    if state.running < slots && (priority == .request || state.waiting.isEmpty) {
                        state.running += 1
                        decision = .go
                    } else if priority == .seasonPart {
                        state.seasonParts.append(waiter)
                        decision = .wait
                    } else if state.waiting.count < queueLength {
                        state.waiting.append(waiter)
                        decision = .wait
                    }
                    return decision == .wait
                }
                changed()
                switch decision {
                case .go: continuation.resume()
                case .refuse: continuation.resume(throwing: Refusal.overloaded(retryAfter: max(1, queueLength / slots)))
                case .wait: if Task.isCancelled { leave(id) }
                }
            }
        } onCancel: {
            leave(id)
        }
        return id
    }

    /// Takes waiter `id` out of the queue, cancelled; nothing when it holds a slot already.
    private func leave(_ id: UInt64) {
        let waiter = state.withLock { $0.removeWaiter(id) }
        if waiter != nil { changed() }
        waiter?.continuation.resume(throwing: CancellationError())
    }

    private func release(_ id: UInt64) {
        // The slot passes straight to the first waiter, so a new arrival cannot jump the queue.
        let next = state.withLock { state -> RenderQueueState.Waiter? in
            state.rendering[id] = nil
            if !state.waiting.isEmpty { return state.waiting.removeFirst() }
            if !state.seasonParts.isEmpty { return state.seasonParts.removeFirst() }
            state.running -= 1
            return nil
        }
        changed()
        next?.continuation.resume()
    }

    /// Changes the state with `change`; when it adds a deadline (returns true) earlier than the
    /// watchdog's, or none is watching, a watchdog is started for it.
    private func watch(_ deadline: ContinuousClock.Instant, _ change: (inout RenderQueueState) -> Bool) {
        let generation = state.withLock { state -> UInt64? in
            guard change(&state) else { return nil }
            if let target = state.watchdogTarget, target <= deadline { return nil }
            state.watchdogGeneration &+= 1
            state.watchdogTarget = deadline
            return state.watchdogGeneration
        }
        guard let generation else { return }
        Task { [weak self] in await self?.watchdog(generation) }
    }

    /// Sleeps until the earliest deadline, refuses what is past it, and again; ends when nothing
    /// is left to watch or a newer watchdog (for an earlier deadline) took over.
    private func watchdog(_ generation: UInt64) async {
        while true {
            let target = state.withLock { state -> ContinuousClock.Instant? in
                guard state.watchdogGeneration == generation else { return nil }
                state.watchdogTarget = state.earliestDeadline
                return state.watchdogTarget
            }
            guard let target else { return }
            try? await Task.sleep(until: target, clock: .continuous)
            let now = ContinuousClock.now
            let (waiters, renders) = state.withLock { $0.removeOverdue(at: now) }
            if !waiters.isEmpty { changed() }
            waiters.forEach { $0.continuation.resume(throwing: Refusal.deadlinePassed) }
            renders.forEach { $0.expire() }
        }
    }
}

/// What the queue holds: slots taken, requests waiting and rendering with their deadlines, and
/// the watchdog's target.
private struct RenderQueueState {
    struct Waiter {
        let id: UInt64
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    struct Rendering {
        let deadline: ContinuousClock.Instant
        /// Answers the request 503; its render goes on and frees the slot when done.
        let expire: @Sendable () -> Void
    }

    var running = 0
    /// Requests waiting, first come first served.
    var waiting: [Waiter] = []
    /// Seasons' reports waiting, served when no request waits.
    var seasonParts: [Waiter] = []
    var rendering: [UInt64: Rendering] = [:]
    var nextID: UInt64 = 0
    var watchdogGeneration: UInt64 = 0
    var watchdogTarget: ContinuousClock.Instant?

    var earliestDeadline: ContinuousClock.Instant? {
        (waiting.map(\.deadline) + seasonParts.map(\.deadline) + rendering.values.map(\.deadline)).min()
    }

    /// The waiter `id`, taken out of whichever line it is in.
    mutating func removeWaiter(_ id: UInt64) -> Waiter? {
        if let index = waiting.firstIndex(where: { $0.id == id }) { return waiting.remove(at: index) }
        if let index = seasonParts.firstIndex(where: { $0.id == id }) { return seasonParts.remove(at: index) }
        return nil
    }

    mutating func removeOverdue(at now: ContinuousClock.Instant) -> ([Waiter], [Rendering]) {
        let overdueWaiters = (waiting + seasonParts).filter { $0.deadline <= now }
        waiting.removeAll { $0.deadline <= now }
        seasonParts.removeAll { $0.deadline <= now }
        let overdueRenders = rendering.filter { $0.value.deadline <= now }
        for id in overdueRenders.keys { rendering[id] = nil }
        return (overdueWaiters, Array(overdueRenders.values))
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
