import Foundation
import ReportServer
import Testing

/// The render queue: no more renders at once than its slots, a bounded wait, then 429; a
/// request out of time is 503, and its render still frees its slot.
@Suite struct RenderQueueTests {
    /// A render that holds its slot until the test lets it go.
    final class Gate: @unchecked Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        func open() { semaphore.signal() }
    }

    @Test func aFullQueueIsRefusedWithATimeToWait() async throws {
        let queue = RenderQueue(slots: 1, queueLength: 1)
        let gate = Gate()
        let later = ContinuousClock.now.advanced(by: .seconds(30))
        let first = Task { try await queue.run(until: later) { gate.semaphore.wait(); return 1 } }
        while queue.load.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let second = Task { try await queue.run(until: later) { 2 } }
        while queue.load.waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }
        await #expect(throws: Refusal.self) { try await queue.run(until: later) { 3 } }
        gate.open()
        #expect(try await first.value == 1)
        #expect(try await second.value == 2, "the waiting request gets the slot")
        #expect(queue.load.running == 0 && queue.load.waiting == 0)
    }

    @Test func aRequestOutOfTimeIs503AndItsSlotComesBack() async throws {
        let queue = RenderQueue(slots: 1, queueLength: 4)
        let gate = Gate()
        let soon = ContinuousClock.now.advanced(by: .milliseconds(100))
        do {
            _ = try await queue.run(until: soon) { gate.semaphore.wait(); return 1 }
            Issue.record("a render past its deadline was awaited")
        } catch Refusal.deadlinePassed {
        }
        let waiting = ContinuousClock.now.advanced(by: .milliseconds(100))
        await #expect(throws: Refusal.self, "waiting past the deadline") { try await queue.run(until: waiting) { 2 } }
        gate.open()
        while queue.load.running > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(try await queue.run(until: ContinuousClock.now.advanced(by: .seconds(5))) { 3 } == 3)
    }

    /// Deadlines are watched together: one that comes later but falls sooner than those already
    /// watched is still kept to its own time.
    @Test func aSoonerDeadlineArrivingLaterIsKept() async throws {
        let queue = RenderQueue(slots: 1, queueLength: 4)
        let gate = Gate()
        let first = Task { try await queue.run(until: ContinuousClock.now.advanced(by: .seconds(30))) { gate.semaphore.wait(); return 1 } }
        while queue.load.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let start = ContinuousClock.now
        await #expect(throws: Refusal.self) { try await queue.run(until: start.advanced(by: .milliseconds(100))) { 2 } }
        #expect(ContinuousClock.now - start < .seconds(10), "refused at its own deadline, not the first request's")
        #expect(queue.load.waiting == 0)
        gate.open()
        #expect(try await first.value == 1)
    }

    /// A season's next report waits behind any request: a slot freed goes to the request that
    /// came after it, so a single report never waits for a whole season.
    @Test func aRequestGoesBeforeASeasonsWaitingReport() async throws {
        let queue = RenderQueue(slots: 1, queueLength: 4)
        let gate = Gate()
        let later = ContinuousClock.now.advanced(by: .seconds(30))
        let order = OrderLog()
        let running = Task { try await queue.run(until: later, priority: .seasonPart) { gate.semaphore.wait(); order.add("season 1") } }
        while queue.load.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let season = Task { try await queue.run(until: later, priority: .seasonPart) { order.add("season 2") } }
        while queue.load.waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let single = Task { try await queue.run(until: later) { order.add("request") } }
        while queue.load.waiting < 2 { try await Task.sleep(for: .milliseconds(5)) }
        gate.open()
        _ = try await (running.value, season.value, single.value)
        #expect(order.entries == ["season 1", "request", "season 2"])
    }

    /// A season's reports are not requests: they wait however many they are (the season was
    /// admitted as one request), while a request finds the queue's length as before.
    @Test func aSeasonsReportsAreNotCountedAgainstTheQueue() async throws {
        let queue = RenderQueue(slots: 1, queueLength: 0)
        let gate = Gate()
        let later = ContinuousClock.now.advanced(by: .seconds(30))
        let running = Task { try await queue.run(until: later) { gate.semaphore.wait(); return 0 } }
        while queue.load.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let parts = (1...3).map { index in Task { try await queue.run(until: later, priority: .seasonPart) { index } } }
        while queue.load.waiting < 3 { try await Task.sleep(for: .milliseconds(5)) }
        await #expect(throws: Refusal.self, "a request over the queue's length") { try await queue.run(until: later) { 9 } }
        gate.open()
        #expect(try await running.value == 0)
        for (index, part) in parts.enumerated() { #expect(try await part.value == index + 1) }
    }

    /// A waiting request whose task is cancelled (its client left) leaves the queue at once.
    @Test func aCancelledWaiterLeavesTheQueue() async throws {
        let queue = RenderQueue(slots: 1, queueLength: 4)
        let gate = Gate()
        let later = ContinuousClock.now.advanced(by: .seconds(30))
        let running = Task { try await queue.run(until: later) { gate.semaphore.wait(); return 0 } }
        while queue.load.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let drawn = OrderLog()
        let waiting = Task { try await queue.run(until: later, priority: .seasonPart) { drawn.add("drawn") } }
        while queue.load.waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(queue.load.waiting == 0)
        gate.open()
        #expect(try await running.value == 0)
        while queue.load.running > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(drawn.entries.isEmpty, "a cancelled part is never drawn")
    }

    /// What renders did, in order.
    final class OrderLog: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ entry: String) { lock.withLock { list.append(entry) } }
        var entries: [String] { lock.withLock { list } }
    }
}
