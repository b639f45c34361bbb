import Foundation
import ReportKit

/// What a job's record lacks, in the words of the person who sprayed rather than JSON paths:
/// "the authorisation number of Roundup 360 SL" for `record.pl.authorisation` at
/// `$.products[0].authorisation`. Chosen by the diagnostic's code, never its message. Used by
/// the drop page and the season ZIP's summary; a gap without words of its own keeps report-gen's message.
package enum RecordGapWords {
    /// The words for `diagnostic` (a ``JobCheck/missing`` warning) of `job`, in `language`: the
    /// locale files' `gap.<item>` (`gap.product.<item>` with the product's name, else
    /// `gap.product-numbered.<item>` with its number), the words report-gen's own messages come from.
    package static func words(for diagnostic: Diagnostic, in job: SprayJob?, language: ReportLanguage) -> String {
        let definitions = ReportDefinitions.builtIn
        let code = diagnostic.code.map { String($0.split(separator: ".").last ?? "") } ?? ""
        if let index = productIndex(diagnostic.path.description) {
            let name = job.flatMap { index < $0.products.count ? $0.products[index].name : nil }
            let words = name.map { definitions.message("gap.product." + code, in: language, ["name": "„\($0)”"]) }
                ?? definitions.message("gap.product-numbered." + code, in: language, ["number": String(index + 1)])
            if let words { return words }
        }
        return definitions.message("gap." + code, in: language) ?? diagnostic.message(in: language)
    }

    /// `2` for `$.products[2].authorisation` or `$[4].chemicalRate[2].name`: the product a gap is of.
    static func productIndex(_ path: String) -> Int? {
        guard let match = path.range(of: #"\[(\d+)\]\.[A-Za-z]+$"#, options: .regularExpression),
              !path[..<match.lowerBound].hasSuffix("parcels") else { return nil }
        return Int(path[match].dropFirst().prefix { $0.isNumber })
    }
}
