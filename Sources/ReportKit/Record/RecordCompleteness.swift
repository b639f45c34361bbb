/// What a jurisdiction's spray record asks for that a job lacks (../shared/record-keeping.md in the
/// brief; docs/record-format.md): each a warning with the JSON path of the missing field and the
/// rule that asks for it. The app's own history entries lack most of these: they still give record
/// lines, and this says what is missing.
public enum RecordJurisdiction: String, Sendable, CaseIterable {
    /// Regulation (EC) 1107/2009 Art. 67 and Implementing Regulation (EU) 2023/564, Annex.
    case eu
    /// The EU's rules and Poland's: the reason for the treatment (ustawa o środkach ochrony roślin,
    /// art. 35 ust. 3 pkt 2) and the register's parcel and crop-area columns.
    case pl
    /// The US Worker Protection Standard's application information, 40 CFR 170.309(h) (federal;
    /// states add their own rules). 7 CFR Part 110 was rescinded effective 11 July 2025.
    case us
    /// The EU's rules and Germany's: the name of the person who applied the product
    /// (Pflanzenschutzgesetz § 11 Abs. 2), the record made within 30 days and kept electronically
    /// from 1 January 2027, the location as a FLIK where it is one, and the BVL's authorisation
    /// numbers (../shared/record-keeping-de.md).
    case de

    /// The warnings for `job`, in the order of its fields.
    public func missing(in job: SprayJob) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let root = job.sourcePaths.job
        func need(_ present: Bool, _ path: JSONPath, _ what: String, _ rule: String, code: String) {
            if !present { found.append(Diagnostic(.warning, at: path, "\(name) needs \(what) (\(rule))", code: "record.\(rawValue).\(code)")) }
        }
        let annex = "Reg. 2023/564, Annex"
        switch self {
        case .de:
            found = GermanRecordCheck(job: job).missing()
        case .eu, .pl:
            need(job.date != nil, root.appending("date"), "the date of the application", annex, code: "date")
            need(!job.field.parcels.isEmpty, root.appending("field").appending("parcels"),
                 "the parcel treated: its label in the IACS aid application, or the Member State's alternative", annex, code: "parcels")
            need(job.field.crop != nil, root.appending("field").appending("crop"), "the crop", "Reg. 1107/2009, Art. 67", code: "crop")
            let knownCode = job.field.crop.flatMap { EPPONames.entry(named: $0, in: EPPONames.crops) }
            need(job.field.cropCode != nil, root.appending("field").appending("cropCode"),
                 "the crop's EPPO code" + (knownCode.map { " (for \"\(job.field.crop ?? "")\": \($0.code))" } ?? ""), annex, code: "crop-code")
            for (index, product) in job.products.enumerated() {
                let path = job.sourcePaths.products.appending(index: index)
                need(product.name != nil, path.appending("name"), "the product's name", annex, code: "product-name")
                // Adjuvants, fertilisers and biostimulants are not plant protection products: no authorisation.
                need(product.authorisation != nil || product.kind != .plantProtection, path.appending("authorisation"),
                     "the product's authorisation number", annex, code: "authorisation")
            }
            if self == .pl {
                need(job.record.target != nil, root.appending("target"), "the reason for the treatment (the pest, disease or weeds)",
                     "ustawa o środkach ochrony roślin, art. 35 ust. 3 pkt 2", code: "target")
                need(job.field.parcels.contains { !$0.cadastral.isEmpty }, root.appending("field").appending("parcels"),
                     "the cadastral parcel numbers", "the plant inspection's register, column 3", code: "cadastral")
                need(job.field.cropArea != nil, root.appending("field").appending("cropArea"),
                     "the crop's area beside the area treated", "the plant inspection's register, column 6", code: "crop-area")
            }
        case .us:
            // The Worker Protection Standard's application information (40 CFR 170.309(h)), kept
            // two years (170.311); 7 CFR Part 110 was rescinded effective 11 July 2025.
            let wps = "40 CFR 170.309(h)"
            need(job.date?.hasTime == true, root.appending("date"), "the date and start time of the application", wps, code: "start-time")
            need(job.endDate?.hasTime == true, root.appending("endDate"), "the end time of the application", wps, code: "end-time")
            need(job.field.name != nil || !job.field.parcels.isEmpty, root.appending("field").appending("name"),
                 "the location and description of the treated area: the field's name or its parcels", wps, code: "location")
            need(job.field.crop != nil, root.appending("field").appending("crop"), "the crop or site treated", wps, code: "crop")
            for (index, product) in job.products.enumerated() where product.kind == .plantProtection {
                let path = job.sourcePaths.products.appending(index: index)
                need(product.name != nil, path.appending("name"), "the product's name", wps, code: "product-name")
                need(product.authorisation != nil, path.appending("authorisation"), "the product's EPA registration number", wps, code: "epa-registration")
                need(!product.activeIngredients.isEmpty, path.appending("activeIngredients"), "the product's active ingredients", wps, code: "active-ingredients")
                need(product.restrictedEntryHours != nil, path.appending("restrictedEntryHours"),
                     "the restricted-entry interval from the label", wps, code: "restricted-entry")
            }
        }
        return found
    }

    /// How the warnings name the record: "the EU record".
    var name: String {
        switch self {
        case .eu: "the EU record"
        case .pl: "the Polish record"
        case .us: "the US record"
        case .de: "the German record"
        }
    }
}
