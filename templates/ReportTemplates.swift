import Foundation

/// The built-in tokens, locales and report templates, bundled with the package. The files in
/// this folder are data; this one file exists because a Swift target must have source.
public enum BuiltInTemplates {
    /// The folder holding `tokens.json`, `locales/` and `reports/`.
    public static var directory: String {
        Bundle.module.resourceURL?.path ?? Bundle.module.bundlePath
    }
}
