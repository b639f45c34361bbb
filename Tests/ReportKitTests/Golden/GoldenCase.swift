import Foundation
import Testing
@testable import ReportKit

/// One golden-file case of Tests/Golden/cases.json: an input, how to draw it, and text its PDF
/// must contain.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let template: String
    let theme: ThemeName
    let locale: ReportLanguage?
    /// Strings pdftotext must find in the report (no-break spaces read as spaces).
    let text: [String]

    var testDescription: String { name }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Golden").standardizedFileURL
    static var expectedFolder: URL { folder.appendingPathComponent("expected") }
    /// Where a failing comparison leaves the actual PDF and the difference images (git ignores it).
    static let artifacts = folder.appendingPathComponent("../Artifacts/golden").standardizedFileURL

    /// True when the goldens are being re-recorded on purpose (scripts/record-goldens.sh).
    static var recording: Bool { ProcessInfo.processInfo.environment["REPORTKIT_RECORD_GOLDENS"] == "1" }

    static let all: [GoldenCase] = {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("cases.json").path),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { entry in
            guard let name = entry["name"] as? String, let input = entry["input"] as? String,
                  let template = entry["template"] as? String, let theme = (entry["theme"] as? String).flatMap(ThemeName.init),
                  let text = entry["text"] as? [String] else { return nil }
            return GoldenCase(name: name, input: input, template: template, theme: theme,
                              locale: (entry["locale"] as? String).flatMap(ReportLanguage.init), text: text)
        }
    }()

    var inputPath: String { Self.folder.appendingPathComponent("inputs/\(input)").path }
    var expectedPath: String { Self.expectedFolder.appendingPathComponent("\(name).pdf").path }

    var options: ReportOptions { ReportOptions(template: template, theme: theme, language: locale) }

    /// Renders the case as report-gen does: the same generator, the same document stage.
    /// The golden's PDF as `report-gen` writes it: finished to `standard`, carrying its job and
    /// plan (or, for a cover, its history).
    func render(standard: PDFStandard = .archivalAccessible) throws -> [UInt8] {
        var options = options
        options.pdfStandard = standard
        let generator = try ReportGenerator(options: options)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: inputPath)))
        let composed: ComposedReport
        var attachments: [PDFAttachment] = []
        switch try JobDecoder.decodeDocument(bytes) {
        case .job(let decoded):
            let plan = try SprayCalculator.plan(for: decoded.job, inputWarnings: decoded.warnings)
            composed = try generator.compose(plan)
            attachments = try generator.attachments(source: bytes, plan: plan)
        case .history(let entries):
            let plans = try entries.map { entry in
                let decoded = try entry.result.get()
                return try SprayCalculator.plan(for: decoded.job, inputWarnings: decoded.warnings)
            }
            if generator.template.subject == .history {
                composed = try generator.composeHistory(plans)
                attachments = generator.attachments(history: bytes, records: plans.flatMap { RecordLine.lines(of: $0) })
            } else {
                composed = try generator.compose(plans[0])
                attachments = try generator.attachments(source: entries[0].source, plan: plans[0])
            }
        }
        return try generator.pdf(try generator.layout(composed), attachments: attachments)
    }
}
