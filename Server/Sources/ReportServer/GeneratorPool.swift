import Foundation
import ReportKit

/// Report generators kept between requests, by what they draw with: a generator loads its
/// template, theme, locales and fonts once, and is used by one thread at a time.
package final class GeneratorPool: @unchecked Sendable {
    private struct Idle {
        let generator: ReportGenerator
        /// The thread that used it last: its caches are warm in that thread's core.
        let thread: pthread_t
    }

    private let lock = NSLock()
    // Guarded by `lock`; a generator is taken out while in use, so no two threads share one.
    // By the whole options value: a generator keeps its options, so one made for other options
    // (another catalogue, zone or fill-in) must never draw a request's report. A server uses
    // few kinds, so they are searched in a line.
    private var idle: [(options: ReportOptions, kept: [Idle])] = []
    private let keptPerKind: Int

    package init(keptPerKind: Int) {
        self.keptPerKind = keptPerKind
    }

    /// Calls `body` with a generator for `options`: the one this thread used last when it is
    /// idle, else any idle one, else a new one.
    package func withGenerator<T>(_ options: ReportOptions, _ body: (ReportGenerator) throws -> T) throws -> T {
        let thread = pthread_self()
        let generator = try lock.withLock { () -> ReportGenerator? in
            guard let kind = idle.firstIndex(where: { $0.options == options }), !idle[kind].kept.isEmpty else { return nil }
            let index = idle[kind].kept.lastIndex { pthread_equal($0.thread, thread) != 0 } ?? idle[kind].kept.count - 1
            return idle[kind].kept.remove(at: index).generator
        } ?? ReportGenerator(options: options)
        defer {
            lock.withLock {
                if let kind = idle.firstIndex(where: { $0.options == options }) {
                    if idle[kind].kept.count < keptPerKind { idle[kind].kept.append(Idle(generator: generator, thread: thread)) }
                } else {
                    idle.append((options, [Idle(generator: generator, thread: thread)]))
                }
            }
        }
        return try body(generator)
    }
}
