import ReportKit

/// The words of the drop page's per-job forms and its season summary, in Polish, English and German.
/// The words of the drop page's per-job forms and its season summary, in Polish, English and
/// German: the locale files' `page.form.*` messages.
struct DropFormWords {
    let language: ReportLanguage
    private let word: PageWords

    init(language: String) {
        self.language = ReportLanguage(rawValue: language) ?? .polish
        word = PageWords(self.language)
    }

    func label(_ key: DropAnswers.Key, areaUnit: String) -> String {
        word("form.label." + key.rawValue, ["unit": areaUnit])
    }

    func hint(_ key: DropAnswers.Key) -> String? {
        switch key {
        case .parcels, .bbch: nil
        default: word("form.hint." + key.rawValue)
        }
    }

    func label(_ key: DropAnswers.ProductKey, product: String?, number: Int, us: Bool) -> String {
        let which = product.map { word("form.product.named", ["name": $0]) } ?? word("form.product.numbered", ["number": String(number)])
        let label = key == .authorisation && us ? "epaRegistration" : key.rawValue
        return word("form.product." + label, ["which": which])
    }

    /// A number as the page writes it: a whole one without decimals, a decimal comma in Polish
    /// and German. (Any finite value: an answer "same as above" copies may be far past a job's limits.)
    static func number(_ value: Double, language: ReportLanguage) -> String {
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return language == .english ? text : text.replacingOccurrences(of: ".", with: ",")
    }

    /// An area with its unit as the page writes it: "12,5 ha".
    static func area(_ area: Quantity<AreaUnit>, language: ReportLanguage) -> String {
        number(area.value, language: language) + " " + unit(area.unit)
    }

    /// An area unit as a farmer writes it: m², not m2.
    static func unit(_ unit: AreaUnit) -> String { unit == .squareMetre ? "m²" : unit.rawValue }

    var sameAsAbove: String { word("form.sameAsAbove") }
    var fromEarlierJob: String { word("form.fromEarlierJob") }
    func cropCodeSuggestion(_ code: String, crop: String) -> String { word("form.cropCodeSuggestion", ["code": code, "crop": crop]) }
    func suggested(_ count: Int) -> String { word("form.suggested", ["count": String(count)]) }
    var completeFor: String { word("form.completeFor") }
    func of(_ count: Int, _ total: Int) -> String { word("form.of", ["count": String(count), "total": String(total)]) }
    var mostMissing: String { word("form.mostMissing") }
    func jobs(_ count: Int) -> String { word.plural("jobs", count) }
    func missingCount(_ count: Int) -> String { word("form.missingCount", ["count": String(count)]) }
    var fillBelow: String { word("form.fillBelow") }
    var onlyInApp: String { word("form.onlyInApp") }
    var checkAgain: String { word("form.checkAgain") }
    var answersRefused: String { word("form.answersRefused") }
    var invalidField: String { word("form.invalidField") }

    func jurisdiction(_ jurisdiction: RecordJurisdiction) -> String { word("jurisdiction." + jurisdiction.rawValue) }

    /// An entry that is not a job: the app's own field names, never JSON paths.
    func problem(_ diagnostic: Diagnostic) -> String {
        let path = diagnostic.path.description
        let field = ["fieldArea", "areaUnit", "sprayRate", "chemicalRate", "tankCapacity", "date"].first { path.contains("." + $0) } ?? "entry"
        return "\(word("entryField." + field)): \(diagnostic.message(in: language))"
    }
}
