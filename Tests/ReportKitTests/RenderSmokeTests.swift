import Foundation
import Testing
@testable import ReportKit

@Suite("Render smoke")
struct RenderSmokeTests {
    @Test func writesSample() throws {
        let engine = try #require(sharedEngine)
        let document = try SampleDocuments.document(rows: 300, engine: engine)
        let pdf = try PDFRenderer(text: engine).render(document)
        try OutputFile.write(pdf, to: "/tmp/sample.pdf")
        try OutputFile.write(try PNGRenderer(text: engine).render(document.pages[0], dpi: 60), to: "/tmp/sample-1.png")
        #expect(document.pages.count > 3)
    }
}
