import Foundation
import ReportKit

/// What a job's record lacks, in the words of the person who sprayed rather than JSON paths:
/// "the authorisation number of Roundup 360 SL" for `record.pl.authorisation` at
/// `$.products[0].authorisation`. Chosen by the diagnostic's code, never its message. Used by
/// the drop page and the season ZIP's summary; a gap without words of its own keeps report-gen's message.
package enum RecordGapWords {
    /// The words for `diagnostic` (a ``JobCheck/missing`` warning) of `job`, in `language`.
    package static func words(for diagnostic: Diagnostic, in job: SprayJob?, language: ReportLanguage) -> String {
        let polish = language == .polish
        let code = diagnostic.code.map { String($0.split(separator: ".").last ?? "") } ?? ""
        if let index = productIndex(diagnostic.path.description) {
            let name = job.flatMap { index < $0.products.count ? $0.products[index].name : nil }
            let product = name.map { "„\($0)”" } ?? (polish ? "środka nr \(index + 1)" : "product \(index + 1)")
            let ofProduct = name == nil ? product : (polish ? "środka " : "") + product
            switch code {
            case "authorisation": return polish ? "numer zezwolenia \(ofProduct)" : "the authorisation number of \(product)"
            case "epa-registration": return polish ? "numer rejestracji EPA \(ofProduct)" : "the EPA registration number of \(product)"
            case "product-name": return polish ? "nazwa \(product)" : "the name of \(product)"
            case "active-ingredients": return polish ? "substancje czynne \(ofProduct)" : "the active ingredients of \(product)"
            case "restricted-entry": return polish ? "okres prewencji (wejścia na pole) \(ofProduct)" : "the restricted-entry interval of \(product)"
            case "authorisation-form": return polish ? "numer zezwolenia BVL \(ofProduct) (np. 024485-00)" : "the BVL authorisation number of \(product) (such as 024485-00)"
            default: break
            }
        }
        switch code {
        case "date": return polish ? "data zabiegu" : "the date of the spraying"
        case "start-time": return polish ? "data i godzina rozpoczęcia zabiegu" : "the date and start time of the spraying"
        case "end-time": return polish ? "godzina zakończenia zabiegu" : "the time the spraying ended"
        case "cadastral": return polish ? "numery działek ewidencyjnych" : "the cadastral parcel numbers"
        case "parcels": return polish ? "działki, na których wykonano zabieg (oznaczenie z wniosku o dopłaty)" : "the parcels sprayed (their label in the aid application)"
        case "crop": return polish ? "uprawa" : "the crop"
        case "crop-code": return polish ? "kod EPPO uprawy" : "the crop's EPPO code"
        case "crop-area": return polish ? "powierzchnia uprawy" : "the area of the crop"
        case "location": return polish ? "nazwa pola lub jego działki" : "the field's name or its parcels"
        case "applicator": return polish ? "imię i nazwisko osoby, która wykonała zabieg" : "the name of the person who sprayed"
        case "flik": return polish ? "poprawny numer FLIK działki (16 znaków)" : "a correct FLIK for the parcel (16 characters)"
        case "recorded-late": return polish ? "zapis w ciągu 30 dni od zabiegu" : "a record made within 30 days of the spraying"
        case "target": return polish ? "cel zabiegu (agrofag: choroba, szkodnik, chwasty)" : "what was sprayed against (pest, disease or weeds)"
        default: return diagnostic.message
        }
    }

    /// `2` for `$.products[2].authorisation` or `$[4].chemicalRate[2].name`: the product a gap is of.
    static func productIndex(_ path: String) -> Int? {
        guard let match = path.range(of: #"\[(\d+)\]\.[A-Za-z]+$"#, options: .regularExpression),
              !path[..<match.lowerBound].hasSuffix("parcels") else { return nil }
        return Int(path[match].dropFirst().prefix { $0.isNumber })
    }
}
