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
    /// 7 CFR 110.3, restricted-use pesticides applied by certified private applicators.
    case us

    /// The warnings for `job`, in the order of its fields.
    public func missing(in job: SprayJob) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let root = job.sourcePaths.job
        func need(_ present: Bool, _ path: JSONPath, _ what: String, _ rule: String) {
            if !present { found.append(Diagnostic(.warning, at: path, "\(name) needs \(what) (\(rule))")) }
        }
        let annex = "Reg. 2023/564, Annex"
        switch self {
        case .eu, .pl:
            need(job.date != nil, root.appending("date"), "the date of the application", annex)
            need(!job.field.parcels.isEmpty, root.appending("field").appending("parcels"),
                 "the parcel treated: its label in the IACS aid application, or the Member State's alternative", annex)
            need(job.field.crop != nil, root.appending("field").appending("crop"), "the crop", "Reg. 1107/2009, Art. 67")
            need(job.field.cropCode != nil, root.appending("field").appending("cropCode"), "the crop's EPPO code", annex)
            for (index, product) in job.products.enumerated() {
                let path = job.sourcePaths.products.appending(index: index)
                need(product.name != nil, path.appending("name"), "the product's name", annex)
                // Adjuvants, fertilisers and biostimulants are not plant protection products: no authorisation.
                need(product.authorisation != nil || product.kind != .plantProtection, path.appending("authorisation"),
                     "the product's authorisation number", annex)
            }
            if self == .pl {
                need(job.record.target != nil, root.appending("target"), "the reason for the treatment (the pest, disease or weeds)",
                     "ustawa o środkach ochrony roślin, art. 35 ust. 3 pkt 2")
                need(job.field.parcels.contains { !$0.cadastral.isEmpty }, root.appending("field").appending("parcels"),
                     "the cadastral parcel numbers", "the plant inspection's register, column 3")
                need(job.field.cropArea != nil, root.appending("field").appending("cropArea"),
                     "the crop's area beside the area treated", "the plant inspection's register, column 6")
            }
        case .us:
            need(job.date != nil, root.appending("date"), "the month, day and year of the application", "7 CFR 110.3(a)(4)")
            need(job.field.name != nil || !job.field.parcels.isEmpty, root.appending("field").appending("name"),
                 "the location: the field's name or number", "7 CFR 110.3(a)(5)")
            need(job.field.crop != nil, root.appending("field").appending("crop"), "the crop, commodity or site", "7 CFR 110.3(a)(6)")
            need(job.record.operatorName != nil, root.appending("operator"), "the applicator's name", "7 CFR 110.3(a)(8)")
            need(job.record.operatorLicence != nil, root.appending("operatorLicence"), "the applicator's certification number", "7 CFR 110.3(a)(8)")
            for (index, product) in job.products.enumerated() {
                let path = job.sourcePaths.products.appending(index: index)
                need(product.name != nil, path.appending("name"), "the brand or product name", "7 CFR 110.3(a)(1)")
                need(product.authorisation != nil || product.kind != .plantProtection, path.appending("authorisation"),
                     "the product's EPA registration number", "7 CFR 110.3(a)(2)")
            }
        }
        return found
    }

    /// How the warnings name the record: "the EU record".
    private var name: String {
        switch self {
        case .eu: "the EU record"
        case .pl: "the Polish record"
        case .us: "the US record"
        }
    }
}
