/// Common crop, weed, pest and disease names of Polish and English jobs with their EPPO codes, so
/// that `validate` can suggest the code a record needs (Implementing Regulation (EU) 2023/564,
/// Art. 1(3)). Every code is the EPPO Global Database's (https://gd.eppo.int/taxon/CODE, the
/// source of each entry); names are the common ones the database and Polish labels use.
/// docs/product-catalogue.md lists them.
public enum EPPONames {
    /// One organism: its code and its names, Polish first.
    public struct Entry: Sendable, Equatable {
        public let code: String
        public let names: [String]
        /// Where the code is given: its page in the EPPO Global Database.
        public var source: String { "https://gd.eppo.int/taxon/\(code)" }
    }

    public static let crops: [Entry] = [
        Entry(code: "TRZAW", names: ["pszenica ozima", "winter wheat"]),
        Entry(code: "TRZAS", names: ["pszenica jara", "spring wheat"]),
        Entry(code: "TRZAX", names: ["pszenica", "wheat", "common wheat"]),
        Entry(code: "HORVW", names: ["jęczmień ozimy", "winter barley"]),
        Entry(code: "HORVS", names: ["jęczmień jary", "spring barley"]),
        Entry(code: "HORVX", names: ["jęczmień", "barley"]),
        Entry(code: "SECCE", names: ["żyto", "rye"]),
        Entry(code: "AVESA", names: ["owies", "oats", "oat"]),
        Entry(code: "ZEAMX", names: ["kukurydza", "maize", "corn"]),
        Entry(code: "BRSNW", names: ["rzepak ozimy", "winter oilseed rape", "winter rape"]),
        Entry(code: "SOLTU", names: ["ziemniak", "ziemniaki", "potato", "potatoes"]),
        Entry(code: "BEAVA", names: ["burak cukrowy", "sugar beet"]),
        Entry(code: "PIBSX", names: ["groch", "groch siewny", "pea", "field pea"]),
        Entry(code: "GLXMA", names: ["soja", "soybean", "soya bean"]),
        Entry(code: "HELAN", names: ["słonecznik", "sunflower"]),
        Entry(code: "MABSD", names: ["jabłoń", "jabłonie", "apple", "apple tree"]),
        Entry(code: "FRAAN", names: ["truskawka", "truskawki", "strawberry"]),
        Entry(code: "DAUCS", names: ["marchew", "carrot"]),
        Entry(code: "ALLCE", names: ["cebula", "onion"]),
        Entry(code: "LYPES", names: ["pomidor", "tomato"]),
    ]

    /// Weeds, pests and diseases: what a treatment is against.
    public static let targets: [Entry] = [
        Entry(code: "MATCH", names: ["rumianek pospolity", "rumianek", "wild chamomile", "scented mayweed"]),
        Entry(code: "STEME", names: ["gwiazdnica pospolita", "gwiazdnica", "common chickweed", "chickweed"]),
        Entry(code: "GALAP", names: ["przytulia czepna", "przytulia", "cleavers"]),
        Entry(code: "ECHCG", names: ["chwastnica jednostronna", "chwastnica", "barnyard grass", "cockspur"]),
        Entry(code: "APESV", names: ["miotła zbożowa", "silky bent", "loose silky-bent"]),
        Entry(code: "ALOMY", names: ["wyczyniec polny", "black-grass"]),
        Entry(code: "CHEAL", names: ["komosa biała", "fat hen", "lambsquarters"]),
        Entry(code: "ELYRE", names: ["perz właściwy", "perz", "couch grass", "quackgrass"]),
        Entry(code: "CIRAR", names: ["ostrożeń polny", "creeping thistle", "canada thistle"]),
        Entry(code: "VIOAR", names: ["fiołek polny", "field pansy"]),
        Entry(code: "PAPRH", names: ["mak polny", "common poppy", "corn poppy"]),
        Entry(code: "CENCY", names: ["chaber bławatek", "bławatek", "cornflower"]),
        Entry(code: "LPTNDE", names: ["stonka ziemniaczana", "stonka", "colorado potato beetle"]),
        Entry(code: "MELIAE", names: ["słodyszek rzepakowy", "słodyszek", "pollen beetle"]),
        Entry(code: "PHYTIN", names: ["zaraza ziemniaka", "late blight"]),
        Entry(code: "SEPTTR", names: ["septorioza paskowana liści pszenicy", "septorioza", "septoria leaf blotch"]),
        Entry(code: "ERYSGR", names: ["mączniak prawdziwy zbóż", "mączniak prawdziwy", "powdery mildew of cereals", "powdery mildew"]),
        Entry(code: "PUCCRT", names: ["rdza brunatna", "brown rust", "leaf rust"]),
        Entry(code: "PUCCST", names: ["rdza żółta", "yellow rust", "stripe rust"]),
        Entry(code: "VENTIN", names: ["parch jabłoni", "apple scab"]),
        Entry(code: "SCLESC", names: ["zgnilizna twardzikowa", "sclerotinia stem rot", "white mould"]),
        Entry(code: "LEPTMA", names: ["sucha zgnilizna kapustnych", "phoma stem canker", "blackleg"]),
        Entry(code: "BOTRCI", names: ["szara pleśń", "grey mould", "gray mold"]),
        Entry(code: "PYRNTE", names: ["plamistość siatkowa jęczmienia", "net blotch"]),
    ]

    /// The entry a name is (case, spaces and punctuation ignored), in `list`.
    public static func entry(named name: String, in list: [Entry]) -> Entry? {
        let key = ProductCatalogue.key(name)
        guard !key.isEmpty else { return nil }
        return list.first { $0.names.contains { ProductCatalogue.key($0) == key } }
    }

    /// The codes of the targets a job's reason names: "przytulia czepna, miotła zbożowa" gives
    /// GALAP and APESV; words it does not know give nothing.
    public static func targetEntries(in reason: String) -> [Entry] {
        var separated = reason.lowercased()
        for joiner in [" i ", " oraz ", " and ", " & ", "/", "+", ";", "(", ")"] { separated = separated.replacing(joiner, with: ",") }
        var found: [Entry] = []
        for part in separated.split(separator: ",") {
            if let entry = entry(named: String(part), in: targets), !found.contains(entry) { found.append(entry) }
        }
        return found
    }

    /// What `validate` suggests for a job: the crop's code when it has none, and the codes of the
    /// targets its reason names that its `targetCodes` lack. Hints, not warnings: a code the list
    /// does not know is not missing.
    public static func suggestions(for job: SprayJob) -> [Diagnostic] {
        var hints: [Diagnostic] = []
        if job.field.cropCode == nil, let crop = job.field.crop, let entry = entry(named: crop, in: crops) {
            hints.append(Diagnostic(.warning, at: job.sourcePaths.job.appending("field").appending("cropCode"),
                                    MessageText("hint.crop-code", ["crop": crop, "code": entry.code, "source": entry.source]),
                                    code: DiagnosticCode.eppoHint))
        }
        if let reason = job.record.target {
            let known = Set(job.record.targetCodes.map { $0.uppercased() })
            let missing = targetEntries(in: reason).filter { !known.contains($0.code) }
            if !missing.isEmpty {
                let codes = missing.map(\.code)
                hints.append(Diagnostic(.warning, at: job.sourcePaths.job.appending("targetCodes"),
                                        MessageText("hint.target-codes", ["named": missing.map { "\($0.names[0]) (\($0.code))" }.joined(separator: ", "),
                                                                          "codes": codes.map { "\"\($0)\"" }.joined(separator: ", ")]),
                                        code: DiagnosticCode.eppoHint))
            }
        }
        return hints
    }
}
