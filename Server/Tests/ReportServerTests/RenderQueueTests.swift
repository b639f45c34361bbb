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
}
