import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import ReportKit
import ReportServer

/// `report-gen-server`: the HTTP API and the drop page (docs/server.md).
@main
struct ReportGenServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report-gen-server",
        abstract: "Serve spray reports and the record over HTTP, with a drop page in Polish, English and German.",
        discussion: """
            Served on loopback (127.0.0.1:8080) unless told otherwise; a server on a network should \
            have --tokens. SIGTERM or SIGINT stop taking new connections and finish the requests in \
            flight before the server exits.
            """)

    /// ReportKit's process-wide choices, made before any thread starts, as report-gen makes them:
    /// without them each report cost about a third more CPU (docs/performance.md, "The server").
    /// The server finishes every PDF in memory, so all of them apply.
    static func main() async {
        ReportKitProcess.prepare(.all)
        await main(nil)
    }

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @Option(help: ArgumentHelp("The largest request body read, in bytes (413 beyond it).", valueName: "bytes"))
    var bodyLimit = ServerSettings().bodyLimit
    @Option(help: "The most jobs a history may hold in one request (413 beyond it).") var jobsPerBatch = ServerSettings().jobsPerBatch
    @Option(help: "Renders at once (default: one per core).") var renders = ServerSettings().concurrentRenders
    @Option(help: "Requests waiting for a render before new ones are refused with 429.") var queue = ServerSettings().queueLength
    @Option(help: ArgumentHelp("How long a request may take, in seconds (503 beyond it).", valueName: "seconds"))
    var deadline = 60.0
    @Option(help: ArgumentHelp("Seconds a connection may send nothing before it is closed.", valueName: "seconds"))
    var idleTimeout = 30.0
    @Option(help: ArgumentHelp("Seconds a request's body may take to arrive whole (408 beyond it).", valueName: "seconds"))
    var bodyTimeout = 60.0
    @Option(help: ArgumentHelp("A file of bearer tokens, one a line: the API then asks for one.", valueName: "file"))
    var tokens: String?
    @Option(help: ArgumentHelp("A folder of definitions (`report-gen templates --export`): its templates, tokens and locales.", valueName: "folder"))
    var definitions: String?
    @Option(help: ArgumentHelp("The products' labels, JSON or CSV (docs/product-catalogue.md): fills what a job's products leave out and checks doses, as `report-gen --products` does.", valueName: "file"))
    var products: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical.") var logLevel = "info"

    func run() async throws {
        var settings = ServerSettings()
        settings.host = host
        settings.port = port
        settings.bodyLimit = bodyLimit
        settings.jobsPerBatch = jobsPerBatch
        settings.concurrentRenders = renders
        settings.queueLength = queue
        settings.deadline = .milliseconds(Int(deadline * 1_000))
        settings.idleTimeout = .milliseconds(Int(idleTimeout * 1_000))
        settings.bodyTimeout = .milliseconds(Int(bodyTimeout * 1_000))
        settings.cancelsWhenTheClientLeaves = true
        if let tokens { settings.tokens = try ServerSettings.tokens(inFile: tokens) }
        if let definitions { settings.definitions = try ReportDefinitions.folder(definitions) }
        if let products {
            guard let file = FileManager.default.contents(atPath: products) else { throw ValidationError("--products: cannot read \(products)") }
            do {
                settings.catalogue = try ProductCatalogue.read(Array(file), file: products)
            } catch {
                throw ValidationError("--products: \(error)")
            }
        }
        guard let level = Logger.Level(rawValue: logLevel) else { throw ValidationError("--log-level: expected trace, debug, info, notice, warning, error or critical") }
        var logger = Logger(label: "report-gen-server")
        logger.logLevel = level
        let service = ReportService(settings: settings)
        if let problem = service.readiness() { throw ValidationError("the server cannot draw a report: \(problem)") }
        ServerMetrics.bootstrap()
        let idle = TimeAmount.milliseconds(Int64(idleTimeout * 1_000))
        let app = Application(router: try ServerApplication.router(service: service),
                              server: .http1(configuration: .init(additionalChannelHandlers: [FinishWritesBeforeClose()], idleTimeout: idle)),
                              configuration: .init(address: .hostname(host, port: port), serverName: "report-gen"),
                              logger: logger)
        try await app.runService()
    }
}
