import ReportKit

/// The words of the drop page's per-job forms and its season summary, in Polish and English.
struct DropFormWords {
    let polish: Bool

    init(language: String) { polish = language != "en" }

    func label(_ key: DropAnswers.Key, areaUnit: String) -> String {
        switch key {
        case .field: polish ? "Nazwa pola" : "Field name"
        case .crop: polish ? "Uprawa" : "Crop"
        case .cropCode: polish ? "Kod EPPO uprawy" : "The crop's EPPO code"
        case .cropArea: polish ? "Powierzchnia całej uprawy (\(areaUnit))" : "Area of the whole crop (\(areaUnit))"
        case .parcels: polish ? "Działki z wniosku o dopłaty (oznaczenia, po przecinku)" : "Parcels in the aid application (their labels, separated by commas)"
        case .cadastral: polish ? "Numery działek ewidencyjnych (po przecinku)" : "Cadastral parcel numbers (separated by commas)"
        case .target: polish ? "Cel zabiegu: agrofag (choroba, szkodnik, chwasty)" : "Target: the pest, disease or weeds"
        case .bbch: polish ? "Faza rozwojowa uprawy (BBCH), nieobowiązkowo" : "Growth stage of the crop (BBCH), optional"
        case .end: polish ? "Godzina zakończenia zabiegu (GG:MM)" : "Time the spraying ended (HH:MM)"
        }
    }

    func hint(_ key: DropAnswers.Key) -> String? {
        switch key {
        case .field: polish ? "Kolejne zabiegi na polu o tej nazwie dostaną jego uprawę i działki." : "Later jobs on a field of this name get its crop and parcels."
        case .crop: polish ? "Np. pszenica ozima; dla znanej uprawy strona podpowie kod EPPO." : "For example winter wheat; for a known crop the page suggests its EPPO code."
        case .cropCode: polish ? "Np. TRZAW (pszenica ozima); kody: gd.eppo.int" : "For example TRZAW (winter wheat); codes: gd.eppo.int"
        case .cropArea: polish ? "Co najmniej powierzchnia opryskana." : "At least the area sprayed."
        case .cadastral: polish ? "Np. 0212/3, 0212/4" : "For example 0212/3, 0212/4"
        case .target: polish ? "Np. chwasty dwuliścienne albo mączniak prawdziwy." : "For example broadleaf weeds or powdery mildew."
        case .end: polish ? "Np. 14:30" : "For example 14:30"
        case .parcels, .bbch: nil
        }
    }

    func label(_ key: DropAnswers.ProductKey, product: String?, number: Int, us: Bool) -> String {
        let which = product.map { polish ? "środka „\($0)”" : "of \($0)" } ?? (polish ? "środka nr \(number)" : "of product \(number)")
        switch key {
        case .name: return polish ? "Nazwa \(product == nil ? "środka nr \(number)" : which)" : "Name \(which)"
        case .authorisation: return us ? (polish ? "Numer rejestracji EPA \(which)" : "EPA registration number \(which)")
            : (polish ? "Numer zezwolenia \(which)" : "Authorisation number \(which)")
        case .ingredients: return polish ? "Substancje czynne \(which) (po przecinku)" : "Active ingredients \(which) (separated by commas)"
        case .rei: return polish ? "Okres prewencji \(which) (godziny)" : "Restricted-entry interval \(which) (hours)"
        }
    }

    /// A number as the page writes it: a whole one without decimals, a decimal comma in Polish.
    /// (Any finite value: an answer "same as above" copies may be far past a job's limits.)
    static func number(_ value: Double, polish: Bool) -> String {
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return polish ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// An area with its unit as the page writes it: "12,5 ha".
    static func area(_ area: Quantity<AreaUnit>, polish: Bool) -> String {
        number(area.value, polish: polish) + " " + unit(area.unit)
    }

    /// An area unit as a farmer writes it: m², not m2.
    static func unit(_ unit: AreaUnit) -> String { unit == .squareMetre ? "m²" : unit.rawValue }

    var sameAsAbove: String { polish ? "Tak samo jak zabieg wyżej (puste pola)" : "Same as the job above (for the empty fields)" }
    var fromEarlierJob: String { polish ? "Z wcześniejszego zabiegu na tym polu – sprawdź." : "From the earlier job on this field: check it." }
    func cropCodeSuggestion(_ code: String, crop: String) -> String {
        polish ? "Dla „\(crop)” w bazie EPPO: \(code) (gd.eppo.int/taxon/\(code))." : "For \"\(crop)\" the EPPO database has \(code) (gd.eppo.int/taxon/\(code))."
    }
    func suggested(_ count: Int) -> String {
        polish ? "podpowiedziano: \(count) – sprawdź" : "\(count) suggested: check"
    }
    var completeFor: String { polish ? "Kompletne zabiegi" : "Complete jobs" }
    func of(_ count: Int, _ total: Int) -> String { polish ? "\(count) z \(total)" : "\(count) of \(total)" }
    var mostMissing: String { polish ? "Najczęściej brakuje" : "Most often missing" }
    func jobs(_ count: Int) -> String {
        polish ? "\(count) \(DropPageTexts.polishPlural(count, "zabieg", "zabiegi", "zabiegów"))" : "\(count) \(count == 1 ? "job" : "jobs")"
    }
    func missingCount(_ count: Int) -> String { polish ? "brakuje: \(count)" : "\(count) missing" }
    var fillBelow: String {
        polish ? "Uzupełnij niżej to, czego brakuje w każdym zabiegu, i sprawdź jeszcze raz albo pobierz pliki – wpisane dane trafią do raportów, ewidencji i arkusza. Dane wspólne dla wszystkich zabiegów wpiszesz w punkcie 2."
            : "Fill in below what each job lacks, then check again or download: what you type goes into the reports, the record and the workbook. What every job shares goes under 2."
    }
    var onlyInApp: String { polish ? "Tego nie da się uzupełnić tutaj – popraw w aplikacji:" : "This cannot be filled in here; correct it in the app:" }
    var checkAgain: String { polish ? "Sprawdź jeszcze raz" : "Check again" }
    var answersRefused: String {
        polish ? "Niektórych wpisanych danych nie da się przyjąć – popraw pola zaznaczone niżej." : "Some of what you typed cannot be taken: correct the fields marked below."
    }
    var invalidField: String { polish ? "Błąd" : "Error" }

    func jurisdiction(_ jurisdiction: RecordJurisdiction) -> String {
        switch jurisdiction {
        case .pl: polish ? "Polska" : "Poland"
        case .eu: polish ? "UE" : "EU"
        case .us: polish ? "USA" : "US"
        case .de: polish ? "Niemcy" : "Germany"
        }
    }

    /// An entry that is not a job: the app's own field names, never JSON paths.
    func problem(_ diagnostic: Diagnostic) -> String {
        let path = diagnostic.path.description
        let names: [(String, String, String)] = [
            ("fieldArea", "powierzchnia pola", "the field's area"), ("areaUnit", "jednostka powierzchni", "the area's unit"),
            ("sprayRate", "dawka cieczy", "the spray volume"), ("chemicalRate", "dawka środka", "the product's rate"),
            ("tankCapacity", "pojemność zbiornika", "the tank's capacity"), ("date", "data", "the date"),
        ]
        let name = names.first { path.contains("." + $0.0) }.map { polish ? $0.1 : $0.2 }
        let what = name ?? (polish ? "zapis zabiegu" : "the entry")
        return "\(what): \(diagnostic.message)"
    }
}
