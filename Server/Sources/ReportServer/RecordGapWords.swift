import Foundation
import ReportKit

/// What a job's record lacks, in the words of the person who sprayed rather than JSON paths:
/// "the authorisation number of Roundup 360 SL" for `record.pl.authorisation` at
/// `$.products[0].authorisation`. Chosen by the diagnostic's code, never its message. Used by
/// the drop page and the season ZIP's summary; a gap without words of its own keeps report-gen's message.
package enum RecordGapWords {
    /// The words for `diagnostic` (a ``JobCheck/missing`` warning) of `job`, in `language`.
    package static func words(for diagnostic: Diagnostic, in job: SprayJob?, language: ReportLanguage) -> String {
        let say = language.say
        let code = diagnostic.code.map { String($0.split(separator: ".").last ?? "") } ?? ""
        if let index = productIndex(diagnostic.path.description) {
            let name = job.flatMap { index < $0.products.count ? $0.products[index].name : nil }
            let quoted = name.map { "„\($0)”" }
            let product = quoted ?? say("środka nr \(index + 1)", "product \(index + 1)", "Mittel \(index + 1)")
            let ofProduct = name == nil ? product : "środka " + product
            let ofProductDE = quoted.map { "von \($0)" } ?? "von Mittel \(index + 1)"
            switch code {
            case "authorisation": return say("numer zezwolenia \(ofProduct)", "the authorisation number of \(product)", "die Zulassungsnummer \(ofProductDE)")
            case "authorisation-form": return say("numer zezwolenia BVL \(ofProduct) (np. 024485-00)", "the BVL authorisation number of \(product) (such as 024485-00)",
                                                  "die BVL-Zulassungsnummer \(ofProductDE) (etwa 024485-00)")
            case "epa-registration": return say("numer rejestracji EPA \(ofProduct)", "the EPA registration number of \(product)", "die EPA-Registriernummer \(ofProductDE)")
            case "product-name": return say("nazwa \(product)", "the name of \(product)", "der Name \(ofProductDE)")
            case "active-ingredients": return say("substancje czynne \(ofProduct)", "the active ingredients of \(product)", "die Wirkstoffe \(ofProductDE)")
            case "restricted-entry": return say("okres prewencji (wejścia na pole) \(ofProduct)", "the restricted-entry interval of \(product)",
                                                "die Wiederbetretungsfrist \(ofProductDE)")
            default: break
            }
        }
        switch code {
        case "date": return say("data zabiegu", "the date of the spraying", "das Anwendungsdatum")
        case "start-time": return say("data i godzina rozpoczęcia zabiegu", "the date and start time of the spraying", "Datum und Uhrzeit des Beginns")
        case "end-time": return say("godzina zakończenia zabiegu", "the time the spraying ended", "die Uhrzeit des Endes")
        case "cadastral": return say("numery działek ewidencyjnych", "the cadastral parcel numbers", "die Flurstücksnummern")
        case "parcels": return say("działki, na których wykonano zabieg (oznaczenie z wniosku o dopłaty)", "the parcels sprayed (their label in the aid application)",
                                   "der behandelte Schlag (FLIK oder Bezeichnung im Sammelantrag)")
        case "flik": return say("poprawny numer FLIK działki (16 znaków)", "a correct FLIK for the parcel (16 characters)", "ein gültiger FLIK des Schlags (16 Zeichen)")
        case "crop": return say("uprawa", "the crop", "die Kultur")
        case "crop-code": return say("kod EPPO uprawy", "the crop's EPPO code", "der EPPO-Code der Kultur")
        case "crop-area": return say("powierzchnia uprawy", "the area of the crop", "die Fläche der Kultur")
        case "location": return say("nazwa pola lub jego działki", "the field's name or its parcels", "der Name des Schlags oder seine Flächen")
        case "applicator": return say("imię i nazwisko osoby, która wykonała zabieg", "the name of the person who sprayed", "der Name des Anwenders")
        case "recorded-late": return say("zapis w ciągu 30 dni od zabiegu", "a record made within 30 days of the spraying", "die Aufzeichnung binnen 30 Tagen nach der Anwendung")
        case "target": return say("cel zabiegu (agrofag: choroba, szkodnik, chwasty)", "what was sprayed against (pest, disease or weeds)",
                                  "der Grund der Anwendung (Krankheit, Schädling, Unkraut)")
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
