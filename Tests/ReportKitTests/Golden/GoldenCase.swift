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
    /// The goldens of the cairo series this process runs with: each series writes the same pages
    /// in bytes of its own (docs/pdf-standards.md).
    static var expectedFolder: URL { expectedFolder(series: CairoOutputContract.runtimeSeries) }

    static func expectedFolder(series: String) -> URL { folder.appendingPathComponent("expected/cairo-\(series)") }

    /// Every series finishing supports, "1.16" and "1.18".
    static var allSeries: [String] { CairoOutputContract.supportedSeries.map { "\($0.major).\($0.minor)" } }
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
    var expectedPath: String { expectedPath(series: CairoOutputContract.runtimeSeries) }

    func expectedPath(series: String) -> String { Self.expectedFolder(series: series).appendingPathComponent("\(name).pdf").path }

    var options: ReportOptions { ReportOptions(template: template, theme: theme, language: locale) }

    /// The golden's PDF as `report-gen` writes it, made by the same one call: finished to
    /// `standard`, carrying its job and plan (or, for a cover, its history and record).
    func render(standard: PDFStandard = .archivalAccessible) throws -> [UInt8] {
        var options = options
        options.pdfStandard = standard
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: inputPath)))
        return try #require(try ReportGenerator(options: options).report(from: bytes).pdf)
    }
}
