import Foundation
import Testing
@testable import ReportKit

@Suite("Ordered workers")
struct OrderedWorkersTests {
    @Test func resultsComeBackInInputOrderWhateverFinishesFirst() throws {
        var inputs = (0..<200).makeIterator()
        var delivered: [Int] = []
        try OrderedWorkers<Int, Int>(threads: 4).run(
            makeState: { 0 },
            next: { inputs.next() },
            work: { count, input in
                count += 1
                usleep(useconds_t((input * 7919) % 13) * 100)
                return input * input
            },
            deliver: { delivered.append($0); return true })
        #expect(delivered == (0..<200).map { $0 * $0 })
    }

    @Test func stoppingReadsNoMoreAndDeliversWhatWasStarted() throws {
        var read = 0
        var inputs = (0..<1_000).makeIterator()
        var delivered: [Int] = []
        try OrderedWorkers<Int, Int>(threads: 2).run(
            makeState: { () },
            next: { defer { read += 1 }; return inputs.next() },
            work: { _, input in input },
            deliver: { delivered.append($0); return $0 < 10 })
        #expect(delivered.first == 0 && delivered.count >= 11)
        #expect(delivered == Array(delivered.indices), "in order, without gaps")
        #expect(read <= 11 + 4, "at most a window of inputs is read past the stop")
    }

    @Test func oneThreadWorksOnTheCallingThreadAndReadsNothingPastAStop() throws {
        let caller = pthread_self()
        var read = 0
        var inputs = (0..<100).makeIterator()
        var delivered: [(Int, onCaller: Bool)] = []
        try OrderedWorkers<Int, (Int, onCaller: Bool)>(threads: 1).run(
            makeState: { () },
            next: { defer { read += 1 }; return inputs.next() },
            work: { _, input in (input * 2, pthread_equal(pthread_self(), caller) != 0) },
            deliver: { delivered.append($0); return $0.0 < 20 })
        #expect(delivered.map(\.0) == (0...10).map { $0 * 2 }, "in order, up to and including the one that stopped it")
        #expect(delivered.allSatisfy { $0.onCaller })
        #expect(read == 11, "no input is read past the stop")
    }

    /// The engine with another executor than report-gen's threads, as the server's render slots
    /// are: every part on a thread of its own, begun in any order.
    @Test func anExecutorThatBeginsPartsInAnyOrderStillGetsAGaplessPrefixAfterAStop() throws {
        for _ in 0..<20 {
            var inputs = (0..<500).makeIterator()
            var delivered: [Int] = []
            try ThreadAPart(width: 3).run(
                makeState: { () },
                next: { inputs.next() },
                work: { _, input in
                    usleep(useconds_t((input * 7919) % 7) * 50)
                    return input
                },
                deliver: { delivered.append($0); return $0 < 30 })
            #expect(delivered == Array(delivered.indices), "in order, without gaps")
            #expect(delivered.count >= 31 && delivered.count <= 31 + 6, "at most a window past the stop: \(delivered.count)")
        }
    }

    @Test func aRefusedPartStopsTheBatchWithTheExecutorsReason() throws {
        var inputs = (0..<100).makeIterator()
        var delivered: [Int] = []
        #expect(throws: Refused.self) {
            try ThreadAPart(width: 2, refusing: 10).run(
                makeState: { () }, next: { inputs.next() }, work: { _, input in input },
                deliver: { delivered.append($0); return true })
        }
        #expect(delivered == Array(0..<10), "every part before the refused one, and none after it")
    }

    @Test func anErrorWhileDeliveringIsThrownAndStopsTheReading() throws {
        var read = 0
        var inputs = (0..<1_000).makeIterator()
        #expect(throws: Refused.self) {
            try OrderedWorkers<Int, Int>(threads: 2).run(
                makeState: { () }, next: { defer { read += 1 }; return inputs.next() }, work: { _, input in input },
                deliver: { if $0 == 5 { throw Refused() }; return true })
        }
        #expect(read <= 6 + 4)
    }

    @Test func eachThreadMakesItsStateOnceAndKeepsIt() throws {
        let made = Counter()
        var inputs = (0..<300).makeIterator()
        var owners: Set<Int> = []
        try OrderedWorkers<Int, Int>(threads: 3).run(
            makeState: { made.add(); return Int(bitPattern: UInt(pthread_self())) },
            next: { inputs.next() },
            work: { owner, _ in
                #expect(owner == Int(bitPattern: UInt(pthread_self())), "a state is used only on the thread that made it")
                return owner
            },
            deliver: { owners.insert($0); return true })
        #expect(made.value == owners.count && made.value <= 3)
    }
}

private struct Refused: Error {}

/// Starts every part on a thread of its own, as soon as it is given: parts begin in any order.
private struct ThreadAPart: BatchExecutor {
    let width: Int
    var refusing: Int? = nil
    private let given = Counter()

    init(width: Int, refusing: Int? = nil) {
        self.width = width
        self.refusing = refusing
    }

    func start(_ part: @escaping @Sendable ((any Error)?) -> Void) {
        let number = given.add()
        let refused = number == refusing
        _ = WorkerThread.start(stackSize: 1 << 20) { part(refused ? Refused() : nil) }
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = ConditionLock()
    private var count = 0
    var value: Int { lock.withLock { count } }

    /// Counts one; returns the count before it.
    @discardableResult func add() -> Int {
        lock.withLock {
            count += 1
            return count - 1
        }
    }
}
