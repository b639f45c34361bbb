internal import CCairo

/// What the finishing stage relies on in the PDF cairo writes, as checks that fail loudly on a
/// cairo it was not made for, rather than finishing its output into a broken or different file.
///
/// Finishing reads cairo's file as a model (``CairoPDFFile``) and completes it object by object
/// (docs/pdf-standards.md, "cairo"). It is made for, and its goldens are recorded with, the cairo
/// series in ``supportedSeries`` (1.16: Debian 12, Ubuntu 22.04; 1.18: Debian 13, Ubuntu 24.04),
/// whose output it relies on being:
///
/// 1. a PDF of version 1.7 or lower (finishing declares 1.7 in the catalog, PDF/A-3's version);
/// 2. one body with a classic cross-reference table and a trailer, never updated (no /Prev),
///    no cross-reference stream, no object streams;
/// 3. objects numbered from 1 without gaps, each at the offset its cross-reference gives, one
///    after another (finishing copies each object's bytes by that span);
/// 4. tagged, when a structure was drawn: a catalog with /StructTreeRoot, holding cairo's
///    elements in the order they were made, with no Document element (cairo drops a tag that
///    spans pages; finishing adds one), no attributes and no artifacts;
/// 5. streams compressed with Flate or not at all, a stream's /Length an object of its own.
///
/// The series write different bytes for the same page (1.18 is asked for PDF 1.4, writes no
/// `/ActualText` spans and exact glyph widths), so each has goldens of its own; the fonts are
/// embedded the same way by both (Inter as CFF, DejaVu as TrueType).
/// The version is checked when the first PDF is made and shown by `report-gen --version`; rules
/// 1 to 3 are checked on every file before it is finished; 4 and 5 where finishing reads them.
package enum CairoOutputContract {
    /// The cairo series finishing is made and tested for, oldest first.
    package static let supportedSeries: [(major: Int, minor: Int)] = [(1, 16), (1, 18)]

    /// "cairo 1.16 or 1.18".
    package static var supportedDescription: String {
        "cairo " + supportedSeries.map { "\($0.major).\($0.minor)" }.joined(separator: " or ")
    }

    /// The version of the cairo this process runs with, "1.16.0".
    package static var runtimeVersion: String { String(cString: cairo_version_string()) }

    /// The series of the cairo this process runs with, "1.16".
    package static var runtimeSeries: String {
        let version = Int(cairo_version())
        return "\(version / 10_000).\(version / 100 % 100)"
    }

    /// The PDF version cairo is asked to write, so that its file keeps rule 2: cairo 1.18 puts
    /// objects in object streams behind a cross-reference stream for PDF 1.5 and later, and
    /// writes them one by one with a classic table only for 1.4; 1.16 never uses object streams
    /// and keeps its default (1.5), so its output, and its goldens, stay as they were. Nothing
    /// finishing relies on needs 1.5: finishing declares 1.7 itself; cairo leaves out only
    /// /ActualText spans, which its ToUnicode maps make needless for the text drawn.
    static var requestedPDFVersion: cairo_pdf_version_t? {
        Int(cairo_version()) >= 11_800 ? CAIRO_PDF_VERSION_1_4 : nil
    }

    /// Why the running cairo is not one finishing was made for; nil when it is.
    package static var runtimeProblem: String? { problem(withVersion: Int(cairo_version())) }

    /// Why cairo of `version` (cairo's encoding: major × 10,000 + minor × 100 + micro) is not one
    /// finishing was made for.
    package static func problem(withVersion version: Int) -> String? {
        let major = version / 10_000, minor = version / 100 % 100, micro = version % 100
        guard !supportedSeries.contains(where: { $0.major == major && $0.minor == minor }) else { return nil }
        return "this ReportKit finishes PDFs written by \(supportedDescription); the running cairo is \(major).\(minor).\(micro), a series "
            + "finishing was never tested with (docs/pdf-standards.md). Install a supported cairo (Debian 12 or 13, Ubuntu 22.04 or 24.04), or write PNG pages"
    }

    /// Checks rules 1 and 3 on cairo's file (rule 2 is checked as it is read); `everyObject` checks each object's place (a document
    /// in memory), else only the first's and the last's (a combined document in its file).
    static func check(_ file: CairoPDFFile, everyObject: Bool) throws(RenderError) {
        let header = try file.source.window(at: 0, minimum: 16)
        let headerText = String(decoding: header.bytes.prefix(16), as: UTF8.self)
        guard headerText.hasPrefix("%PDF-1."), let minor = headerText.dropFirst(7).first?.wholeNumberValue, minor <= 7 else {
            throw broken(1, "its header is \(String(reflecting: String(headerText.prefix(8))))")
        }
        let numbers = file.numbersInUse
        guard numbers.first == 1, numbers.last == numbers.count else {
            throw broken(3, "its objects are not numbered from 1 without gaps (\(numbers.count) objects, the last \(numbers.last ?? 0))")
        }
        let checked = everyObject ? numbers : [numbers.first, numbers.last].compactMap { $0 }
        for number in checked where !(try file.objectStarts(number)) {
            throw broken(3, "object \(number) is not where its cross-reference says")
        }
    }

    static func broken(_ rule: Int, _ what: String) -> RenderError {
        RenderError("the PDF from cairo \(runtimeVersion) breaks rule \(rule) of what finishing relies on (CairoOutputContract): \(what). "
            + "Finishing was made for \(supportedDescription)")
    }
}
