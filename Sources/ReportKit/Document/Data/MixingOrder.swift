/// The order products go into the tank, as labels and advisers teach it: water-soluble bags
/// first, then dry formulations (WG, WP, SP, SG), suspensions (SC, CS, SE, OD), emulsions (EC,
/// EW, ME), solutions (SL), other liquids, fertilisers and biostimulants, and adjuvants last.
/// The formulation is read from the code that ends a product's name ("Karate Zeon 050 CS"), else
/// from its rate (a dry product is measured in kilograms); products of one kind keep their order.
enum MixingOrder {
    enum Stage: Int, Comparable {
        case waterSolubleBag, dry, suspension, emulsion, solution, otherLiquid, nutrient, adjuvant

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

    static func stage(of product: Product) -> Stage {
        switch product.kind {
        case .adjuvant: return .adjuvant
        case .fertiliser, .biostimulant: return .nutrient
        case .plantProtection, .other: break
        }
        let words = (product.name ?? "").uppercased().split(whereSeparator: { !$0.isLetter })
        if let code = words.reversed().lazy.compactMap({ codes[String($0)] }).first { return code }
        return product.form == .dry ? .dry : .otherLiquid
    }

    /// The products' indices in the order they go into the tank.
    static func indices(of products: [Product]) -> [Int] {
        products.indices.sorted { (stage(of: products[$0]), $0) < (stage(of: products[$1]), $1) }
    }
}
