import Testing
@testable import ReportKit

/// The text engine describes its fonts from fontconfig's system cache when it can (reading a
/// font file to describe it costs more than a report's drawing); a font described from the cache
/// must be the font read from its file, or matching and fallback would change.
@Suite("Fonts described from fontconfig's cache")
struct FontCacheTests {
    private let files = FontSet.inter.files + FontSet.inter.fallbackFiles

    @Test func aCachedFontIsDescribedAsItsFileIs() throws {
        let cached = try FontConfiguration()
        try cached.addFonts(files)
        let read = try FontConfiguration()
        try read.addFonts(files, cacheFolder: "/nonexistent-cache-folder")
        #expect(cached.fontDescriptions.count == files.count)
        #expect(cached.fontDescriptions.sorted() == read.fontDescriptions.sorted())
    }

    @Test func fontsKeepTheirOrder() throws {
        let configuration = try FontConfiguration()
        try configuration.addFonts(files)
        let order = configuration.fontDescriptions.map { $0.split(separator: " ")[0] }.map(String.init)
        #expect(order == files)
    }
}
