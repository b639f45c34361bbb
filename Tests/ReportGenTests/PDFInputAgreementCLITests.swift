import Foundation
import Testing
import CLITestSupport

/// A PDF given as input is read by one reader for every command: the same job attachments are
/// accepted and refused by validate, plan, render, batch and record, with the same reason (a job
/// attachment holding JSON Lines was once valid to `validate` and refused by `plan`).
@Suite("A PDF as input, one answer")
struct PDFInputAgreementCLITests {
    static let job = Array((try? Data(contentsOf: URL(fileURLWithPath: ReportGen.example("herbicide-pl.json")))) ?? Data())

    /// Each attachment, and the words every command's refusal must hold (nil: accepted).
    static func cases() throws -> [(name: String, bytes: [UInt8], refusal: String?)] {
        // The job on one line, as JSON Lines holds it.
        let line = String(decoding: try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: Data(job))), as: UTF8.self)
        return [
            ("a job", job, nil),
            ("JSON Lines", Array("\(line)\n\(line)\n".utf8), "not one JSON document"),
            ("a PDF", Array("%PDF-1.7\n%%EOF\n".utf8), "is itself a PDF"),
            ("not JSON", Array("job: herbicide".utf8), "is not JSON"),
        ]
    }

    @Test(arguments: ["validate", "plan", "render", "batch", "record"])
    func everyCommandAcceptsAndRefusesTheSameAttachments(command: String) throws {
        let folder = try ScratchFolder()
        for (index, (name, bytes, refusal)) in try Self.cases().enumerated() {
            let pdf = folder.path("input-\(index).pdf")
            try HostilePDF(attachments: [.init(name: "job.json", bytes: bytes)]).write(to: pdf)
            let arguments: [String] = switch command {
            case "render": [pdf, "-o", folder.path("out-\(index).pdf")]
            case "batch": ["batch", pdf, "-o", folder.path("batch-\(index)/")]
            case "record": ["record", pdf, "-o", folder.path("record-\(index).json")]
            default: [command, pdf]
            }
            let run = try ReportGen.run(arguments)
            if let refusal {
                #expect(run.status == 65 && run.stderr.contains(refusal), "\(command), \(name): \(run.status) \(run.stderr)")
            } else {
                #expect(run.status == 0, "\(command), \(name): \(run.stderr)")
            }
        }
    }
}
