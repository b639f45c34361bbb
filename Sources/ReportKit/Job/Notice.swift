/// What a warning says, as facts a report can print in its own language and units (the
/// diagnostic's message is the same in English, for standard error). Every warning a plan carries
/// that a person loading the sprayer should see has one.
package enum Notice: Sendable, Equatable {
    /// The last load holds only `litres` of spray liquid, `shareOfTank` % of the tank.
    case smallLastLoad(litres: Double, shareOfTank: Int)

    /// A share of the tank as said: whole per cent (`integer` formats it), "<1" for one that
    /// rounds to 0 (a 5 L load in a 1,300 L tank), never "0 %".
    static func share(_ percent: Int, _ integer: (Int) -> String = { String($0) }) -> String {
        percent == 0 ? "<1" : integer(percent)
    }
    /// Product `number` (from 1) has the name of product `sameAs`.
    case repeatedProduct(name: String, number: Int, sameAs: Int)
    /// A text at `field` holds characters the report's fonts cannot draw (their code points).
    case unprintableText(field: String, characters: [String])
    /// A key of the input that is not read, and so left out.
    case ignoredKey(String)
    /// A growth stage whose BBCH stage cannot be read (a range backwards, …).
    case unreadableBBCH(String)
    /// A product the catalogue does not know, or whose authorisation number is not the catalogue's.
    case authorisationUnknown(product: String, number: String?)
    /// A product whose authorisation ended (`lastDay`, YYYY-MM-DD) before the application.
    case authorisationExpired(product: String, number: String, lastDay: String)
    /// A product whose label lists no use on the job's crop.
    case notOnLabel(product: String, crop: String)
    /// A label maximum in a unit of the other form than the job's dose (a liquid's L/ha against a
    /// solid's kg/ha), so the two could not be compared.
    case labelUnitNotComparable(product: String, labelUnit: String, doseUnit: String)
    /// A dose above the label's maximum on the crop, both in the label's unit.
    case aboveLabelMaximum(product: String, dose: Double, maximum: Double, unit: String)
    /// The crop's growth stage outside the label's window.
    case outsideLabelStages(product: String, stage: String, window: String)
    /// A harvest planned (`planned`, YYYY-MM-DD) before the earliest day the products' pre-harvest
    /// intervals allow (`earliest`).
    case harvestTooEarly(product: String, planned: String, earliest: String, days: Int)
    /// More treatments with a product on a place and crop in a season than the label allows.
    case treatmentsOverLabel(product: String, count: Int, maximum: Int, place: String)
}

extension Notice {
    /// The rule of the diagnostic that carries it (`label.above-maximum-dose`), also its code.
    var rule: String {
        switch self {
        case .smallLastLoad: "plan.small-last-load"
        case .repeatedProduct: "input.repeated-product"
        case .unprintableText: "input.unprintable-text"
        case .ignoredKey: "input.ignored-key"
        case .unreadableBBCH: "input.unreadable-bbch"
        case .authorisationUnknown: "label.authorisation-unknown"
        case .authorisationExpired: "label.authorisation-expired"
        case .notOnLabel: "label.not-on-label"
        case .labelUnitNotComparable: "label.unit-not-comparable"
        case .aboveLabelMaximum: "label.above-maximum-dose"
        case .outsideLabelStages: "label.outside-stages"
        case .harvestTooEarly: "label.harvest-too-early"
        case .treatmentsOverLabel: "label.treatments-over-label"
        }
    }
}
