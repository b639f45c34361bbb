import Metrics
import Prometheus

/// The server's metrics, in Prometheus's text format at /metrics: Hummingbird's per-route
/// requests, latency histogram and requests in flight, and what the server made and refused.
package enum ServerMetrics {
    /// One registry for the process: swift-metrics is bootstrapped once, whatever the number of
    /// applications (the tests make many).
    package static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Latency in seconds, buckets from 5 ms to a minute (a season's ZIP takes seconds).
        factory.defaultDurationHistogramBuckets = [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
                                                   .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
                                                   .seconds(2), .seconds(5), .seconds(10), .seconds(30), .seconds(60)]
        MetricsSystem.bootstrap(factory)
        return registry
    }()

    /// Counts a file made: `report`, `png`, `record`, `register`, `workbook`, `batch`.
    package static func made(_ kind: String, count: Int = 1) {
        _ = registry
        Counter(label: "report_gen_made_total", dimensions: [("kind", kind)]).increment(by: count)
    }

    /// Counts a refusal by kind: `input` (400/422), `too_large` (413), `overloaded` (429),
    /// `deadline` (503), `unauthorized` (401), `internal` (500).
    package static func refused(_ kind: String) {
        _ = registry
        Counter(label: "report_gen_errors_total", dimensions: [("kind", kind)]).increment()
    }

    /// Requests rendering and waiting now.
    package static func load(running: Int, waiting: Int) {
        _ = registry
        Gauge(label: "report_gen_renders_running").record(running)
        Gauge(label: "report_gen_renders_waiting").record(waiting)
    }

    /// Makes the registry the process's metrics backend (before the first request).
    package static func bootstrap() { _ = registry }

    /// The text format.
    package static func text() -> String { registry.emitToString() }
}
