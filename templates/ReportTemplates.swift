/// The built-in tokens, locales and report templates. The JSON files in this folder are the one
/// source; the EmbedDefinitions build plugin compiles them into this target as
/// ``EmbeddedDefinitions``, so report-gen carries them inside its executable.
public enum BuiltInTemplates {
    /// The definition files by their path inside `templates/` (`tokens.json`, `locales/pl.json`,
    /// `reports/spray-report.json`).
    public static var files: [String: String] { EmbeddedDefinitions.files }
}
