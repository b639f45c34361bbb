import Foundation
import Testing

/// The folders say what is in them (README.md, "How the code is laid out"): only rendering,
/// finishing and the C libraries' bindings reach a C library, each binding in a folder of its
/// own, and `Finish/` is PDF finishing only.
@Suite("The source folders")
struct SourceLayoutTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ReportKit")

    /// Every Swift file under Sources/ReportKit, by its path inside it, with its text.
    static func files() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The C modules of libraries (the OS's own calls, CLinux and CMalloc, aside).
    static let libraries = ["CCairo", "CQPDF", "CLibXML2", "CXLSXWriter", "CQRencode"]

    @Test func onlyRenderingFinishingAndBindingsReachACLibrary() throws {
        var reaching = 0
        for (path, text) in try Self.files() {
            let imports = Self.libraries.filter { text.contains("import \($0)\n") }
            guard !imports.isEmpty else { continue }
            reaching += 1
            #expect(["Render/", "Finish/", "Bindings/"].contains { path.hasPrefix($0) }, "\(path) imports \(imports)")
        }
        #expect(reaching >= 20, "the sources were found and read: \(reaching) files import a C library")
    }

    @Test func eachLibrarysBindingHasAFolderOfItsOwn() throws {
        let folders: [String: String] = ["CQPDF": "Bindings/QPDF/", "CLibXML2": "Bindings/LibXML2/", "CXLSXWriter": "Bindings/LibXLSXWriter/"]
        for (path, text) in try Self.files() where path.hasPrefix("Bindings/") {
            for (module, folder) in folders where text.contains("import \(module)\n") {
                #expect(path.hasPrefix(folder), "\(path) binds \(module) outside \(folder)")
            }
        }
    }

    @Test func finishingHoldsNoWorkbookOrTaskData() throws {
        for (path, text) in try Self.files() where path.hasPrefix("Finish/") {
            #expect(!text.contains("import CXLSXWriter\n") && !text.contains("import CLibXML2\n"), "\(path)")
            #expect(!path.contains("Workbook") && !path.contains("TaskData"), "\(path)")
        }
    }
}
