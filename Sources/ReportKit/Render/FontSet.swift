import Foundation

/// The font files a text engine uses, and nothing else: output does not change with the fonts a
/// machine happens to have.
public struct FontSet: Sendable, Hashable {
    /// The family every text style names.
    public var family: String
    /// The family's font files (one per weight and style used).
    public var files: [String]
    /// Fonts for characters the family lacks (Hebrew, Arabic, symbols), tried after it.
    public var fallbackFiles: [String]

    public init(family: String, files: [String], fallbackFiles: [String] = []) {
        self.family = family
        self.files = files
        self.fallbackFiles = fallbackFiles
    }

    /// Inter from Debian's fonts-inter, with DejaVu Sans (fonts-dejavu-core) as fallback.
    public static let inter: FontSet = {
        let inter = "/usr/share/fonts/opentype/inter/Inter-"
        return FontSet(
            family: "Inter",
            files: ["Regular", "Italic", "Medium", "MediumItalic", "SemiBold", "SemiBoldItalic", "Bold", "BoldItalic"]
                .map { inter + $0 + ".otf" },
            fallbackFiles: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"]
        )
    }()

    /// Checks that every file is there and readable, naming the first that is not.
    func checkFiles() throws(RenderError) {
        for file in files + fallbackFiles where !FileManager.default.isReadableFile(atPath: file) {
            throw RenderError("font file \(file) is missing or unreadable; install it (fonts-inter, fonts-dejavu-core) or configure other fonts")
        }
    }
}
