import Foundation
import Hummingbird
import ReportServer

// Served on loopback by default (docs/server.md): REPORT_GEN_SERVER_PORT picks the port.
let port = Int(ProcessInfo.processInfo.environment["REPORT_GEN_SERVER_PORT"] ?? "") ?? 8080
try await ServerApplication.application(port: port).runService()
