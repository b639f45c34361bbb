import Foundation

/// The built-in tokens, locales and report templates, bundled with the package. The files in
/// this folder are data; this one file exists because a Swift target must have source.
public enum BuiltInTemplates {
    /// The folder holding `tokens.json`, `locales/` and `reports/`: the resource bundle the build
    /// puts beside the executable (copy it along when installing `report-gen`), else this source
    /// folder when running from a checkout; nil when neither is there.
    ///
    /// Looked up by hand rather than with `Bundle.module`, which stops the process when the
    /// bundle is missing; a missing folder must be a clear error instead.
    public static let directory: String? = {
        let bundleName = "ReportKit_ReportTemplates.resources"
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent(bundleName))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent(bundleName))
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent())
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("tokens.json").path) }?.path
    }()
}
