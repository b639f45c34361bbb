import Foundation
import Testing
@testable import ReportKit

@Suite("Ordered workers")
struct OrderedWorkersTests {
    @Test func resultsComeBackInInputOrderWhateverFinishesFirst() {
        var inputs = (0..<200).makeIterator()
        var delivered: [Int] = []
        OrderedWorkers<Int, Int>(threads: 4).run(
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

    @Test func stoppingReadsNoMoreAndDeliversWhatWasStarted() {
        var read = 0
        var inputs = (0..<1_000).makeIterator()
        var delivered: [Int] = []
        OrderedWorkers<Int, Int>(threads: 2).run(
            makeState: { () },
            next: { defer { read += 1 }; return inputs.next() },
            work: { _, input in input },
            deliver: { delivered.append($0); return $0 < 10 })
        #expect(delivered.first == 0 && delivered.count >= 11)
        #expect(delivered == Array(delivered.indices), "in order, without gaps")
        #expect(read <= 11 + 4, "at most a window of inputs is read past the stop")
    }

    @Test func oneThreadWorksOnTheCallingThreadAndReadsNothingPastAStop() {
        let caller = pthread_self()
        var read = 0
        var inputs = (0..<100).makeIterator()
        var delivered: [(Int, onCaller: Bool)] = []
        OrderedWorkers<Int, (Int, onCaller: Bool)>(threads: 1).run(
            makeState: { () },
            next: { defer { read += 1 }; return inputs.next() },
            work: { _, input in (input * 2, pthread_equal(pthread_self(), caller) != 0) },
            deliver: { delivered.append($0); return $0.0 < 20 })
        #expect(delivered.map(\.0) == (0...10).map { $0 * 2 }, "in order, up to and including the one that stopped it")
        #expect(delivered.allSatisfy { $0.onCaller })
        #expect(read == 11, "no input is read past the stop")
    }
}
