import FoundationEssentials
import Glibc

/// The font files a text engine uses, and nothing else: output does not change with the fonts a
/// machine happens to have.
public struct FontSet: Sendable, Hashable {
    /// The family every text style names.
    public var family: String
    /// The family's font files (one per weight and style used).
    public var files: [String]
    /// Fonts for characters the family lacks (Hebrew, Arabic, symbols, emoji), tried after it.
    public var fallbackFiles: [String]

    public init(family: String, files: [String], fallbackFiles: [String] = []) {
        self.family = family
        self.files = files
        self.fallbackFiles = fallbackFiles
    }

    /// Inter from Debian's fonts-inter, with DejaVu Sans (fonts-dejavu-core) and then Symbola
    /// (fonts-symbola: emoji as black-and-white outlines, which print) as fallbacks.
    public static let inter: FontSet = {
        let inter = "/usr/share/fonts/opentype/inter/Inter-"
        return FontSet(
            family: "Inter",
            files: ["Regular", "Italic", "Medium", "MediumItalic", "SemiBold", "SemiBoldItalic", "Bold", "BoldItalic"]
                .map { inter + $0 + ".otf" },
            fallbackFiles: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                            "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"]
        )
    }()

    /// Checks that every file is there and readable, naming the first that is not.
    func checkFiles() throws(RenderError) {
        for file in files + fallbackFiles where !FileManager.default.isReadableFile(atPath: file) {
            let package = Self.debianPackages.first { file.hasPrefix($0.key) }.map { "Debian's \($0.value)" } ?? "it"
            throw RenderError("font file \(file) is missing or unreadable; install \(package) or configure other fonts", code: "render.fonts")
        }
    }

    /// Where the Debian packages of the built-in font set put their files.
    private static let debianPackages = [
        "/usr/share/fonts/opentype/inter/": "fonts-inter",
        "/usr/share/fonts/truetype/dejavu/": "fonts-dejavu-core",
        "/usr/share/fonts/truetype/ancient-scripts/": "fonts-symbola",
    ]
}
