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
    private var idle: [String: [Idle]] = [:]
    private let keptPerKind: Int

    package init(keptPerKind: Int) {
        self.keptPerKind = keptPerKind
    }

    /// Calls `body` with a generator for `options`: the one this thread used last when it is
    /// idle, else any idle one, else a new one.
    package func withGenerator<T>(_ options: ReportOptions, _ body: (ReportGenerator) throws -> T) throws -> T {
        let key = Self.key(options)
        let thread = pthread_self()
        let generator = try lock.withLock { () -> ReportGenerator? in
            guard var kept = idle[key], !kept.isEmpty else { return nil }
            let index = kept.lastIndex { pthread_equal($0.thread, thread) != 0 } ?? kept.count - 1
            defer { idle[key] = kept }
            return kept.remove(at: index).generator
        } ?? ReportGenerator(options: options)
        defer {
            lock.withLock {
                if idle[key, default: []].count < keptPerKind { idle[key, default: []].append(Idle(generator: generator, thread: thread)) }
            }
        }
        return try body(generator)
    }

    private static func key(_ options: ReportOptions) -> String {
        [options.template, options.theme.rawValue, options.language?.rawValue ?? "-", options.pdfStandard.rawValue].joined(separator: "|")
    }
}
