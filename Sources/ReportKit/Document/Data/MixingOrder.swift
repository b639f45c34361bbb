/// The order products go into the tank, which the tank card lists them in: water conditioners
/// first, then dry formulations and solid fertilisers, then liquids (suspensions, emulsions,
/// solutions, liquid nutrients), surfactant and oil adjuvants last. It is the order of the
/// extension services' mixing guides: Oklahoma State University's "Herbicide Mixing Order"
/// (ammonium sulfate first, then water-dispersible dry products, suspensions and the liquids,
/// surfactants and oils last) and the W-A-L-E-S rule (wettable and dry, agitate, liquid
/// flowables, emulsifiable concentrates, solutions) that Purdue's "Avoid Tank Mixing Errors"
/// (PPP-122) teaches; a product's label, where it says otherwise, comes first
/// (docs/template-format.md). The stage is read from what a product's name says it is
/// (ammonium sulphate, urea, an adjuvant: English, Polish and German names), its kind, the
/// formulation code in its name (CropLife International's catalogue: `WG`, `SC`, `EC`), or its
/// unit (kg is dry); products of one stage keep the job's order.
enum MixingOrder {
    enum Stage: Int, Comparable {
        case waterConditioner, waterSolubleBag, dry, suspension, emulsion, solution, otherLiquid, liquidNutrient, adjuvant

        static func < (a: Stage, b: Stage) -> Bool { a.rawValue < b.rawValue }
    }

    /// Formulation codes (CropLife International's catalogue of formulation types) by stage.
    private static let codes: [String: Stage] = [
        "WSB": .waterSolubleBag,
        "WG": .dry, "WDG": .dry, "WP": .dry, "SP": .dry, "SG": .dry, "DF": .dry, "GR": .dry, "WS": .dry,
        "SC": .suspension, "CS": .suspension, "SE": .suspension, "OD": .suspension, "FS": .suspension, "SU": .suspension, "ZC": .suspension,
        "EC": .emulsion, "EW": .emulsion, "ME": .emulsion, "EO": .emulsion, "ES": .emulsion,
        "SL": .solution, "LS": .solution,
    ]

    /// Names that say what a product is, lower case, in the three languages of the reports: a
    /// water conditioner (ammonium sulphate, AMS), a salt dissolved as a solid fertiliser (urea,
    /// magnesium sulphate), an adjuvant (a surfactant, an oil, a wetting agent).
    private static let conditioners = ["siarczan amonu", "ammonium sulphate", "ammonium sulfate", "ammoniumsulfat", "schwefelsaures ammoniak"]
    private static let solidFertilisers = ["mocznik", "urea", "harnstoff", "siarczan magnezu", "magnesium sulphate", "magnesium sulfate",
                                           "magnesiumsulfat", "bittersalz"]
    private static let adjuvants = ["adiuwant", "adjuvant", "surfactant", "zwilżacz", "netzmittel", "haftmittel", "olej", " oil", "öl ", "paraffinöl",
                                    "rapsöl"]

    static func stage(of product: Product) -> Stage {
        let lowered = (product.name ?? "").lowercased()
        // Searched as bytes: String's own `contains` compares by canonical equivalence, which
        // cost half a million instructions a product (a report's whole layout of a line is less).
        let name = Array((" " + lowered + " ").utf8)
        func says(_ words: [String]) -> Bool { words.contains { name.contains(bytes: $0.utf8) } }
        let words = lowered.uppercased().split(whereSeparator: { !$0.isLetter })
        if says(conditioners) || words.contains("AMS") { return .waterConditioner }
        if product.kind == .adjuvant || says(adjuvants) { return .adjuvant }
        if says(solidFertilisers) { return .dry }
        if let code = words.reversed().lazy.compactMap({ codes[String($0)] }).first { return code }
        if product.form == .dry { return .dry }
        return product.kind == .fertiliser || product.kind == .biostimulant ? .liquidNutrient : .otherLiquid
    }

    /// The products' indices in the order they go into the tank.
    static func indices(of products: [Product]) -> [Int] {
        // Each product's stage read once (its name searched for a few dozen words), not at every
        // comparison of the sort.
        let stages = products.map(stage(of:))
        return products.indices.sorted { (stages[$0], $0) < (stages[$1], $1) }
    }
}

private extension [UInt8] {
    /// True when `bytes` occur in a row somewhere in the array.
    func contains(bytes: String.UTF8View) -> Bool {
        let needle = Array(bytes)
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if self[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
