import CLITestSupport
import Foundation
import Testing

/// Start-up pays only for what a command uses: the libraries only some commands need (qpdf to
/// read a PDF back, libxlsxwriter for a workbook, libxml2 and the ICU it brings for task data)
/// are loaded by those commands alone. Asked of the dynamic loader itself (`LD_DEBUG=files`),
/// which lists every library a process loads, linked or opened.
@Suite("Libraries a command loads")
struct LoadedLibrariesTests {
    /// The libraries the loader says `arguments` loaded, by file name ("libxml2.so.2").
    static func loaded(_ arguments: [String]) throws -> Set<String> {
        let run = try ReportGen.run(arguments, environment: ["LD_DEBUG": "files"])
        let name = try Regex(#"file=(\S+)"#)
        return Set(run.stderr.matches(of: name).compactMap { $0.output[1].substring.map { String($0.split(separator: "/").last ?? $0) } })
    }

    static let onDemand = ["libxml2", "libicuuc", "libicudata", "libxlsxwriter", "libqpdf"]

    static func onDemandLibraries(in loaded: Set<String>) -> [String] {
        loaded.filter { file in onDemand.contains { file.hasPrefix($0 + ".so") } }.sorted()
    }

    @Test func theVersionAndAPlainReportLoadNoLibraryTheyDoNotUse() throws {
        let folder = try ScratchFolder()
        let version = try Self.loaded(["--version"])
        #expect(version.contains { $0.hasPrefix("libcairo.so") }, "the loader's list was read: \(version.sorted())")
        #expect(Self.onDemandLibraries(in: version).isEmpty, "--version loaded \(Self.onDemandLibraries(in: version))")
        let report = try Self.loaded([ReportGen.example("herbicide-pl.json"), "-o", folder.path("report.pdf")])
        #expect(FileManager.default.fileExists(atPath: folder.path("report.pdf")))
        #expect(Self.onDemandLibraries(in: report).isEmpty, "a report loaded \(Self.onDemandLibraries(in: report))")
    }

    @Test func taskDataLoadsLibXML2WhenItIsMade() throws {
        let folder = try ScratchFolder()
        let taskData = try Self.loaded(["isoxml", ReportGen.example("herbicide-pl.json"), "-o", folder.path("usb")])
        #expect(FileManager.default.fileExists(atPath: folder.path("usb/TASKDATA/TASKDATA.XML")))
        #expect(taskData.contains("libxml2.so.2"), "\(taskData.sorted())")
    }
}
