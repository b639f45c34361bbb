import Foundation
import ReportKit
import Synchronization

/// What every request shares: the settings, the render queue and the generators kept between
/// requests. Stateless between requests otherwise, so any number of servers can stand side by side.
package final class ReportService: Sendable {
    package let settings: ServerSettings
    package let queue: RenderQueue
    package let pool: GeneratorPool
    // Once ready, always ready: the definitions are read when the server starts.
    private let ready = Mutex(false)

    package init(settings: ServerSettings) {
        self.settings = settings
        queue = RenderQueue(slots: settings.concurrentRenders, queueLength: settings.queueLength) { running, waiting in
            ServerMetrics.load(running: running, waiting: waiting)
        }
        pool = GeneratorPool(keptPerKind: settings.concurrentRenders * 2)
    }

    /// Report options with the server's definitions.
    package func options(template: String = "spray-report", theme: ThemeName = .light, language: ReportLanguage? = nil) -> ReportOptions {
        var options = ReportOptions(template: template, theme: theme, language: language)
        options.definitions = settings.definitions
        options.catalogue = settings.catalogue
        return options
    }

    /// The deadline of work that starts now.
    package func deadline() -> ContinuousClock.Instant { ContinuousClock.now.advanced(by: settings.deadline) }

    /// Runs `work` in a render slot before the request's deadline (``Refusal`` otherwise).
    package func render<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await render(until: deadline(), work)
    }

    /// Runs `work` in a render slot before `deadline` (``Refusal`` otherwise).
    package func render<T: Sendable>(until deadline: ContinuousClock.Instant, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        do {
            return try await queue.run(until: deadline, work)
        } catch let refusal as Refusal {
            switch refusal {
            case .overloaded: ServerMetrics.refused("overloaded")
            case .deadlinePassed: ServerMetrics.refused("deadline")
            }
            throw refusal
        }
    }

    /// Whether a report can be drawn now: fonts, templates, tokens and locales load, and a small
    /// job is drawn (what /readyz answers).
    /// The job /readyz draws: one field, one product.
    static let readinessJob = Array(#"{"version": 1, "field": {"area": {"value": 1, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 600, "unit": "L"}}, "products": [{"name": "Ready", "rate": {"value": 1, "unit": "L/ha"}}]}"#.utf8)

    package func readiness() -> String? {
        if ready.withLock({ $0 }) { return nil }
        do {
            for template in ["spray-report", "tank-card", "spray-register"] {
                for language in ReportLanguage.allCases { _ = try ReportGenerator(options: options(template: template, language: language)) }
            }
            // One page drawn and finished as a request's would be: cairo's series and its output
            // contract, the fonts, the colour profile, not only the files that load.
            let report = try ReportGenerator(options: options(template: "spray-report", language: .english)).report(from: Self.readinessJob, output: .pdf)
            guard report.pdf?.isEmpty == false else { return "the test page came out empty" }
            ready.withLock { $0 = true }
            return nil
        } catch {
            return "\(error)"
        }
    }
}
