import Foundation
import ReportKit
import ReportServer
import Synchronization
import Testing

/// A season's parts in the server's render slots: a season whose client leaves stops being drawn,
/// whatever its parts were doing at that moment.
@Suite struct SeasonSlotsTests {
    /// The moment that let a season go on to its end: every part started is drawing or drawn, none
    /// waits in the queue, so cancelling the waiting parts alone stopped nothing, and the engine
    /// started the next parts as if no one had left.
    @Test func aSeasonCancelledWithNoPartWaitingDrawsNoMore() async throws {
        let queue = RenderQueue(slots: 2, queueLength: 8)
        let slots = SeasonSlots(queue: queue, deadline: ContinuousClock.now.advanced(by: .seconds(60)))
        let firstMayEnd = DispatchSemaphore(value: 0)
        let drawn = Mutex<[Int]>([])
        let season = Task {
            try await slots.running { slots in
                var next = 0
                try slots.run(makeState: {}, next: { () -> Int? in
                    defer { next += 1 }
                    return next < 50 ? next : nil
                }, work: { _, part in
                    if part == 0 { firstMayEnd.wait() }
                    drawn.withLock { $0.append(part) }
                    return part
                }, deliver: { _ in true })
            }
        }
        // The first part holds one slot; the others pass through the second until the engine's
        // window is full and it waits for the first: three drawn, one drawing, none waiting.
        let start = ContinuousClock.now
        while drawn.withLock({ $0.count }) < 3 || queue.load.running != 1 || queue.load.waiting != 0 {
            try await Task.sleep(for: .milliseconds(5))
            #expect(ContinuousClock.now - start < .seconds(30), "the season never reached the moment")
            if ContinuousClock.now - start > .seconds(30) { break }
        }
        season.cancel()
        firstMayEnd.signal()
        await #expect(throws: CancellationError.self) { try await season.value }
        #expect(drawn.withLock { $0.sorted() } == [0, 1, 2, 3], "the parts begun finish, no part after them is drawn")
        #expect(queue.load.running == 0 && queue.load.waiting == 0)
    }
}
