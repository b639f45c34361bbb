import ReportKit

/// What a job's record lacks, in the words of the person who sprayed rather than JSON paths:
/// "the authorisation number of Roundup 360 SL" for `$.products[0].authorisation`. Used by the
/// drop page and the season ZIP's summary; a gap without words of its own keeps report-gen's message.
package enum RecordGapWords {
    /// The words for `diagnostic` (a ``JobCheck/missing`` warning) of `job`, in `language`.
    package static func words(for diagnostic: Diagnostic, in job: SprayJob?, language: ReportLanguage) -> String {
        let path = diagnostic.path.description
        let polish = language == .polish
        if let (index, field) = productField(path) {
            let name = job.flatMap { index < $0.products.count ? $0.products[index].name : nil }
            let product = name.map { "„\($0)”" } ?? (polish ? "środka nr \(index + 1)" : "product \(index + 1)")
            switch field {
            case "authorisation": return polish ? "numer zezwolenia \(name == nil ? product : "środka " + product)" : "the authorisation (registration) number of \(product)"
            case "name": return polish ? "nazwa \(product)" : "the name of \(product)"
            case "activeIngredients": return polish ? "substancje czynne \(name == nil ? product : "środka " + product)" : "the active ingredients of \(product)"
            case "restrictedEntryHours": return polish ? "okres prewencji (wejścia na pole) \(name == nil ? product : "środka " + product)" : "the restricted-entry interval of \(product)"
            default: break
            }
        }
        // A history's entry is `$[3].field.parcels` or `$.jobs[3].field.parcels`: the end says what.
        let key = Self.keys.first { path.hasSuffix("." + $0) } ?? ""
        switch key {
        case "date": return polish ? "data (i godzina) zabiegu" : "the date (and start time) of the spraying"
        case "endDate": return polish ? "godzina zakończenia zabiegu" : "the time the spraying ended"
        case "field.parcels" where diagnostic.message.contains("cadastral"):
            return polish ? "numery działek ewidencyjnych" : "the cadastral parcel numbers"
        case "field.parcels": return polish ? "działki, na których wykonano zabieg (oznaczenie z wniosku o dopłaty)" : "the parcels sprayed (their label in the aid application)"
        case "field.crop": return polish ? "uprawa" : "the crop"
        case "field.cropCode": return polish ? "kod EPPO uprawy" : "the crop's EPPO code"
        case "field.cropArea": return polish ? "powierzchnia uprawy" : "the area of the crop"
        case "field.name": return polish ? "nazwa pola lub jego działki" : "the field's name or its parcels"
        case "target": return polish ? "cel zabiegu (agrofag: choroba, szkodnik, chwasty)" : "what was sprayed against (pest, disease or weeds)"
        case "holding": return polish ? "numer gospodarstwa (producenta)" : "the holding's number"
        case "operator": return polish ? "kto wykonał zabieg" : "who sprayed"
        case "operatorLicence": return polish ? "numer zaświadczenia o szkoleniu" : "the sprayer operator's certificate number"
        default: return diagnostic.message
        }
    }

    private static let keys = ["field.parcels", "field.cropCode", "field.cropArea", "field.crop", "field.name", "endDate", "date",
                               "target", "holding", "operatorLicence", "operator"]

    /// `(2, "authorisation")` for `$.products[2].authorisation`.
    private static func productField(_ path: String) -> (Int, String)? {
        guard let open = path.range(of: "products["), let close = path[open.upperBound...].firstIndex(of: "]"),
              let index = Int(path[open.upperBound..<close]) else { return nil }
        let rest = path[path.index(after: close)...]
        guard rest.hasPrefix(".") else { return nil }
        return (index, String(rest.dropFirst()))
    }
}
