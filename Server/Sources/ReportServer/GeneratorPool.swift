import Foundation
import ReportKit

/// Report generators kept between requests, by what they draw with: a generator loads its
/// template, theme, locales and fonts once, and is used by one thread at a time.
package final class GeneratorPool: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`; a generator is taken out while in use, so no two threads share one.
    private var idle: [String: [ReportGenerator]] = [:]
    private let keptPerKind: Int

    package init(keptPerKind: Int) {
        self.keptPerKind = keptPerKind
    }

    /// Calls `body` with a generator for `options`, made when none is idle.
    package func withGenerator<T>(_ options: ReportOptions, _ body: (ReportGenerator) throws -> T) throws -> T {
        let key = Self.key(options)
        let generator = try lock.withLock { idle[key]?.popLast() } ?? ReportGenerator(options: options)
        defer {
            lock.withLock {
                if idle[key, default: []].count < keptPerKind { idle[key, default: []].append(generator) }
            }
        }
        return try body(generator)
    }

    private static func key(_ options: ReportOptions) -> String {
        [options.template, options.theme.rawValue, options.language?.rawValue ?? "-", options.pdfStandard.rawValue].joined(separator: "|")
    }
}
