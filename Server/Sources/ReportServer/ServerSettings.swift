import Foundation
import ReportKit

/// What a server is allowed to do, each limit on by default (docs/server.md, "Limits").
package struct ServerSettings: Sendable {
    /// Served on loopback unless told otherwise: a server on a network should have tokens.
    package var host = "127.0.0.1"
    package var port = 8080
    /// The largest request body read, in bytes (413 while it arrives, never read whole).
    package var bodyLimit = 16 << 20
    /// The most jobs a history sent to /v1/records, /v1/batches or the drop page may hold.
    package var jobsPerBatch = 500
    /// Renders at once: one per core, since a render keeps a core busy.
    package var concurrentRenders = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Requests waiting for a render slot before a new one is refused with 429.
    package var queueLength = 16
    /// How long a request may take, waiting included, before it is answered 503.
    package var deadline: Duration = .seconds(60)
    /// How long a connection may send nothing (idle between requests, or stalled in its headers)
    /// before it is closed: idle sockets are never held, and SIGTERM never waits long for them.
    package var idleTimeout: Duration = .seconds(30)
    /// How long a request's body may take to arrive whole (408 beyond it): an upload that never
    /// finishes holds no memory and no connection for longer.
    package var bodyTimeout: Duration = .seconds(60)
    /// Whether a season's work (`/v1/batches`, `/v1/records`, `/v1/validate`, the drop page's
    /// forms) is cancelled when its client closes the connection: its reports not yet drawn
    /// leave the render queue. On in the server; off where requests are handed to the router
    /// directly (the router tests), which have no connection to watch.
    package var cancelsWhenTheClientLeaves = false
    /// The bearer tokens accepted; none means no authentication (loopback use).
    package var tokens: Set<String> = []
    /// Where templates, tokens and locales come from (`--definitions`): never a path from a request.
    package var definitions: ReportDefinitions = .builtIn
    /// The products' labels (`--products`, docs/product-catalogue.md): what a job's products
    /// leave out is filled from it in every report, record and check, as `report-gen --products`
    /// does, and the drop page's check counts it (a product named there gets its authorisation).
    package var catalogue: ProductCatalogue?

    package init() {}

    /// The tokens of a token file: one a line; blank lines and lines starting with `#` are skipped.
    package static func tokens(inFile path: String) throws -> Set<String> {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let tokens = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !tokens.isEmpty else { throw SettingsError("\(path) holds no token; expected one token a line") }
        if let short = tokens.first(where: { $0.count < 16 }) {
            throw SettingsError("\(path): a token of \(short.count) characters is too easy to guess; use at least 16 (for example `openssl rand -hex 32`)")
        }
        return Set(tokens)
    }
}

/// A setting the server cannot start with.
package struct SettingsError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
